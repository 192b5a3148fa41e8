import { dbFailure } from './db-failure.server.ts';

// A page that failed because the database is away (restart, fail-over) answers 503 with
// Retry-After, not 500. Astro renders src/pages/500.astro for any thrown error but loses the error
// on the way in some paths, so the middleware notes it per request here and both the error page
// (its message) and the middleware (status and header) read the note back.

const unavailable = new WeakSet<Request>();

/** Called with what a page threw: remembers the request when the database was the cause. */
export function notePageError(request: Request, error: unknown): void {
  if (dbFailure(error) !== null) unavailable.add(request);
}

/** Whether this request's page failed because the database is unavailable. */
export function pageUnavailable(request: Request): boolean {
  return unavailable.has(request);
}
