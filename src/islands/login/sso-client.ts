import { apiFetch, ssoFetch } from '../../lib/client/api.ts';
import { readUserPicName, type LoginData } from '../../lib/client/login-flow.ts';
import { resetUserInfo, setUserInfo } from '../../lib/client/store.ts';

// The dialog's calls: its settings from the API, the SSO's answers read whatever the HTTP status
// (src/lib/sso/README.md), and what happens after a login (SPEC §4).

export type LoginSettings = {
  ssoUrl: string;
  siteId: number;
  smsProvider: 'dev' | 'aliyun' | 'tencent';
  wechatProvider: 'dev' | 'open';
  smsResendSeconds: number;
  qrPollMs: number;
};

const FALLBACK: LoginSettings = { ssoUrl: '/sso', siteId: 35, smsProvider: 'aliyun', wechatProvider: 'open', smsResendSeconds: 60, qrPollMs: 1500 };

let settings: Promise<LoginSettings> | undefined;
let loaded: LoginSettings | null = null;

/** GET /api/chiplet/user/login once per page; the defaults stand in if it fails. */
export function loginSettings(): Promise<LoginSettings> {
  settings ??= apiFetch<Partial<LoginSettings>>('/api/chiplet/user/login', { suppressError: true })
    .then((body) => (body.code === 200000 && body.result ? { ...FALLBACK, ...body.result } : FALLBACK))
    .catch(() => FALLBACK)
    .then((s) => (loaded = s));
  return settings;
}

/** The settings if they have arrived already (a reopened dialog shows its forms at once), else null. */
export function loadedLoginSettings(): LoginSettings | null {
  return loaded;
}

export type SsoAnswer = { error_code?: unknown; msg?: unknown; data?: unknown; info?: unknown };

/** One SSO call; resolves with the body whatever the status, rejects only on network failure. */
export async function sso(base: string, path: string, init: { method?: 'GET' | 'POST'; body?: FormData | Record<string, unknown>; credentials?: RequestCredentials } = {}): Promise<SsoAnswer> {
  const answer = await ssoFetch<SsoAnswer>(base, path, {
    method: init.method ?? 'GET',
    ...(init.body ? { body: init.body } : {}),
    // The QR poll key is a cookie of the SSO: sent cross-origin too when the SSO has its own host.
    credentials: init.credentials ?? 'include',
    timeout: 15_000,
  });
  return answer && typeof answer === 'object' ? answer : {};
}

export function formOf(fields: readonly [string, string][]): FormData {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  return form;
}

/** SPEC §4: sync URLs are loaded as hidden images; waits for them (at most 3 s) before moving on. */
export function loadSyncImages(urls: readonly string[], timeoutMs = 3000): Promise<void> {
  if (urls.length === 0 || typeof document === 'undefined') return Promise.resolve();
  const loads = urls.map(
    (url) =>
      new Promise<void>((resolve) => {
        const img = document.createElement('img');
        img.hidden = true;
        img.alt = '';
        img.width = 1;
        img.height = 1;
        img.referrerPolicy = 'no-referrer';
        img.onload = img.onerror = () => resolve();
        img.src = url;
        document.body.append(img);
      }),
  );
  return Promise.race([Promise.all(loads).then(() => undefined), new Promise<void>((r) => setTimeout(r, timeoutMs))]);
}

/**
 * After a successful SSO login (SPEC §4): store the token, load the sync URLs, fetch the user info
 * (getUserPicName), then `done` (a reload by default). A failed user-info fetch clears the session
 * and reloads too.
 */
export async function completeLogin(data: LoginData, done: (ok: boolean) => void = () => window.location.reload()): Promise<void> {
  setUserInfo({ token: data.token, phone: data.phone, nickname: data.nickname, id: data.userId, username: data.username });
  await loadSyncImages(data.syncurl);
  try {
    const body = await apiFetch('/api/chiplet/u/base/get', { method: 'POST', suppressError: true });
    const info = readUserPicName(body);
    setUserInfo({ phone: info.phone, nickname: info.nickname, id: info.id, username: info.username });
  } catch (error) {
    console.warn(error instanceof Error ? error.message : error);
    resetUserInfo();
    done(false);
    return;
  }
  done(true);
}
