// SPEC §4: a token, phone, nickname or username in the page URL is taken into state and
// removed from the URL, then the page reloads (SSO sync redirects and host launches use this).
export const URL_AUTH_KEYS = ['token', 'phone', 'nickname', 'username'] as const;
export type UrlAuth = Partial<Record<(typeof URL_AUTH_KEYS)[number], string>>;

export function extractUrlAuth(href: string): { auth: UrlAuth; cleanUrl: string } | null {
  const url = new URL(href);
  const auth: UrlAuth = {};
  let found = false;
  for (const key of URL_AUTH_KEYS) {
    const value = url.searchParams.get(key);
    if (value === null) continue;
    found = true;
    url.searchParams.delete(key);
    // Only plausible values reach storage: tokens are base64url, names are short text.
    if (key === 'token' && !/^[\w-]{16,200}$/.test(value)) continue;
    if (key === 'phone' && !/^\d{5,15}$/.test(value)) continue;
    if (value.length > 64 && key !== 'token') continue;
    auth[key] = value;
  }
  return found ? { auth, cleanUrl: url.pathname + url.search + url.hash } : null;
}
