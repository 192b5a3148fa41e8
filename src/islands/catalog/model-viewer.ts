import { decodeMesh } from '../../lib/viewer3d/mesh-format.ts';
import { createViewer, webglSupport, type Viewer, type ViewName } from '../../lib/viewer3d/viewer.ts';

// Wires the detail page's 3D frame (src/components/catalog/Model3dViewer.astro) to the viewer
// engine. Loaded on demand by detail-page.ts, so pages that are never scrolled to the 3D section
// never download it.

export async function mountModelViewer(frame: HTMLElement): Promise<Viewer | null> {
  const canvas = frame.querySelector<HTMLCanvasElement>('[data-model3d-canvas]');
  const status = frame.querySelector<HTMLElement>('[data-model3d-status]');
  const toolbar = frame.querySelector<HTMLElement>('[data-model3d-toolbar]');
  const stats = frame.querySelector<HTMLElement>('[data-model3d-stats]');
  const alignment = frame.querySelector<HTMLElement>('[data-model3d-alignment]');
  const src = frame.dataset.src;
  if (!canvas || !status || !toolbar || !src) return null;
  const say = (text: string) => {
    status.textContent = text;
    status.hidden = text === '';
  };
  if (!webglSupport()) {
    say(frame.dataset.labelNoWebgl ?? '');
    frame.dataset.state = 'no-webgl';
    return null;
  }
  say(frame.dataset.labelLoading ?? '');
  frame.dataset.state = 'loading';
  const viewButtons = [...toolbar.querySelectorAll<HTMLButtonElement>('[data-view]')];
  // The viewer says when the user turns away from a named view, so no button stays pressed.
  const press = (name: ViewName | null) => viewButtons.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.view === name)));
  let viewer: Viewer;
  try {
    const response = await fetch(src, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const mesh = decodeMesh(await response.arrayBuffer());
    canvas.hidden = false;
    viewer = createViewer(canvas, mesh, { onViewChange: press });
    if (alignment) showAlignment(alignment, frame, mesh.meta ?? {});
  } catch (error) {
    canvas.hidden = true;
    frame.dataset.state = 'failed';
    say(frame.dataset.labelFailed ?? '');
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.className = 'ml-2 text-brand-600 underline';
    retry.textContent = frame.dataset.labelRetry ?? 'Retry';
    retry.addEventListener('click', () => void mountModelViewer(frame), { once: true });
    status.append(retry);
    console.warn('3D preview:', error);
    return null;
  }
  say('');
  toolbar.hidden = false;
  if (stats) stats.textContent = (frame.dataset.labelStats ?? '{triangles}').replace('{triangles}', viewer.stats.triangles.toLocaleString(document.documentElement.lang || undefined));
  press('iso');
  toolbar.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button');
    if (!button) return;
    if (button.dataset.view) {
      viewer.setView(button.dataset.view as ViewName);
    } else if (button.hasAttribute('data-toggle-board')) {
      const on = button.getAttribute('aria-pressed') !== 'true';
      button.setAttribute('aria-pressed', String(on));
      for (const kind of ['board', 'pad', 'hole'] as const) viewer.setVisible(kind, on);
    } else if (button.hasAttribute('data-reset')) {
      viewer.reset();
    } else if (button.hasAttribute('data-fullscreen')) {
      if (document.fullscreenElement) void document.exitFullscreen();
      else void frame.requestFullscreen?.().catch(() => {});
    }
  });
  frame.dataset.state = 'ready';
  return viewer;
}

/** The server's check of the model against the footprint's pads (src/lib/catalog/model3d/alignment.ts). */
function showAlignment(el: HTMLElement, frame: HTMLElement, meta: Record<string, string>): void {
  const verdict = meta.alignment;
  if (verdict !== 'aligned' && verdict !== 'partial' && verdict !== 'misaligned') return;
  const label = verdict === 'aligned' ? frame.dataset.labelAligned : frame.dataset.labelMisaligned;
  el.textContent = (label ?? '').replace('{met}', meta.alignmentMet ?? '?').replace('{pads}', meta.alignmentPads ?? '?');
  el.className = verdict === 'aligned' ? 'font-medium text-emerald-700' : 'font-medium text-amber-700';
  el.dataset.verdict = verdict;
  el.hidden = false;
}
