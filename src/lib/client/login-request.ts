import { atom } from 'nanostores';

// Any code may ask for the login dialog (a 40001 on a public page, 'collect' while logged out, the
// host's stale auth); the header's island opens it. A store rather than an event, so a request
// made before the header hydrated (it hydrates when the browser is idle) is not lost.

/** Counts the requests; the header opens the dialog whenever it grows. */
export const $loginRequests = atom(0);

export function requestLogin(): void {
  $loginRequests.set($loginRequests.get() + 1);
}
