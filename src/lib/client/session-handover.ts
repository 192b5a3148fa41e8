import { Code } from '../server/errors.ts';
import { displayName } from './display-name.ts';
import { clientMessage } from './messages.ts';
import { toast } from './toast.ts';
import { $nickname, $phone, $token, $userId, $username, setUserInfo } from './store.ts';

// A session token handed to the page from outside (a `?token=` in the URL, the host's auth
// callback) is adopted only after the API confirms it, never over another account's session
// without the user's say, and the user is told whose account it is (issue #9 item 3: token
// fixation, where a link made the victim work inside the attacker's account).

export type VerifiedUser = { id: number; phone: string | null; nickname: string | null; username: string };

export type HandoverResult =
  /** Now signed in with the token; `user` is whom the API says it belongs to. */
  | { kind: 'adopted'; user: VerifiedUser }
  /** The token is the current session already. */
  | { kind: 'unchanged' }
  /** Another account is signed in and the user chose to keep it. */
  | { kind: 'declined'; user: VerifiedUser }
  /** The API does not know the token (expired, revoked, invented): nothing changed. */
  | { kind: 'invalid' };

export type HandoverDeps = {
  /** Asks the API whose token this is; null when it is not a live session. */
  verify: (token: string) => Promise<VerifiedUser | null>;
  /** Asks the user whether to leave `current` for `next` (display names). */
  confirmSwitch: (current: string, next: string) => Promise<boolean>;
};

/** POST u/base/get with the candidate token, by plain fetch: a 40001 here must not end the current session. */
export async function verifyToken(token: string): Promise<VerifiedUser | null> {
  try {
    const res = await fetch('/api/chiplet/u/base/get', { method: 'POST', headers: { 'X-token': token } });
    const body = (await res.json()) as { code?: number; result?: Partial<VerifiedUser> | null };
    const r = body.result;
    if (body.code !== Code.ok || !r || typeof r.id !== 'number' || typeof r.username !== 'string') return null;
    return { id: r.id, phone: r.phone ?? null, nickname: r.nickname ?? null, username: r.username };
  } catch {
    return null;
  }
}

export async function handOverSession(token: string, deps: HandoverDeps): Promise<HandoverResult> {
  const current = $token.get();
  if (current !== '' && current === token) return { kind: 'unchanged' };
  const user = await deps.verify(token);
  if (!user) return { kind: 'invalid' };
  // The same person with a newer token needs no question; another account does.
  if (current !== '' && $userId.get() !== String(user.id)) {
    const currentName = displayName({ nickname: $nickname.get(), phone: $phone.get(), username: $username.get() }) || $userId.get();
    if (!(await deps.confirmSwitch(currentName, displayName(user)))) return { kind: 'declined', user };
  }
  // Names come from the API's record, never from the URL or the message that brought the token.
  setUserInfo({ token, phone: user.phone, nickname: user.nickname, id: user.id, username: user.username });
  return { kind: 'adopted', user };
}

const FLASH_KEY = 'chipedia:flash';

/** A message to show after the reload that follows an adoption (SPEC §4 reloads the page). */
export function setFlash(message: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    // Storage blocked: the message is lost, the session is not.
  }
}

export function takeFlash(): string {
  try {
    const message = sessionStorage.getItem(FLASH_KEY) ?? '';
    sessionStorage.removeItem(FLASH_KEY);
    return message;
  } catch {
    return '';
  }
}

/**
 * The page's side of a handed-over token: verify, ask before replacing another account's session
 * (a confirmation dialog), and say whose account it now is. `reload` (the URL path, SPEC §4)
 * shows that after the reload; otherwise (the host callback) at once.
 */
export async function adoptHandedToken(token: string, { reload }: { reload: boolean }): Promise<HandoverResult> {
  const fill = (s: string, vars: Record<string, string>) => s.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
  const result = await handOverSession(token, {
    verify: verifyToken,
    confirmSwitch: async (current, next) =>
      (await import('./confirm-dialog.ts')).confirmDialog(
        {
          title: clientMessage('session.switchTitle'),
          body: fill(clientMessage('session.switchBody'), { current, next }),
          confirm: fill(clientMessage('session.switchConfirm'), { next }),
          cancel: fill(clientMessage('session.keep'), { current }),
        },
        'session-switch-dialog',
      ),
  });
  if (result.kind === 'invalid') toast(clientMessage('session.linkInvalid'), 'warning');
  else if (result.kind === 'adopted') {
    const message = fill(clientMessage('session.signedInAs'), { name: displayName(result.user) });
    if (reload) {
      setFlash(message);
      location.reload();
    } else toast(message, 'success');
  }
  return result;
}
