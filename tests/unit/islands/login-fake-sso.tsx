import { act, fireEvent, render, within } from '@testing-library/react';
import { vi } from 'vitest';
import LoginDialog from '../../../src/islands/login/login-dialog.tsx';
import { LOGIN_LABEL_KEYS, type LoginLabels } from '../../../src/islands/login/labels.ts';
import { t } from '../../../src/lib/i18n/i18n.ts';
import { humanTrack } from '../../../src/lib/sso/sso.ts';

// The network edge of the login dialog's component tests: `fetch` answers as the SSO and the API do
// (src/lib/sso/README.md "Answers", the envelope of src/lib/server), nothing of ours is mocked.
// Also the two things jsdom lacks for these components: a layout width for the slider's track, and
// ResizeObserver (Radix's checkbox measures itself with it).

export const labels = Object.fromEntries(LOGIN_LABEL_KEYS.map((k) => [k, t('zh', `login.${k}`)])) as LoginLabels;
export const ctx = { locale: 'zh' as const, labels };

export type Call = { method: string; path: string; query: URLSearchParams; form: Record<string, string> | null; json: unknown };
export type Answer = { status?: number; body: unknown } | 'network-error';
export type Route = (call: Call) => Answer | Promise<Answer>;

/** A picture the dialog accepts (the real ones are WebP data URLs of the same form). */
const PICTURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const TOKEN = 'tok_' + 'x'.repeat(39);

/** The SSO's and the API's answers, in their real shapes. */
export const answers = {
  settings: { body: { code: 200000, msg: '成功', result: { ssoUrl: '/sso', siteId: 35, areacode: '86', smsProvider: 'dev', wechatProvider: 'dev', smsResendSeconds: 60, qrPollMs: 1500, sessionTtlSeconds: 432000 } } },
  challenge: (n: number): Answer => ({
    body: { error_code: 0, msg: '成功', data: { challengeId: `challenge-${String(n).padStart(12, '0')}`, trackWidth: 300, height: 150, pieceWidth: 60, background: PICTURE, piece: PICTURE, expiresIn: 120 } },
  }),
  ticket: (n: number): Answer => ({ body: { error_code: 0, msg: '验证通过', data: { sessionId: `session-${n}`, sig: `sig-${n}`, token: `ticket-${n}`, csessionid: `cs-${n}` } } }),
  codeSent: { body: { error_code: 0, msg: '验证码已发送', data: { expiresIn: 300, resendIn: 60 } } } as Answer,
  tooSoon: (seconds: number): Answer => ({ status: 429, body: { error_code: 42900, msg: `发送过于频繁，请${seconds}秒后再试`, data: null } }),
  login: (over: Record<string, unknown> = {}): Answer => ({
    body: {
      error_code: 0,
      msg: '登录成功',
      data: { token: TOKEN, expires_at: 2_000_000_000, syncurl: [], userId: 7, username: 'u0123456789ab', nickname: null, phone: '13800138000', headimage: null, lastLoginTime: 1_800_000_000, ...over },
    },
  }),
  userInfo: (over: Record<string, unknown> = {}): Answer => ({
    body: { code: 200000, msg: '成功', result: { id: 7, nickname: null, phone: '13800138000', username: 'u0123456789ab', email: null, headimage: null, ...over } },
  }),
  qr: (uuid: string): Answer => ({ body: { error_code: 0, msg: '成功', info: { qrcode: `http://localhost/sso/dev/wechat/scan?uuid=${uuid}`, uuid, mode: 'link', expiresIn: 120 } } }),
  waiting: (scanned: boolean): Answer => ({ body: { error_code: 1405, msg: scanned ? '已扫码，请在手机上确认' : '等待扫码', data: { scanned } } }),
  expired: { body: { error_code: 1404, msg: '二维码已失效，请刷新', data: null } } as Answer,
  bind: (bindTicket: string): Answer => ({ body: { error_code: 2000, msg: '请绑定手机号', data: { bindTicket, nickname: '微信用户', expiresIn: 600 } } }),
  token: TOKEN,
};

/**
 * Replaces fetch with the given routes (`'GET /sso/captcha/challenge'` → answer). The usual ones
 * (settings, a fresh challenge each time, a ticket for each verify, a fresh QR, 'waiting' polls)
 * are there unless overridden; anything else is the SSO's 40400.
 */
export function fakeNetwork(routes: Record<string, Route> = {}) {
  const calls: Call[] = [];
  let challenges = 0;
  let tickets = 0;
  let qrs = 0;
  const all: Record<string, Route> = {
    'GET /api/chiplet/user/login': () => answers.settings,
    'GET /sso/captcha/challenge': () => answers.challenge(++challenges),
    'POST /sso/captcha/verify': () => answers.ticket(++tickets),
    'GET /sso/wechat/qrlogin': () => answers.qr(`qr-${++qrs}`),
    'GET /sso/wechat/qrconnect': () => answers.waiting(false),
    ...routes,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = init.body;
      const call: Call = {
        method,
        path: url.pathname,
        query: url.searchParams,
        form: body instanceof FormData ? (Object.fromEntries([...body.entries()].map(([k, v]) => [k, String(v)])) as Record<string, string>) : null,
        json: typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined,
      };
      calls.push(call);
      const route = all[`${method} ${url.pathname}`];
      const answer: Answer = route ? await route(call) : { status: 404, body: { error_code: 40400, msg: '接口不存在', data: null } };
      if (answer === 'network-error') throw new TypeError('fetch failed');
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return {
    calls,
    /** Calls to `method path` so far. */
    count: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key).length,
    last: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key).at(-1),
  };
}

/** jsdom has no layout: the slider's track is 300 px wide (the challenge's own units), and ResizeObserver exists. */
export function fakeLayout(): void {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset['testid'] === 'login-slider-track' ? 300 : 0;
    },
  });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/** Lets fake time pass (and every answer and render it brings) inside act(). */
export async function wait(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  // Answers resolve through several promise hops: give them a few more turns.
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

/** Opens the dialog as the header does. */
export async function openDialog(onClose = () => {}) {
  const view = render(<LoginDialog open onClose={onClose} ctx={ctx} />);
  await wait();
  return view;
}

/**
 * Drags the slider in `scope` the way a hand does (the SSO's own synthetic human track: ease-out,
 * a wobble in y, ~0.9 s), through pointer events on the knob, then waits for the verify answer.
 */
export async function dragSlider(scope: HTMLElement, targetX = 150): Promise<void> {
  const knob = within(scope).getByTestId('login-slider-knob');
  const x0 = 20;
  const y0 = 200;
  const track = humanTrack(targetX);
  fireEvent.pointerEnter(within(scope).getByTestId('login-slider-track'));
  fireEvent.pointerDown(knob, { clientX: x0, clientY: y0, button: 0, pointerId: 1 });
  let at = 0;
  for (const point of track.slice(1)) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(point.t - at);
    });
    at = point.t;
    fireEvent.pointerMove(knob, { clientX: x0 + point.x, clientY: y0 + point.y, pointerId: 1 });
  }
  fireEvent.pointerUp(knob, { pointerId: 1 });
  await wait();
}

/** Types into an input the way React sees it. */
export function type(input: HTMLElement, value: string): void {
  fireEvent.change(input, { target: { value } });
}
