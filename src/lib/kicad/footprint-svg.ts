// Renders a parsed footprint to an SVG string that looks like KiCad's PCB /
// footprint editor (default colour theme, dark background): painted by
// render/footprint-painter.ts onto an SvgRenderer (footprints are Y-down like
// SVG), layers stacked in KiCad's drawing order, each pad one <g class="pad">.

import type { Footprint } from './footprint.ts';
import { paintFootprint, PCB_COLORS } from './render/footprint-painter.ts';
import { SvgRenderer } from './render/svg-renderer.ts';

export { PCB_COLORS };

export interface FootprintSvgOptions {
  /** Background colour, or null for transparent (default KiCad's #001023). */
  background?: string | null;
  /** Output width/height attributes at this many px per mm (default 20). */
  pxPerMm?: number;
  /** Draw pad numbers (default true). */
  padNumbers?: boolean;
}

/** Render a footprint to a standalone SVG document string. */
export function renderFootprintSvg(fp: Footprint, opts: FootprintSvgOptions = {}): string {
  const r = new SvgRenderer();
  paintFootprint(r, fp, { padNumbers: opts.padNumbers });
  return r.toDocument({
    className: 'kicad-footprint',
    label: `Footprint ${fp.name}`,
    title: fp.name,
    // 4% of the larger side, at least 0.5 mm.
    margin: (b) => Math.max(0.5, Math.max(b.width, b.height) * 0.04),
    emptyPad: 1,
    pxPerMm: opts.pxPerMm ?? 20,
    background: opts.background === undefined ? PCB_COLORS.background : opts.background,
  });
}
