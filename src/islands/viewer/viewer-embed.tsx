import { useEffect, useRef, useState } from 'react';
import { reactIsland } from '../react-island.ts';
import type { ViewerLabels } from './labels.ts';
import { PanelTabs, type PanelTab } from './panel-tabs.tsx';
import { BomPanel, NetsPanel, PropertiesPanel } from './panels.tsx';
import { openChannel, type BridgeMessage } from './viewer-bridge.ts';

// /ecadViewer/prop and /ecadViewer/viewerRight: the properties panel, or the whole right panel,
// as pages of their own to embed (iframe) or open beside the viewer. They show the state of the
// viewer page open in the same browser (viewer-bridge.ts); `?ref=R1` selects a part there.

type State = Extract<BridgeMessage, { type: 'state' }>;

function ViewerEmbed({ labels, mode }: { labels: ViewerLabels; mode: 'prop' | 'right' }) {
  const [state, setState] = useState<State | null>(null);
  const [tab, setTab] = useState<PanelTab>('props');
  const channel = useRef<ReturnType<typeof openChannel> | null>(null);
  const askedRef = useRef(false);
  const [ref] = useState(() => (typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('ref')));

  useEffect(() => {
    const ch = openChannel((m) => {
      if (m.type !== 'state') return;
      setState(m);
      if (ref && !askedRef.current && m.parts.some((p) => p.ref === ref)) {
        askedRef.current = true;
        ch.post({ type: 'select-ref', ref });
      }
    });
    channel.current = ch;
    ch.post({ type: 'hello' });
    return () => ch.close();
  }, [ref]);

  if (!state) return <p className="p-4 text-sm text-slate-600" data-testid="embed-waiting">{labels.embedWaiting}</p>;
  const selRef = state.selection?.meta['data-ref'] ?? (askedRef.current ? null : ref);
  const part = selRef ? state.parts.find((p) => p.ref === selRef) : undefined;
  const props = (
    <PropertiesPanel
      labels={labels}
      selection={state.selection}
      part={part}
      activeNet={state.net}
      onHighlightNet={(net) => channel.current?.post({ type: 'highlight-net', net })}
    />
  );
  if (mode === 'prop') return <div data-testid="embed-prop">{props}</div>;
  return (
    <div className="flex h-full flex-col" data-testid="embed-right">
      <PanelTabs tab={tab} onTab={setTab} labels={labels} />
      <div className="min-h-0 flex-1 overflow-auto">
        {tab === 'props' && props}
        {tab === 'bom' && <BomPanel labels={labels} lines={state.bom} onPick={(r) => channel.current?.post({ type: 'select-ref', ref: r })} />}
        {tab === 'nets' && <NetsPanel labels={labels} nets={state.nets} active={state.net} onPick={(net) => channel.current?.post({ type: 'highlight-net', net })} />}
      </div>
    </div>
  );
}

export default reactIsland(ViewerEmbed);
