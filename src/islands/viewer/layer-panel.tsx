import { useStore } from '@nanostores/react';
import type { SceneLayerInfo } from '../../lib/kicad-viewer/scene.ts';
import type { ViewerLabels } from './labels.ts';
import { $layers, $solo, type LayerState } from './viewer-state.ts';

// The board's layers: visibility, solo, colour and opacity per layer, and front/back sets.

const DEFAULT: LayerState = { visible: true, opacity: 1 };

export function LayerPanel({ labels, layers }: { labels: ViewerLabels; layers: SceneLayerInfo[] }) {
  const state = useStore($layers);
  const solo = useStore($solo);
  const set = (name: string, patch: Partial<LayerState>) => $layers.setKey(name, { ...DEFAULT, ...state[name], ...patch });
  const side = (s: 'front' | 'back' | null) => {
    $solo.set(null);
    const next: Record<string, LayerState> = {};
    for (const l of layers) next[l.name] = { ...DEFAULT, ...state[l.name], visible: s === null || l.side === null || l.side === s };
    $layers.set(next);
  };
  // Top of the stack first, as KiCad lists them.
  const shown = [...layers].reverse();
  return (
    <div className="flex min-h-0 flex-col text-xs" data-testid="layer-panel">
      <div className="flex gap-1 border-b border-slate-200 p-2">
        <button type="button" className="rounded border border-slate-300 px-2 py-0.5 hover:border-brand-500" onClick={() => side('front')} data-testid="layers-front">
          {labels.front}
        </button>
        <button type="button" className="rounded border border-slate-300 px-2 py-0.5 hover:border-brand-500" onClick={() => side('back')} data-testid="layers-back">
          {labels.back}
        </button>
        <button type="button" className="rounded border border-slate-300 px-2 py-0.5 hover:border-brand-500" onClick={() => side(null)} data-testid="layers-all">
          {labels.showAll}
        </button>
      </div>
      <ul className="min-h-0 flex-1 overflow-auto">
        {shown.map((l) => {
          const s = { ...DEFAULT, ...state[l.name] };
          const color = s.color ?? l.color;
          return (
            <li key={l.name} className={`flex items-center gap-1.5 px-2 py-1 ${solo === l.name ? 'bg-amber-50' : ''}`} data-testid="layer-row" data-layer={l.name}>
              <input type="checkbox" checked={s.visible} onChange={(e) => set(l.name, { visible: e.currentTarget.checked })} aria-label={`${labels.visible} ${l.name}`} data-testid="layer-visible" />
              <label className="relative h-3.5 w-3.5 shrink-0 cursor-pointer rounded-sm border border-slate-400" style={{ background: color }} title={labels.color}>
                <input type="color" className="absolute inset-0 cursor-pointer opacity-0" value={color.slice(0, 7)} onChange={(e) => set(l.name, { color: e.currentTarget.value })} aria-label={`${labels.color} ${l.name}`} />
              </label>
              <span className="min-w-0 flex-1 truncate" title={l.name}>
                {l.name}
              </span>
              <input
                type="range"
                min={0.1}
                max={1}
                step={0.05}
                value={s.opacity}
                className="w-14"
                onChange={(e) => set(l.name, { opacity: Number(e.currentTarget.value) })}
                aria-label={`${labels.opacity} ${l.name}`}
              />
              <button type="button" className="rounded px-1 text-slate-500 hover:bg-slate-200" onClick={() => $solo.set(solo === l.name ? null : l.name)} title={solo === l.name ? labels.unsolo : labels.solo} data-testid="layer-solo">
                S
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
