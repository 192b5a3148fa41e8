import { allowedHostOrigins, postToHost, type BridgeWindow } from './host-bridge.ts';
import { parseHostAuthPayload, parseHostMessage, type HostAuth } from './host-messages.ts';
import { adoptHandedToken } from './session-handover.ts';
import { $kicadVersion, $token, resetUserInfo } from './store.ts';

// The embedding host's authentication callback (SPEC §3, §4): `window.chipediaHostAuth(state,
// payload)` or a `message` from the parent frame `{ source: 'kicad-host', type: 'auth', state,
// payload }`. State 1 is ignored; 2 and 4 log out and clear; 3 signs in with the given auth unless
// its last login is older than 432000 s, when the host's own login dialog is requested instead.
// Frame messages count only from the parent window at one of HOST_ORIGINS, and only when they
// are exactly one of the types in host-messages.ts. A token signs in only once the API confirms it
// (session-handover.ts).

export { parseHostAuthPayload, type HostAuth };

/** SPEC §9: login freshness, 5 days. */
export const HOST_LOGIN_FRESHNESS_SECONDS = 432_000;

export type HostAuthDecision =
  | { action: 'ignore'; reason: string }
  | { action: 'logout' }
  | { action: 'login'; auth: HostAuth }
  | { action: 'askHostLogin' };

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
  // Verified with the API first; the names shown are the API's, not the payload's.
  login: (auth) => void adoptHandedToken(auth.token, { reload: false }),
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

type HostAuthWindow = Pick<Window, 'addEventListener'> &
  Pick<BridgeWindow, 'parent'> &
  Partial<Pick<BridgeWindow, 'document'>> & { chipediaHostAuth?: (state: unknown, payload: unknown) => string };

const installed = new WeakSet<object>();

/**
 * Exposes `window.chipediaHostAuth` (a host's web view calls it from its own script) and listens
 * for the parent frame's messages. Idempotent; the page shell and the login island both call it.
 */
export function installHostAuth(win: HostAuthWindow | undefined = typeof window === 'undefined' ? undefined : window, effects: HostAuthEffects = defaultEffects): void {
  if (!win || installed.has(win)) return;
  installed.add(win);
  win.chipediaHostAuth = (state, payload) => handleHostAuth(state, payload, effects);
  win.addEventListener('message', (event: MessageEvent) => {
    // Only the embedding parent frame speaks for the host, and only from an allowed origin.
    if (win.parent === (win as unknown) || event.source !== win.parent) return;
    if (!allowedHostOrigins(win as unknown as BridgeWindow).includes(event.origin)) return;
    const message = parseHostMessage(event.data);
    if (!message) return;
    if (message.type === 'auth') handleHostAuth(message.state, message.payload, effects);
    else $kicadVersion.set(message.version);
  });
}
