import { postToHost } from './host-bridge.ts';
import { $token, resetUserInfo, setUserInfo } from './store.ts';

// The embedding host's authentication callback (SPEC §3, §4): `window.chipediaHostAuth(state,
// payload)` or a `message` from the parent frame `{ source: 'kicad-host', type: 'auth', state,
// payload }`. State 1 is ignored; 2 and 4 log out and clear; 3 signs in with the given auth unless
// its last login is older than 432000 s, when the host's own login dialog is requested instead.

/** SPEC §9: login freshness, 5 days. */
export const HOST_LOGIN_FRESHNESS_SECONDS = 432_000;
const TOKEN_PATTERN = /^[\w-]{16,200}$/;

export type HostAuth = {
  userId: string;
  username: string;
  token: string;
  phone: string;
  nickname: string;
  /** Seconds since the epoch (milliseconds are recognised and converted). */
  lastLoginTime: number;
};

export type HostAuthDecision =
  | { action: 'ignore'; reason: string }
  | { action: 'logout' }
  | { action: 'login'; auth: HostAuth }
  | { action: 'askHostLogin' };

const optionalText = (v: unknown, max: number): string | null => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string' || v.length > max) return null;
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f]/.test(v) ? null : v;
};

/** Validates the payload: types, lengths, the token's pattern; anything else is refused (null). */
export function parseHostAuthPayload(payload: unknown): HostAuth | null {
  let p = payload;
  if (typeof p === 'string') {
    if (p.length > 4096) return null;
    try {
      p = JSON.parse(p) as unknown;
    } catch {
      return null;
    }
  }
  if (!p || typeof p !== 'object' || Array.isArray(p)) return null;
  const r = p as Record<string, unknown>;
  if (typeof r['token'] !== 'string' || !TOKEN_PATTERN.test(r['token'])) return null;
  const userId = optionalText(r['userId'], 32);
  const username = optionalText(r['username'], 64);
  const phone = optionalText(r['phone'], 20);
  const nickname = optionalText(r['nickname'], 64);
  if (userId === null || username === null || phone === null || nickname === null) return null;
  if (phone !== '' && !/^\+?\d{5,15}$/.test(phone)) return null;
  if (userId !== '' && !/^\d{1,20}$/.test(userId)) return null;
  const rawLast = r['lastLoginTime'];
  let last: number = typeof rawLast === 'string' && /^\d{1,16}$/.test(rawLast) ? Number(rawLast) : typeof rawLast === 'number' ? rawLast : Number.NaN;
  if (!Number.isFinite(last) || last < 0) return null;
  if (last > 1e12) last = Math.floor(last / 1000); // milliseconds
  return { token: r['token'], userId, username, phone, nickname, lastLoginTime: last };
}

/** SPEC §4's table, pure: what a callback with this state and payload does at `nowSeconds`. */
export function decideHostAuth(state: unknown, payload: unknown, nowSeconds: number): HostAuthDecision {
  const s = typeof state === 'string' && /^\d$/.test(state) ? Number(state) : state;
  if (s === 1) return { action: 'ignore', reason: 'state 1' };
  if (s === 2 || s === 4) return { action: 'logout' };
  if (s !== 3) return { action: 'ignore', reason: 'unknown state' };
  const auth = parseHostAuthPayload(payload);
  if (!auth) return { action: 'ignore', reason: 'invalid payload' };
  if (nowSeconds - auth.lastLoginTime > HOST_LOGIN_FRESHNESS_SECONDS) return { action: 'askHostLogin' };
  return { action: 'login', auth };
}

export type HostAuthEffects = {
  login: (auth: HostAuth) => void;
  logout: () => void;
  askHostLogin: () => void;
  now: () => number;
};

export const defaultEffects: HostAuthEffects = {
  login: (auth) =>
    setUserInfo({ token: auth.token, phone: auth.phone || null, nickname: auth.nickname || null, id: auth.userId || null, username: auth.username || null }),
  logout: () => {
    const token = $token.get();
    resetUserInfo();
    // Revoke the web session too; the answer does not matter (fire and forget, no X-token reuse after).
    if (token) {
      void fetch('/api/chiplet/user/logout', { method: 'POST', headers: { 'X-token': token }, keepalive: true }).catch(() => undefined);
    }
  },
  askHostLogin: () => {
    // Outside a host (a plain browser), our own dialog stands in for the host's.
    if (!postToHost('login')) window.dispatchEvent(new CustomEvent('chipedia:login'));
  },
  now: () => Math.floor(Date.now() / 1000),
};

/** Runs one callback; returns what was decided (the host may log it). */
export function handleHostAuth(state: unknown, payload: unknown, effects: HostAuthEffects = defaultEffects): HostAuthDecision['action'] {
  const decision = decideHostAuth(state, payload, effects.now());
  if (decision.action === 'logout') effects.logout();
  else if (decision.action === 'login') effects.login(decision.auth);
  else if (decision.action === 'askHostLogin') effects.askHostLogin();
  return decision.action;
}

type HostAuthWindow = Pick<Window, 'addEventListener' | 'parent'> & { chipediaHostAuth?: (state: unknown, payload: unknown) => string };

const installed = new WeakSet<object>();

/**
 * Exposes `window.chipediaHostAuth` and listens for the parent frame's `auth` messages. Idempotent;
 * the page shell and the login island both call it.
 */
export function installHostAuth(win: HostAuthWindow | undefined = typeof window === 'undefined' ? undefined : window, effects: HostAuthEffects = defaultEffects): void {
  if (!win || installed.has(win)) return;
  installed.add(win);
  win.chipediaHostAuth = (state, payload) => handleHostAuth(state, payload, effects);
  win.addEventListener('message', (event: MessageEvent) => {
    // Only the embedding parent frame speaks for the host.
    if (win.parent === (win as unknown) || event.source !== win.parent) return;
    const data = event.data as { source?: unknown; type?: unknown; state?: unknown; payload?: unknown } | null;
    if (!data || typeof data !== 'object' || data.source !== 'kicad-host' || data.type !== 'auth') return;
    handleHostAuth(data.state, data.payload, effects);
  });
}
