// A write that failed because the disk (or the user's quota) is full: not a bug and not the
// caller's fault, so the API answers 507 (50700) with a message saying nothing was saved, instead of
// a 500. Node's fs errors carry the errno name in `code`; wrappers keep it in their cause chain.

const FULL = new Set(['ENOSPC', 'EDQUOT']);

/** Seconds a 507 asks the client to wait: an operator must free space first. */
export const STORAGE_FULL_RETRY_AFTER_SECONDS = 60;

export function storageFull(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && FULL.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
