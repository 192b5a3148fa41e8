/**
 * A post-login destination, only on our own origin (no open redirect). Resolved the way the browser
 * will resolve it, then compared by origin: prefix checks miss `/\t/evil.example`, which the URL
 * parser turns into `//evil.example` (tabs and newlines are dropped, backslashes are slashes).
 * Returns the same-origin path, query and hash, or null.
 */
export function safeRedirect(target: string | null | undefined, origin = typeof location === 'undefined' ? 'http://localhost' : location.origin): string | null {
  if (!target || target.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  return url.pathname + url.search + url.hash;
}
