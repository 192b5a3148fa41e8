import type { BomLineSummary, NetSummary, PartSummary } from '../../lib/kicad-viewer/protocol.ts';

// The stand-alone panels (/ecadViewer/prop, /ecadViewer/viewerRight) show the state of a viewer
// page open in the same browser: a same-origin BroadcastChannel carries it (iframe, pop-up or
// another tab alike, and no other origin can listen). A panel that opens asks for the state;
// clicks in a panel come back as requests the viewer carries out.

export const VIEWER_CHANNEL = 'chipedia-viewer';

export interface SharedSelection {
  kind: string;
  layer: string;
  meta: Record<string, string>;
}

export type BridgeMessage =
  | { type: 'hello' }
  | { type: 'state'; name: string; parts: PartSummary[]; bom: BomLineSummary[]; nets: NetSummary[]; selection: SharedSelection | null; net: string | null }
  | { type: 'select-ref'; ref: string }
  | { type: 'highlight-net'; net: string | null };

export function openChannel(onMessage: (m: BridgeMessage) => void): { post: (m: BridgeMessage) => void; close: () => void } {
  if (typeof BroadcastChannel === 'undefined') return { post: () => {}, close: () => {} };
  const ch = new BroadcastChannel(VIEWER_CHANNEL);
  ch.onmessage = (e: MessageEvent<BridgeMessage>) => onMessage(e.data);
  return { post: (m) => ch.postMessage(m), close: () => ch.close() };
}
