import { postToHost } from '../../lib/client/host-bridge.ts';

// The one seam through which the host pages place a part (ADR 0015 §1). The KiCad WebView's
// `placePart` (src/lib/client/kicad-host/place-part.ts) is built on another branch; until it is
// merged here, placing asks the desktop EDA host with its `addComponent` message. The merge points
// `placeInHost` at `placePart` and keeps this file's signature.

export type PlaceTarget = { mfgMpnCode: string } | { userCompId: number };
export type PlaceOutcome = { ok: true } | { ok: false; reason: 'noHost' };

export async function placeInHost(target: PlaceTarget): Promise<PlaceOutcome> {
  return postToHost('addComponent', target) ? { ok: true } : { ok: false, reason: 'noHost' };
}

/** A design block goes to the host's design-block library by id. */
export function placeBlockInHost(id: number): PlaceOutcome {
  return postToHost('addDesignBlock', { id }) ? { ok: true } : { ok: false, reason: 'noHost' };
}
