import { attachKicadLink } from '../host-bridge.ts';
import { $kicadVersion } from '../store.ts';
import { createKicadSession, type KicadSession, type KicadWindow } from './kicad-session.ts';

// The page's one KiCad session, created as early as the page's script runs so KiCad's NEW_SESSION
// is not missed, and registered with host-bridge.ts so `postToHost('login')` becomes REMOTE_LOGIN.

let current: KicadSession | null = null;

export function pageKicadSession(): KicadSession {
  if (current) return current;
  const session = createKicadSession(window as unknown as KicadWindow, { onKicadVersion: (v) => $kicadVersion.set(v) });
  attachKicadLink({
    isOpen: () => session.state === 'open',
    login: (url) => {
      session.request('REMOTE_LOGIN', { url }).catch(() => {
        /* KiCad shows its own login; an answer, or none, changes nothing here */
      });
    },
  });
  current = session;
  return session;
}
