import type { ViewerLabels } from './labels.ts';

export type PanelTab = 'props' | 'bom' | 'nets';

/** The right-hand panel's tabs (properties, BOM, nets), on the viewer page and in its embed. */
export function PanelTabs({ tab, onTab, labels, testIdPrefix }: { tab: PanelTab; onTab: (tab: PanelTab) => void; labels: ViewerLabels; testIdPrefix?: string }) {
  const tabs: ReadonlyArray<readonly [PanelTab, string]> = [
    ['props', labels.properties],
    ['bom', labels.bom],
    ['nets', labels.nets],
  ];
  return (
    <div className="flex border-b border-slate-200 text-sm" role="tablist">
      {tabs.map(([id, text]) => (
        <button key={id} type="button" role="tab" aria-selected={tab === id} className={`flex-1 px-2 py-1.5 ${tab === id ? 'border-b-2 border-brand-600 font-semibold' : 'text-slate-600'}`} onClick={() => onTab(id)} data-testid={testIdPrefix ? `${testIdPrefix}${id}` : undefined}>
          {text}
        </button>
      ))}
    </div>
  );
}
