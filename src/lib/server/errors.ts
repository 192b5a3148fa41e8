// The error-code table of DESIGN.md §API contract. Shared by server and client.
export const Code = {
  ok: 200000,
  badInput: 40000,
  noToken: 40001,
  sessionExpired: 40002,
  forbidden: 40300,
  notFound: 40400,
  /** An edit based on a version that someone else has changed since (the answer holds the current one). */
  conflict: 40900,
  tooLarge: 41300,
  rateLimited: 42900,
  internal: 50000,
  unavailable: 50300,
  /** The server's storage for uploaded files is full (ENOSPC/EDQUOT): nothing was saved; try later. */
  storageFull: 50700,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** HTTP status mirrors the code's class: 40001 -> 401, 40400 -> 404, 50300 -> 503. */
export function httpStatusOf(code: number): number {
  if (code === Code.ok) return 200;
  if (code === Code.noToken || code === Code.sessionExpired) return 401;
  const status = Math.floor(code / 100);
  return status >= 400 && status < 600 ? status : 500;
}

/** Thrown by domain code; turned into the envelope in one place (app.onError). */
export class AppError extends Error {
  readonly code: number;
  readonly hint: string | undefined;
  constructor(code: number, message: string, hint?: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.hint = hint;
  }
}

export type Envelope<T> = { code: number; msg: string; result: T };
