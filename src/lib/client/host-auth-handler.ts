import { postToHost } from './host-bridge.ts';
import { parseHostAuthPayload, parseHostMessage, type HostAuth } from './host-messages.ts';
import { adoptHandedToken } from './session-handover.ts';
import { $kicadVersion, $token, resetUserInfo } from './store.ts';
import { requestLogin } from './login-request.ts';

// The embedding host's authentication callback (SPEC §3, §4): `window.chipediaHostAuth(state,
// payload)` or a `message` from the parent frame `{ source: 'kicad-host', type: 'auth', state,
// payload }`. State 1 is ignored; 2 and 4 log out and clear; 3 signs in with the given auth unless
// its last login is older than 432000 s, when the host's own login dialog is requested instead.
// Loaded on the first callback or host message (host-auth.ts installs the entry points), so the
// message schemas stay out of every page's first bundle. A token signs in only once the API
// confirms it (session-handover.ts).

export { parseHostAuthPayload, type HostAuth };

/** A parent-frame message that passed the origin check: one of host-messages.ts's types, or nothing. */
export function handleHostMessage(data: unknown, effects: HostAuthEffects = defaultEffects): void {
  const message = parseHostMessage(data);
  if (!message) return;
  if (message.type === 'auth') handleHostAuth(message.state, message.payload, effects);
  else $kicadVersion.set(message.version);
}

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
    if (!postToHost('login')) requestLogin();
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
