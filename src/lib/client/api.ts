import { ofetch, type FetchOptions } from 'ofetch';
import { Code } from '../server/errors.ts';
import { clientMessage } from './messages.ts';
import { postToHost, usesKicadVariants } from './host-bridge.ts';
import { kicadVariantPath } from './kicad-host/kicad-paths.ts';
import { $kicadVersion, $locale, $token, resetUserInfo } from './store.ts';
import { toast } from './toast.ts';
import { requestLogin } from './login-request.ts';

// The one API client (SPEC §6, §8). Every call carries X-token except the SSO's login and
// registration calls; 40001/40002 clear the session; errors toast unless suppressError.

export type Envelope<T> = { code: number; msg: string; result: T };
export type ApiOptions = FetchOptions<'json'> & {
  /** Tracking calls: no toast on failure (SPEC §8). */
  suppressError?: boolean;
  /** Resolve no sooner than 200 ms, so fast answers don't flash a spinner (SPEC §9). */
  minDelay?: boolean;
};

export const FETCH_MIN_DELAY_MS = 200;

/**
 * Pages where a lapsed session asks for login in place instead of leaving (SPEC §8). The BOM pages
 * are among them: logged-out users work there too, so leaving would drop their work for nothing.
 */
const PUBLIC_PAGES = [/^\/$/, /^\/home/, /^\/search/, /^\/catalog/, /^\/filterPage/, /^\/productDetail/, /^\/detail/, /^\/ecadViewer/, /^\/top200/, /^\/aiChat/, /^\/subsMaterial/, /^\/bom/, /^\/matching/];

export function isPublicPage(path: string): boolean {
  const bare = path === '/en' ? '/' : path.startsWith('/en/') ? path.slice(3) : path;
  return PUBLIC_PAGES.some((re) => re.test(bare));
}

/** Thrown (silently) when a call ended the session and nobody is logged in any more. */
export class SessionEndedError extends Error {
  constructor() {
    super('session ended');
    this.name = 'SessionEndedError';
  }
}

export type AuthFailureHandlers = { openLoginDialog: () => void; redirectHome: () => void };
let authHandlers: AuthFailureHandlers = {
  openLoginDialog: requestLogin,
  redirectHome: () => window.location.assign($locale.get() === 'en' ? '/en' : '/'),
};
/** Lets tests and the shell replace what happens on 40001/40002. */
export function setAuthFailureHandlers(handlers: AuthFailureHandlers): void {
  authHandlers = handlers;
}

export function handleAuthFailure(path: string): void {
  resetUserInfo();
  if ($kicadVersion.get() !== '') {
    if (!postToHost('login')) authHandlers.openLoginDialog();
  } else if (isPublicPage(path)) authHandlers.openLoginDialog();
  else authHandlers.redirectHome();
}

/**
 * The locale of the page that calls: the document's own lang (an island may call before the shell
 * has set $locale), else the store.
 */
export function pageLocale(): 'zh' | 'en' {
  if (typeof document !== 'undefined' && document.documentElement.lang) return document.documentElement.lang === 'en' ? 'en' : 'zh';
  return $locale.get();
}

const raw = ofetch.create({ retry: 0, timeout: 30_000 });

export async function apiFetch<T>(url: string, options: ApiOptions = {}): Promise<Envelope<T>> {
  const { suppressError = false, minDelay = false, ...fetchOptions } = options;
  const started = Date.now();
  const headers = new Headers(fetchOptions.headers as HeadersInit | undefined);
  const token = $token.get();
  if (token) headers.set('X-token', token);
  // Answers (reasons, names, errors) in the page's language, not the cookie's (ADR 0018).
  if (!headers.has('X-Locale')) headers.set('X-Locale', pageLocale());
  let body: Envelope<T>;
  try {
    // From KiCad 9.0.5 the kicad variants answer (SPEC §7, §9; ADR 0015 §1 table).
    const target = usesKicadVariants() ? kicadVariantPath(url) : url;
    body = await raw<Envelope<T>>(target, { ...fetchOptions, headers, ignoreResponseError: true });
  } catch (error) {
    if (!suppressError) toast(clientMessage('toast.networkError'), 'error');
    throw error;
  }
  if (minDelay) {
    const wait = FETCH_MIN_DELAY_MS - (Date.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  if (body?.code === Code.noToken || body?.code === Code.sessionExpired) {
    handleAuthFailure(window.location.pathname);
    // Passed on only while a token remains (another tab may have logged in again).
    if ($token.get()) return body;
    throw new SessionEndedError();
  }
  if (body?.code !== Code.ok && !suppressError) {
    toast(body?.msg || clientMessage('toast.requestFailed'), 'error');
  }
  return body;
}

/** SSO calls: never carry X-token (SPEC §6). */
export function ssoFetch<T>(ssoBase: string, path: string, options: FetchOptions<'json'> = {}): Promise<T> {
  return raw<T>(`${ssoBase.replace(/\/$/, '')}${path}`, { ...options, ignoreResponseError: true });
}
