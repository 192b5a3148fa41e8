import type { AiDesignContext } from '../../lib/ai/ai-tools.ts';
import { boundDesign } from '../../lib/ai/design-context.ts';
import type { BomLineSummary, NetSummary, PartSummary, ProjectSummary } from '../../lib/kicad-viewer/protocol.ts';

// The stand-alone panels (/ecadViewer/prop, /ecadViewer/viewerRight) show the state of a viewer
// page open in the same browser: a same-origin BroadcastChannel carries it (iframe, pop-up or
// another tab alike, and no other origin can listen). A panel that opens asks for the state;
// clicks in a panel come back as requests the viewer carries out. The assistant's panel
// (/ecadViewer/ai) asks for the open design's summary ('design-request'); the viewer announces it
// ('design') whenever it changes, and null when its page closes.

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
  | { type: 'highlight-net'; net: string | null }
  | { type: 'design-request' }
  /** The open design for the assistant (bounded by boundDesign); null: none open (any more). */
  | { type: 'design'; design: AiDesignContext | null; omitted: number };

/**
 * The open design's summary for the assistant: title, statistics (the names the stored designs
 * use), BOM lines with the catalogue code the BOM panel matched (by line index), if it did.
 */
export function designSummary(summary: ProjectSummary, matched: Readonly<Record<number, string>> = {}): { design: AiDesignContext; omitted: number } {
  const b = summary.board?.stats;
  const stats: Record<string, number> = { sheets: summary.schematicStats.sheets, symbols: summary.schematicStats.symbols };
  if (b) Object.assign(stats, { footprints: b.footprints, pads: b.pads, vias: b.vias, tracks: b.tracks, nets: b.nets, copperLayers: b.copperLayers, boardWidthMm: b.widthMm, boardHeightMm: b.heightMm });
  return boundDesign({
    title: summary.name,
    stats,
    bom: summary.bom.map((l: BomLineSummary, i) => ({ refs: l.refs, value: l.value, footprint: l.footprint, quantity: l.quantity, mpn: l.mpn ?? null, manufacturer: l.manufacturer ?? null, mfgMpnCode: matched[i] ?? null })),
  });
}

/** A 'design' message as a panel takes it: anything not shaped like one is ignored (another page's bug must not break the chat). */
export function designOf(m: unknown): { design: AiDesignContext | null; omitted: number } | undefined {
  const v = m as { type?: unknown; design?: unknown; omitted?: unknown } | null;
  if (!v || v.type !== 'design') return undefined;
  const omitted = typeof v.omitted === 'number' && Number.isFinite(v.omitted) ? v.omitted : 0;
  if (v.design === null) return { design: null, omitted: 0 };
  const d = v.design as Partial<AiDesignContext> | undefined;
  if (!d || typeof d.title !== 'string' || !Array.isArray(d.bom) || typeof d.stats !== 'object' || d.stats === null) return undefined;
  // Bounded again: the server refuses anything past the limits, so the panel sends only what passes.
  const bounded = boundDesign({ title: d.title, stats: d.stats, bom: d.bom.filter((l) => l && Array.isArray(l.refs)) });
  return { design: bounded.design, omitted: omitted + bounded.omitted };
}

export function openChannel(onMessage: (m: BridgeMessage) => void): { post: (m: BridgeMessage) => void; close: () => void } {
  if (typeof BroadcastChannel === 'undefined') return { post: () => {}, close: () => {} };
  const ch = new BroadcastChannel(VIEWER_CHANNEL);
  ch.onmessage = (e: MessageEvent<BridgeMessage>) => onMessage(e.data);
  return { post: (m) => ch.postMessage(m), close: () => ch.close() };
}
