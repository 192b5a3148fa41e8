import { Code } from '../../server/errors.ts';
import { apiFetch, type ApiOptions, type Envelope } from '../api.ts';
import { hostActionAllowed } from '../host-bridge.ts';
import { KicadHostError, KicadSessionError, KicadTimeoutError, type KicadCommand, type KicadEnvelope } from './kicad-rpc.ts';

// Placing a part in KiCad (ADR 0015 §1): the server builds the payload (§2), the session carries
// it, a successful DL_COMPONENT of a catalogue part counts a placement. Every outcome comes back
// as a typed result the page words in its language; nothing here throws.

export type PlaceTarget = { mfgMpnCode: string } | { userCompId: number };
export type PlaceCommand = Extract<KicadCommand, 'DL_COMPONENT' | 'DL_SYMBOL' | 'DL_FOOTPRINT' | 'DL_3DMODEL'>;

/** What POST /api/chiplet/kicad/placement answers (the parts the page uses). */
export type PlacementPayload = {
  name: string;
  command: PlaceCommand;
  parameters: Record<string, unknown>;
  data: string;
  check: { quality: string };
};

export type PlaceResult =
  | { kind: 'placed'; name: string }
  | { kind: 'upgrade' }
  | { kind: 'noSession' }
  | { kind: 'hostError'; code: string; message: string }
  | { kind: 'timeout' }
  | { kind: 'failed'; message: string };

type SessionLike = { state: 'none' | 'open'; request(command: KicadCommand, parameters?: Record<string, unknown>, data?: string): Promise<KicadEnvelope> };
type Fetch = <T>(url: string, options?: ApiOptions) => Promise<Envelope<T>>;

export type PlaceDeps = { session: SessionLike | null; fetch?: Fetch; allowed?: () => boolean };

export const PLACEMENT_URL = '/api/chiplet/kicad/placement';

export async function placePart(target: PlaceTarget, command: PlaceCommand = 'DL_COMPONENT', deps: PlaceDeps): Promise<PlaceResult> {
  const allowed = deps.allowed ?? (() => hostActionAllowed());
  // SPEC §5: an old KiCad gets the warning and nothing is fetched or sent.
  if (!allowed()) return { kind: 'upgrade' };
  const session = deps.session;
  if (!session || session.state !== 'open') return { kind: 'noSession' };
  const fetch = deps.fetch ?? apiFetch;
  let payload: PlacementPayload;
  try {
    const answer = await fetch<PlacementPayload>(PLACEMENT_URL, { method: 'POST', body: { ...target, command }, suppressError: true });
    if (answer.code !== Code.ok) return { kind: 'failed', message: answer.msg };
    payload = answer.result;
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  try {
    await session.request(command, payload.parameters, payload.data);
  } catch (error) {
    if (error instanceof KicadTimeoutError) return { kind: 'timeout' };
    if (error instanceof KicadHostError) return { kind: 'hostError', code: error.code, message: error.hostMessage };
    if (error instanceof KicadSessionError) return { kind: 'noSession' };
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  if ('mfgMpnCode' in target && command === 'DL_COMPONENT') {
    // Fire and forget, like every tracking call (SPEC §8).
    void fetch(`/api/chiplet/mark/componentPlacement`, { method: 'POST', body: { mKey: target.mfgMpnCode, mType: 'COMPONENT' }, suppressError: true }).catch(() => undefined);
  }
  return { kind: 'placed', name: payload.name };
}
