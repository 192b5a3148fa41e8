import { postToHost } from '../../lib/client/host-bridge.ts';
import { kicadTransport, type KicadWindow } from '../../lib/client/kicad-host/kicad-session.ts';
import { pageKicadSession } from '../../lib/client/kicad-host/page-session.ts';
import { placePart, type PlaceResult, type PlaceTarget } from '../../lib/client/kicad-host/place-part.ts';

// The one seam through which the host pages place a part (ADR 0015 §1): inside KiCad's WebView the
// part's files go over the session (placePart: version check, payload, DL_COMPONENT, placement
// counted); inside the desktop EDA host, its `addComponent` message; elsewhere there is no host.

export type { PlaceTarget };
export type PlaceOutcome = { kind: 'kicad'; result: PlaceResult } | { kind: 'desktop' } | { kind: 'noHost' };

export async function placeInHost(target: PlaceTarget): Promise<PlaceOutcome> {
  if (kicadTransport(window as unknown as KicadWindow)) return { kind: 'kicad', result: await placePart(target, 'DL_COMPONENT', { session: pageKicadSession() }) };
  return postToHost('addComponent', target) ? { kind: 'desktop' } : { kind: 'noHost' };
}

/** A design block goes to the host's design-block library by id. */
export function placeBlockInHost(id: number): boolean {
  return postToHost('addDesignBlock', { id });
}
