import { useEffect, useState } from 'react';
import type { CameraState, ViewerView } from '../../lib/kicad-viewer/gl-view.ts';
import type { SceneItem } from '../../lib/kicad-viewer/scene.ts';
import { fill, type ViewerLabels } from './labels.ts';

// What is under the pointer and the zoom level, in the canvas corner. Its own component: camera
// events come at frame rate and must not re-render the whole viewer.

/** One line about a scene item: a sheet says how to enter it; parts say reference, value, pad and net. */
export function hoverText(item: SceneItem, labels: ViewerLabels): string {
  const m = item.meta;
  if (m['class'] === 'sheet') return fill(labels.hoverSheet, { name: m['data-name'] ?? '' });
  const pad = m['class'] === 'pad' && m['data-number'] ? `${labels.pad} ${m['data-number']}` : '';
  const net = m['data-net'] ? `${labels.net} ${m['data-net']}` : '';
  const parts = [m['data-ref'], m['data-value'], pad, net].filter((x): x is string => !!x);
  return parts.length > 0 ? parts.join(' · ') : (m['class'] ?? '');
}

export function ViewReadouts({ view, labels }: { view: ViewerView | null; labels: ViewerLabels }) {
  const [zoom, setZoom] = useState<number | null>(null);
  const [hover, setHover] = useState<SceneItem | null>(null);
  useEffect(() => {
    if (!view) return;
    const offs = [view.on('camera', (s) => setZoom((s as CameraState).zoom)), view.on('hover', (item) => setHover((item as SceneItem | null) ?? null))];
    return () => offs.forEach((off) => off());
  }, [view]);
  if (zoom === null) return null;
  return (
    <div className="pointer-events-none absolute bottom-6 right-3 flex max-w-[70%] flex-col items-end gap-1 text-xs">
      {hover && (
        <p className="truncate rounded bg-white/90 px-2 py-0.5 text-slate-800 shadow" data-testid="viewer-hover">
          {hoverText(hover, labels)}
        </p>
      )}
      <p className="rounded bg-white/80 px-2 py-0.5 tabular-nums text-slate-700" data-testid="viewer-zoom" data-zoom={zoom.toFixed(3)}>
        {fill(labels.zoomLevel, { pct: Math.round(zoom * 100) })}
      </p>
    </div>
  );
}
