import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { humanTrack } from '../../src/lib/sso/sso.ts';

// Helpers of the login and account journeys: distinct phones (the SSO allows one SMS per phone a
// minute), a human-like mouse drag of the slider, the dev inbox, and a login through the SSO's API.

/** Islands answer clicks once hydrated (Astro drops their `ssr` attribute then). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
}

const used = new Set<string>();
/** A fresh mainland mobile number (1[3-9] + 9 digits) for this run. */
export function uniquePhone(prefix = '138'): string {
  for (;;) {
    const phone = prefix + String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    if (!used.has(phone)) {
      used.add(phone);
      return phone;
    }
  }
}

export const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

/**
 * Drags the slider in `scope` onto its slot the way a hand does: ease-out over ~0.8 s, the pointer
 * wobbling a pixel or two vertically, then waits for the server's verdict.
 */
export async function dragSlider(page: Page, scope: Locator): Promise<void> {
  const slider = scope.getByTestId('login-slider');
  await expect(slider).toHaveAttribute('data-status', 'idle');
  const knob = (await scope.getByTestId('login-slider-knob').boundingBox())!;
  const slot = (await scope.getByTestId('login-slider-slot').boundingBox())!;
  const dx = slot.x - knob.x;
  const x0 = knob.x + knob.width / 2;
  const y0 = knob.y + knob.height / 2;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  const steps = 28;
  for (let i = 1; i <= steps; i++) {
    const f = i / steps;
    await page.mouse.move(x0 + dx * (1 - (1 - f) ** 3), y0 + Math.round(Math.sin(i * 1.3) * 2));
    await page.waitForTimeout(25);
  }
  await page.mouse.up();
  await expect(slider).toHaveAttribute('data-status', 'ok');
}

type Inbox = { data: { messages: { code: string; purpose: string; at: number }[] } };

/** The newest code the dev SMS provider "sent" to `phone` (GET /sso/dev/inbox). */
export async function inboxCode(request: APIRequestContext, phone: string, purpose: 'login' | 'bind' = 'login'): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const body = (await (await request.get(`/sso/dev/inbox?phone=${phone}`)).json()) as Inbox;
      code = body.data.messages.find((m) => m.purpose === purpose)?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** A slider ticket solved through the API with a synthetic human-like track. */
export async function apiTicket(request: APIRequestContext): Promise<Record<string, string>> {
  const challenge = (await (await request.get('/sso/captcha/challenge')).json()) as { data: { challengeId: string; targetX: number } };
  const verify = (await (
    await request.post('/sso/captcha/verify', { data: { challengeId: challenge.data.challengeId, track: humanTrack(challenge.data.targetX) } })
  ).json()) as { error_code: number; data: Record<string, string> };
  expect(verify.error_code).toBe(0);
  return verify.data;
}

/** Sends a login code to `phone` through the API (slider solved by the API too). */
export async function apiSendCode(request: APIRequestContext, phone: string): Promise<void> {
  const ticket = await apiTicket(request);
  const send = (await (
    await request.post('/sso/register/regsms', { form: { account: phone, areacode: '86', scene: 'quick', aliscene: 'login', siteid: '35', ...ticket } })
  ).json()) as { error_code: number; msg: string };
  expect(send.error_code, send.msg).toBe(0);
}

export type SsoLogin = { token: string; userId: number; username: string; nickname: string | null; phone: string | null; lastLoginTime: number };

/** A full SMS login through the SSO's API: the session the dialog would get. */
export async function apiLogin(request: APIRequestContext, phone: string): Promise<SsoLogin> {
  await apiSendCode(request, phone);
  const smscode = await inboxCode(request, phone);
  const login = (await (
    await request.post('/sso/smsLogin/index.html', { multipart: { account: phone, areacode: '86', smscode, siteid: '35' } })
  ).json()) as { error_code: number; msg: string; data: SsoLogin };
  expect(login.error_code, login.msg).toBe(0);
  return login.data;
}

/** Puts a session into the page's storage the way setUserInfo does, and reloads. */
export async function useSession(page: Page, login: SsoLogin): Promise<void> {
  await page.evaluate((l) => {
    localStorage.setItem('token', l.token);
    if (l.phone) localStorage.setItem('userPhone', l.phone);
    if (l.nickname) localStorage.setItem('nickname', l.nickname);
    localStorage.setItem('userId', String(l.userId));
    localStorage.setItem('username', l.username);
  }, login);
  await page.reload();
}
