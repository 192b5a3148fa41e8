import { beforeEach, describe, expect, it, vi } from 'vitest';
import { allowedHostOrigins, embeddingHostOrigin, isEmbedded, postToHost, type BridgeWindow } from '../../../src/lib/client/host-bridge.ts';
import { parseHostMessage } from '../../../src/lib/client/host-messages.ts';
import { safeRedirect } from '../../../src/lib/client/safe-redirect.ts';
import { handOverSession, type VerifiedUser } from '../../../src/lib/client/session-handover.ts';
import { $nickname, $phone, $token, $userId, $username, resetUserInfo, setUserInfo } from '../../../src/lib/client/store.ts';

// Issue #9 items 1, 3 and 7 in the browser-side code: the host bridge posts only to an allowed
// parent origin (never '*'), incoming host messages are one of a zod union, handed-over tokens are
// verified and confirmed, and post-login redirects stay on our origin.

const HOST = 'https://eda.example.com';

function framedWindow(opts: { parentOrigin?: string; referrer?: string; allowed?: string[]; hostObject?: { postMessage: (m: unknown) => void } }) {
  const parent = { postMessage: vi.fn() };
  const win: BridgeWindow = {
    parent,
    location: opts.parentOrigin === undefined ? {} : { ancestorOrigins: [opts.parentOrigin] },
    document: { referrer: opts.referrer ?? '', documentElement: { dataset: { hostOrigins: (opts.allowed ?? [HOST]).join(' ') } } },
    ...(opts.hostObject ? { chipediaHost: opts.hostObject } : {}),
  };
  return { win, parent };
}

describe('host bridge (item 1)', () => {
  it('posts to an allowed parent at its exact origin', () => {
    const { win, parent } = framedWindow({ parentOrigin: HOST });
    expect(postToHost('updateToken', { token: 't' }, win)).toBe(true);
    expect(parent.postMessage).toHaveBeenCalledWith({ source: 'chipedia', type: 'updateToken', payload: { token: 't' } }, HOST);
    expect(isEmbedded(win)).toBe(true);
  });

  it('posts nothing to a foreign parent, to a parent it cannot name, or when no host is configured', () => {
    for (const w of [
      framedWindow({ parentOrigin: 'https://evil.example' }),
      framedWindow({}),
      framedWindow({ referrer: 'https://evil.example/page' }),
      framedWindow({ parentOrigin: HOST, allowed: [] }),
      framedWindow({ parentOrigin: `${HOST}.evil.example` }),
    ]) {
      expect(postToHost('updateToken', { token: 't' }, w.win)).toBe(false);
      expect(w.parent.postMessage).not.toHaveBeenCalled();
      expect(isEmbedded(w.win)).toBe(false);
    }
  });

  it('falls back to the referrer where ancestorOrigins is missing, still with an exact target', () => {
    const { win, parent } = framedWindow({ referrer: `${HOST}/tools/parts?x=1` });
    expect(embeddingHostOrigin(win)).toBe(HOST);
    postToHost('login', null, win);
    expect(parent.postMessage.mock.calls[0]![1]).toBe(HOST);
  });

  it('hands messages to an injected host object (a web view) directly', () => {
    const host = { postMessage: vi.fn() };
    const { win, parent } = framedWindow({ parentOrigin: 'https://evil.example', hostObject: host });
    expect(postToHost('logout', null, win)).toBe(true);
    expect(host.postMessage).toHaveBeenCalledOnce();
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('reads HOST_ORIGINS from the page', () => {
    expect(allowedHostOrigins(framedWindow({ allowed: [HOST, 'http://127.0.0.1:9'] }).win)).toEqual([HOST, 'http://127.0.0.1:9']);
  });
});

describe('incoming host messages: a zod union of their types (item 1)', () => {
  it('accepts exactly the known shapes', () => {
    expect(parseHostMessage({ source: 'kicad-host', type: 'auth', state: 3, payload: { token: 'x' } })).toMatchObject({ type: 'auth', state: 3 });
    expect(parseHostMessage({ source: 'kicad-host', type: 'auth', state: '2' })).toMatchObject({ type: 'auth', state: 2 });
    expect(parseHostMessage({ source: 'kicad-host', type: 'version', version: '9.0.5' })).toEqual({ source: 'kicad-host', type: 'version', version: '9.0.5' });
  });
  it('refuses anything else', () => {
    for (const bad of [
      null,
      'text',
      { source: 'other', type: 'auth', state: 3 },
      { source: 'kicad-host', type: 'auth', state: 9 },
      { source: 'kicad-host', type: 'auth', state: '33' },
      { source: 'kicad-host', type: 'version', version: '9.0.5; rm' },
      { source: 'kicad-host', type: 'eval', code: '1' },
      { source: 'kicad-host', type: 'auth', state: 2, extra: true },
    ]) {
      expect(parseHostMessage(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe('handed-over tokens (item 3: token fixation)', () => {
  const alice: VerifiedUser = { id: 1, phone: '13800000001', nickname: 'Alice', username: 'ualice' };
  const mallory: VerifiedUser = { id: 2, phone: '13800000002', nickname: null, username: 'umallory' };
  const TOKEN_A = 'a'.repeat(43);
  const TOKEN_M = 'm'.repeat(43);
  beforeEach(() => resetUserInfo());

  it('adopts a token the API confirms, with the names from the API', async () => {
    const confirmSwitch = vi.fn();
    const result = await handOverSession(TOKEN_M, { verify: async () => mallory, confirmSwitch });
    expect(result.kind).toBe('adopted');
    expect(confirmSwitch).not.toHaveBeenCalled();
    expect([$token.get(), $userId.get(), $phone.get(), $nickname.get(), $username.get()]).toEqual([TOKEN_M, '2', '13800000002', '', 'umallory']);
  });

  it('keeps the current account unless the user agrees to switch', async () => {
    setUserInfo({ token: TOKEN_A, id: 1, phone: alice.phone, nickname: alice.nickname, username: alice.username });
    const confirmSwitch = vi.fn(async () => false);
    const declined = await handOverSession(TOKEN_M, { verify: async () => mallory, confirmSwitch });
    expect(declined.kind).toBe('declined');
    expect(confirmSwitch).toHaveBeenCalledWith('Alice', '138****0002');
    expect($token.get()).toBe(TOKEN_A);
    const agreed = await handOverSession(TOKEN_M, { verify: async () => mallory, confirmSwitch: async () => true });
    expect(agreed.kind).toBe('adopted');
    expect($token.get()).toBe(TOKEN_M);
  });

  it('changes nothing for a token the API does not know, and does not ask about the same person', async () => {
    setUserInfo({ token: TOKEN_A, id: 1, phone: alice.phone, nickname: alice.nickname, username: alice.username });
    expect((await handOverSession(TOKEN_M, { verify: async () => null, confirmSwitch: async () => true })).kind).toBe('invalid');
    expect($token.get()).toBe(TOKEN_A);
    const confirmSwitch = vi.fn();
    const newer = 'n'.repeat(43);
    expect((await handOverSession(newer, { verify: async () => alice, confirmSwitch })).kind).toBe('adopted');
    expect(confirmSwitch).not.toHaveBeenCalled();
    expect((await handOverSession(newer, { verify: async () => alice, confirmSwitch })).kind).toBe('unchanged');
  });
});

describe('safe redirect (item 7)', () => {
  const origin = 'https://www.example.cn';
  it('keeps same-origin paths', () => {
    expect(safeRedirect('/bom?x=1#y', origin)).toBe('/bom?x=1#y');
    expect(safeRedirect('/en/catalog', origin)).toBe('/en/catalog');
    expect(safeRedirect(`${origin}/bom`, origin)).toBe('/bom');
  });
  it('refuses anything the browser would take elsewhere', () => {
    for (const t of ['/\t/evil.example', '/\n/evil.example', '//evil.example', '/\\evil.example', '\\\\evil.example', 'https://evil.example', 'javascript:alert(1)', ' //evil.example', null, '']) {
      expect(safeRedirect(t, origin), JSON.stringify(t)).toBeNull();
    }
  });
});
