import { allowedHostOrigins, type BridgeWindow } from './host-bridge.ts';
import type { HostAuthDecision, HostAuthEffects } from './host-auth-handler.ts';

// The embedding host's authentication callback (SPEC §3, §4): `window.chipediaHostAuth(state,
// payload)` or a `message` from the parent frame `{ source: 'kicad-host', type: 'auth', state,
// payload }`. This file only installs the entry points (it runs on every page); the handling and
// the message schemas (host-auth-handler.ts, host-messages.ts) load on the first use. Frame
// messages count only from the parent window at one of HOST_ORIGINS.

type HostAuthWindow = Pick<Window, 'addEventListener'> &
  Pick<BridgeWindow, 'parent'> &
  Partial<Pick<BridgeWindow, 'document'>> & { chipediaHostAuth?: (state: unknown, payload: unknown) => Promise<HostAuthDecision['action']> };

const installed = new WeakSet<object>();
const handler = () => import('./host-auth-handler.ts');

/**
 * Exposes `window.chipediaHostAuth` (a host's web view calls it from its own script; it resolves to
 * what was decided) and listens for the parent frame's messages. Idempotent; the page shell and
 * the login island both call it. `effects` replaces the default effects (tests).
 */
export function installHostAuth(win: HostAuthWindow | undefined = typeof window === 'undefined' ? undefined : window, effects?: HostAuthEffects): void {
  if (!win || installed.has(win)) return;
  installed.add(win);
  win.chipediaHostAuth = async (state, payload) => {
    const m = await handler();
    return m.handleHostAuth(state, payload, effects ?? m.defaultEffects);
  };
  win.addEventListener('message', (event: MessageEvent) => {
    // Only the embedding parent frame speaks for the host, and only from an allowed origin.
    if (win.parent === (win as unknown) || event.source !== win.parent) return;
    if (!allowedHostOrigins(win as unknown as BridgeWindow).includes(event.origin)) return;
    const data: unknown = event.data;
    void handler().then((m) => m.handleHostMessage(data, effects ?? m.defaultEffects));
  });
}
