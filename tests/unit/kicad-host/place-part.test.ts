import { describe, expect, it, vi } from 'vitest';
import { attachKicadLink, postToHost, type BridgeWindow } from '../../../src/lib/client/host-bridge.ts';
import { KicadHostError, KicadSessionError, KicadTimeoutError, type KicadEnvelope } from '../../../src/lib/client/kicad-host/kicad-rpc.ts';
import { placePart, PLACEMENT_URL } from '../../../src/lib/client/kicad-host/place-part.ts';

// placePart's outcomes with a scripted session and API: what is fetched, sent and counted.

const payload = { name: 'NE555', command: 'DL_COMPONENT', parameters: { compression: 'ZSTD', library: 'Chipedia' }, data: 'QUJD', check: { quality: 'good' } };
const okEnvelope = { version: 1, session_id: 1, message_id: 2, response_to: 1, command: 'DL_COMPONENT', status: 'OK' } as KicadEnvelope;

function world(answer: () => Promise<KicadEnvelope>, state: 'open' | 'none' = 'open') {
  const calls: { url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, options?: { body?: unknown }) => {
    calls.push({ url, body: options?.body });
    return url === PLACEMENT_URL ? { code: 200000, msg: '', result: payload } : { code: 200000, msg: '', result: {} };
  }) as never;
  const sent: unknown[][] = [];
  const session = { state, request: (...args: unknown[]) => (sent.push(args), answer()) };
  return { calls, sent, deps: { session: session as never, fetch, allowed: () => true } };
}

describe('placePart', () => {
  it('fetches the payload, sends it as the command, and counts the placement', async () => {
    const w = world(async () => okEnvelope);
    expect(await placePart({ mfgMpnCode: 'TI-NE555P' }, 'DL_COMPONENT', w.deps)).toEqual({ kind: 'placed', name: 'NE555' });
    expect(w.calls[0]).toEqual({ url: PLACEMENT_URL, body: { mfgMpnCode: 'TI-NE555P', command: 'DL_COMPONENT' } });
    expect(w.sent).toEqual([['DL_COMPONENT', payload.parameters, 'QUJD']]);
    expect(w.calls[1]).toEqual({ url: '/api/chiplet/mark/componentPlacement', body: { mKey: 'TI-NE555P', mType: 'COMPONENT' } });
  });
  it('counts nothing for a symbol alone or an own component', async () => {
    const w = world(async () => okEnvelope);
    await placePart({ mfgMpnCode: 'X' }, 'DL_SYMBOL', w.deps);
    await placePart({ userCompId: 4 }, 'DL_COMPONENT', w.deps);
    expect(w.calls.map((c) => c.url)).toEqual([PLACEMENT_URL, PLACEMENT_URL]);
  });
  it('an old KiCad: upgrade, nothing fetched or sent', async () => {
    const w = world(async () => okEnvelope);
    expect(await placePart({ mfgMpnCode: 'X' }, 'DL_COMPONENT', { ...w.deps, allowed: () => false })).toEqual({ kind: 'upgrade' });
    expect(w.calls).toEqual([]);
    expect(w.sent).toEqual([]);
  });
  it('no session: nothing fetched', async () => {
    const w = world(async () => okEnvelope, 'none');
    expect(await placePart({ mfgMpnCode: 'X' }, 'DL_COMPONENT', w.deps)).toEqual({ kind: 'noSession' });
    expect(w.calls).toEqual([]);
  });
  it.each([
    [new KicadHostError('E1', 'No schematic'), { kind: 'hostError', code: 'E1', message: 'No schematic' }],
    [new KicadTimeoutError('DL_COMPONENT'), { kind: 'timeout' }],
    [new KicadSessionError('gone'), { kind: 'noSession' }],
  ])('a failed send comes back typed and counts nothing (%s)', async (error, result) => {
    const w = world(() => Promise.reject(error));
    expect(await placePart({ mfgMpnCode: 'X' }, 'DL_COMPONENT', w.deps)).toEqual(result);
    expect(w.calls).toHaveLength(1);
  });
  it('a refused payload request is a failure with the server message', async () => {
    const fetch = (async () => ({ code: 40400, msg: '没有该器件', result: null })) as never;
    const w = world(async () => okEnvelope);
    expect(await placePart({ mfgMpnCode: 'X' }, 'DL_COMPONENT', { ...w.deps, fetch })).toEqual({ kind: 'failed', message: '没有该器件' });
    expect(w.sent).toEqual([]);
  });
});

describe("postToHost('login') in the KiCad WebView", () => {
  const win = { parent: null, location: { origin: 'http://x', pathname: '/en/symbolSelector' }, document: { referrer: '', documentElement: { dataset: {} } } } as unknown as BridgeWindow;
  it('becomes REMOTE_LOGIN while a session is open', () => {
    const urls: string[] = [];
    let open = true;
    attachKicadLink({ isOpen: () => open, login: (u) => urls.push(u) });
    expect(postToHost('login', null, win)).toBe(true);
    expect(urls).toEqual(['http://x/en/login']);
    open = false;
    expect(postToHost('login', null, win)).toBe(false);
    attachKicadLink(null);
  });
});
