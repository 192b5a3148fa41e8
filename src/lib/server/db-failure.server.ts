// One answer to "is the database unavailable?" for every server: such failures are answered 503
// (try again later), not 500 (a bug). Classes 08 (connection exception), 53 (insufficient
// resources, e.g. 53300 too_many_connections) and 57 (operator intervention: shutdown, cancelled
// statement) are the server's state, not the query's fault; so are the drivers' socket errors and a
// closed PGlite. Drizzle wraps driver errors in DrizzleQueryError, so the cause chain is walked.

/** Seconds a 503 asks the client to wait: a PostgreSQL restart or fail-over takes a few. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
const UNAVAILABLE_SQLSTATE = /^(08|53|57)[0-9A-Z]{3}$/;
const LOST_CONNECTION =
  /PGlite is closed|Connection terminated|after calling end on the pool|Client has encountered a connection error|timeout exceeded when trying to connect/i;

/** Why the database is unavailable (a code or the driver's words), or null for any other error. */
export function dbFailure(error: unknown): string | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 10) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return code;
    if (typeof message === 'string') {
      const lost = LOST_CONNECTION.exec(message);
      if (lost) return lost[0];
    }
    queue.push(cause);
    // A host name with several addresses fails as an AggregateError of one error per address.
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
  return null;
}

/**
 * What may be logged of a failed query: its SQL and the driver's reason, never its parameters
 * (they may hold phones, digests or tokens). DrizzleQueryError puts them after '\nparams:'.
 */
export function loggableError(error: unknown): { problem: string; dbCode?: string; cause?: string } {
  const problem = error instanceof Error ? `${error.name}: ${error.message.split('\nparams:')[0]}` : 'unknown';
  const inner = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  return {
    problem,
    ...(typeof inner?.code === 'string' ? { dbCode: inner.code } : {}),
    ...(typeof inner?.message === 'string' ? { cause: inner.message } : {}),
  };
}
