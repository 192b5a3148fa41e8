// The same board comparison for the viewer's WebGL2 view (src/lib/kicad-viewer): each layer
// painted into the viewer's MeshRenderer, drawn by the WebGL view in headless Chromium
// (SwiftShader) at the reference scale and read back (gl-source.ts, gl-page.ts).
// SwiftShader draws without anti-aliasing, so edges land on either side of the 50 % line:
// filled layers are held to IoU ≥ 0.98 instead of 0.99 (measured ≥ 0.987); precision and
// recall marks are the same as for the SVG path.
import { afterAll, beforeAll, describe } from 'vitest';
import type { LayerImageSource } from './board-source.ts';
import { boardFidelitySuite } from './board-suite.ts';
import { startGlSource, type GlSource } from './gl-source.ts';

let gl: GlSource | null = null;

describe('board layers in the WebGL view against KiCad 6 plots', () => {
  beforeAll(async () => {
    gl = await startGlSource();
  });
  afterAll(async () => {
    await gl?.close();
  });

  const source = (): LayerImageSource => {
    if (!gl) throw new Error('WebGL source not started');
    return gl.source;
  };
  boardFidelitySuite('webgl', source, { iouMark: 0.98 });
});
