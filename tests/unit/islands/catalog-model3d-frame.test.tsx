// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Model3dLabels } from '../../../src/islands/catalog/model3d-frame.tsx';
import { t } from '../../../src/lib/i18n/i18n.ts';

// The product page's 3D frame: the server-rendered text without JavaScript, the engine loaded only
// when the frame nears the viewport, a failed download with a working retry, and no WebGL. The
// network edge (GET model3d) and the browser's WebGL and IntersectionObserver are faked; the
// viewer itself is covered by tests/unit/viewer3d and the e2e spec model3d.spec.ts.

const labels: Model3dLabels = {
  alt: t('zh', 'detail.model3dAlt', { mpn: 'NE555P' }),
  noScript: t('zh', 'detail.model3dNoScript'),
  loading: t('zh', 'detail.model3dLoading'),
  failed: t('zh', 'detail.model3dFailed'),
  retry: t('zh', 'detail.model3dRetry'),
  noWebgl: t('zh', 'detail.model3dNoWebgl'),
  stats: t('zh', 'detail.model3dStats', { triangles: '{triangles}' }),
  aligned: t('zh', 'detail.model3dAligned', { met: '{met}', pads: '{pads}' }),
  misaligned: t('zh', 'detail.model3dMisaligned', { met: '{met}', pads: '{pads}' }),
  alignHelp: t('zh', 'detail.model3dAlignHelp'),
  viewsGroup: t('zh', 'detail.model3dViews'),
  views: { iso: '等轴测', top: '顶视', bottom: '底视', front: '前视', right: '右视' },
  board: 'PCB',
  boardTitle: t('zh', 'detail.model3dBoardTitle'),
  reset: t('zh', 'detail.model3dReset'),
  fullscreen: t('zh', 'detail.model3dFullscreen'),
  help: t('zh', 'detail.model3dHelp'),
  shown: t('zh', 'detail.model3dShown', { file: 'Package_DIP.3dshapes/DIP-8_W7.62mm.wrl' }),
  twin: null,
};
const SRC = '/api/chiplet/products/model3d?mfgMpnCode=NE555P_ti';

let downloads: string[];
let near: (() => void) | null;
let margins: (string | undefined)[];

/** WebGL2 present (a context the support probe can release) or not. */
function webgl(present: boolean) {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(((type: string) =>
    present && type === 'webgl2' ? { getExtension: () => ({ loseContext() {} }) } : null) as typeof HTMLCanvasElement.prototype.getContext);
}

beforeEach(() => {
  vi.resetModules(); // the engine remembers WebGL support: a fresh one per test
  downloads = [];
  near = null;
  margins = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      downloads.push(String(input));
      return new Response('busy', { status: 503 });
    }),
  );
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void, options?: { rootMargin?: string }) {
        margins.push(options?.rootMargin);
        near = () => callback([{ isIntersecting: true }]);
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderFrame() {
  const { default: Model3dFrame } = await import('../../../src/islands/catalog/model3d-frame.tsx');
  render(<Model3dFrame src={SRC} labels={labels} />);
  return screen.getByTestId('model3d-viewer');
}

describe('3D preview frame', () => {
  it('without JavaScript the frame says the preview needs JavaScript and WebGL', async () => {
    const { default: Model3dFrame } = await import('../../../src/islands/catalog/model3d-frame.tsx');
    const html = renderToString(<Model3dFrame src={SRC} labels={labels} />);
    expect(html).toContain('3D 预览需要启用 JavaScript 与 WebGL');
    expect(html).toContain('DIP-8_W7.62mm.wrl');
    expect(html).not.toContain('data-state');
  });

  it('downloads nothing until the frame comes within a quarter screen of the viewport', async () => {
    webgl(true);
    const frame = await renderFrame();
    expect(screen.getByRole('status').textContent).toBe(labels.loading);
    expect(margins).toEqual(['25% 0px']);
    await new Promise((r) => setTimeout(r, 50));
    expect(downloads).toEqual([]);
    expect(frame.hasAttribute('data-state')).toBe(false);
    act(() => near!());
    await waitFor(() => expect(downloads).toEqual([SRC]));
  });

  it('a failed download says so and the retry downloads again', async () => {
    webgl(true);
    const frame = await renderFrame();
    act(() => near!());
    await waitFor(() => expect(frame.getAttribute('data-state')).toBe('failed'));
    expect(screen.getByRole('status').textContent).toContain('3D 模型加载失败');
    expect((frame.querySelector('canvas') as HTMLCanvasElement).hidden).toBe(true);
    expect((frame.querySelector('[data-model3d-toolbar]') as HTMLElement).hidden).toBe(true);
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(downloads).toEqual([SRC, SRC]));
    await waitFor(() => expect(frame.getAttribute('data-state')).toBe('failed'));
  });

  it('without WebGL it says so and downloads nothing', async () => {
    webgl(false);
    const frame = await renderFrame();
    act(() => near!());
    await waitFor(() => expect(frame.getAttribute('data-state')).toBe('no-webgl'));
    expect(screen.getByRole('status').textContent).toContain('WebGL 不可用');
    expect(downloads).toEqual([]);
  });
});
