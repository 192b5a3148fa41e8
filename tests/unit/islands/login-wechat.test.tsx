// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginDialog from '../../../src/islands/login/login-dialog.tsx';
import { resetUserInfo } from '../../../src/lib/client/store.ts';
import { answers, ctx, dragSlider, fakeLayout, fakeNetwork, openDialog, type, wait, type Answer } from './login-fake-sso.tsx';

// The WeChat tab of the login dialog (SPEC §4): loading → QR shown → polled every 1.5 s; 1405 keeps
// polling, 1404 shows 'QR expired' with a refresh button, 2000 the phone-binding form (agreement
// required), 0 logs in. Only fetch is faked, with the SSO's answers.

beforeAll(async () => {
  fakeLayout();
  await import('uqr'); // the QR encoder the dialog imports on first use: loaded, so fake time can drive it
});
beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  resetUserInfo();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const POLL = 'GET /sso/wechat/qrconnect';
const status = () => screen.getByTestId('qr-status');
const qrBox = () => screen.getByTestId('wechat-qr');

async function openWechat() {
  await openDialog();
  fireEvent.mouseDown(screen.getByRole('tab', { name: '微信登录' }), { button: 0 });
}

/** Answers of the poll, one per call; the last one repeats. */
function polls(...list: Answer[]) {
  return () => (list.length > 1 ? list.shift()! : list[0]!);
}

describe('WeChat QR login', () => {
  it('loading, then the QR shown and polled every 1.5 s while the SSO answers 1405 (scanned shown)', async () => {
    let releaseQr!: () => void;
    const qrAnswered = new Promise<void>((resolve) => (releaseQr = resolve));
    const net = fakeNetwork({
      'GET /sso/wechat/qrlogin': async () => {
        await qrAnswered;
        return answers.qr('uuid-1');
      },
      [POLL]: polls(answers.waiting(false), answers.waiting(false), answers.waiting(true)),
    });
    await openWechat();
    await wait();
    expect(qrBox().dataset['phase']).toBe('loading');
    expect(status().textContent).toBe('二维码加载中…');
    expect(net.last('GET /sso/wechat/qrlogin')!.query.get('siteid')).toBe('35');

    releaseQr();
    await wait();
    expect(qrBox().dataset['phase']).toBe('shown');
    expect(status().textContent).toBe('请使用微信扫一扫登录');
    expect(screen.getByTestId('qr-image').getAttribute('data-qr-text')).toBe('http://localhost/sso/dev/wechat/scan?uuid=uuid-1');
    expect(screen.getByTestId('qr-simulator').getAttribute('href')).toBe('http://localhost/sso/dev/wechat/scan?uuid=uuid-1');

    expect(net.count(POLL)).toBe(0);
    await wait(1499);
    expect(net.count(POLL)).toBe(0);
    await wait(1);
    expect(net.count(POLL)).toBe(1);
    expect(net.last(POLL)!.query.get('uuid')).toBe('uuid-1');
    await wait(1500);
    expect(net.count(POLL)).toBe(2);
    expect(status().textContent).toBe('请使用微信扫一扫登录');
    await wait(1500);
    expect(net.count(POLL)).toBe(3);
    expect(status().textContent).toBe('已扫码，请在手机上确认');
    await wait(1500);
    expect(net.count(POLL)).toBe(4);
  });

  it('1404: "QR expired" with a refresh button that takes focus; polling stops; refresh shows a new QR', async () => {
    const answersOfPoll = [answers.waiting(false), answers.expired];
    const net = fakeNetwork({ [POLL]: () => answersOfPoll.shift() ?? answers.waiting(false) });
    await openWechat();
    await wait(3000);
    expect(net.count(POLL)).toBe(2);
    expect(qrBox().dataset['phase']).toBe('expired');
    expect(status().textContent).toBe('二维码已失效');
    expect(status().getAttribute('role')).toBe('alert');
    const refresh = screen.getByTestId('qr-refresh');
    expect(document.activeElement).toBe(refresh);
    await wait(6000);
    expect(net.count(POLL)).toBe(2);

    fireEvent.click(refresh);
    await wait();
    expect(net.count('GET /sso/wechat/qrlogin')).toBe(2);
    expect(qrBox().dataset['phase']).toBe('shown');
    expect(screen.getByTestId('qr-image').getAttribute('data-qr-text')).toContain('uuid=qr-2');
    await wait(1500);
    expect(net.count(POLL)).toBe(3);
    expect(net.last(POLL)!.query.get('uuid')).toBe('qr-2');
  });

  it('0: scan success shown, polling stops, the login completes (token stored, user info fetched)', async () => {
    const net = fakeNetwork({
      [POLL]: polls(answers.waiting(true), answers.login({ nickname: '微信测试用户', phone: null })),
      'POST /api/chiplet/u/base/get': () => answers.userInfo({ nickname: '微信测试用户', phone: null }),
    });
    await openWechat();
    await wait(3000);
    expect(qrBox().dataset['phase']).toBe('success');
    expect(status().textContent).toBe('扫码成功，正在登录…');
    expect(localStorage.getItem('token')).toBe(answers.token);
    expect(net.count('POST /api/chiplet/u/base/get')).toBe(1);
    await wait(4500);
    expect(net.count(POLL)).toBe(2);
  });

  it('switching to the phone tab stops polling; coming back loads a fresh QR', async () => {
    const net = fakeNetwork();
    await openWechat();
    await wait(1500);
    expect(net.count(POLL)).toBe(1);
    fireEvent.mouseDown(screen.getByRole('tab', { name: '手机登录' }), { button: 0 });
    await wait(6000);
    expect(net.count(POLL)).toBe(1);
    fireEvent.mouseDown(screen.getByRole('tab', { name: '微信登录' }), { button: 0 });
    await wait(1500);
    expect(net.count('GET /sso/wechat/qrlogin')).toBe(2);
    expect(net.count(POLL)).toBe(2);
  });

  it('2000: the phone-binding form; the agreement is required; then bind and log in with reg_tid 0, uuid, agreement 1', async () => {
    const net = fakeNetwork({
      [POLL]: polls(answers.bind('bind-ticket-1')),
      'POST /sso/register/regsms': () => answers.codeSent,
      'POST /sso/oauth/smsbindorreg.html': () => answers.login({ nickname: '新微信用户' }),
      'POST /api/chiplet/u/base/get': () => answers.userInfo({ nickname: '新微信用户' }),
    });
    await openWechat();
    await wait(1500);
    const form = screen.getByTestId('bind-form');
    expect(screen.getByRole('heading', { name: '绑定手机号' })).toBeTruthy();
    expect(within(form).getByRole('link', { name: '《用户协议》' }).getAttribute('href')).toBe('/doc/userAgreement.html');
    expect(within(form).getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe('/doc/privacyAgreement.html');
    // Polling stopped with the 2000.
    await wait(4500);
    expect(net.count(POLL)).toBe(1);

    const agreement = within(form).getByTestId('bind-agreement');
    expect(agreement.getAttribute('role')).toBe('checkbox');
    expect(agreement.getAttribute('aria-checked')).toBe('false');
    type(within(form).getByTestId('login-phone'), '13700137000');
    await dragSlider(form);
    fireEvent.click(within(form).getByTestId('login-get-code'));
    await wait();
    expect(net.last('POST /sso/register/regsms')!.form).toMatchObject({ account: '13700137000', aliscene: 'bind', reg_tid: '0', uuid: 'bind-ticket-1', agreement: '1' });
    expect(within(form).getByTestId('login-get-code').textContent).toBe('60秒后重发');

    type(within(form).getByTestId('login-code'), '654321');
    fireEvent.click(within(form).getByTestId('login-submit'));
    await wait();
    expect(within(form).getByTestId('login-error').textContent).toBe('请同意相关协议！');
    expect(agreement.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(agreement);
    expect(net.count('POST /sso/oauth/smsbindorreg.html')).toBe(0);

    // The label checks it too (Radix checkbox: a button with role checkbox).
    fireEvent.click(within(form).getByText('我已阅读并同意'));
    expect(agreement.getAttribute('aria-checked')).toBe('true');
    expect(within(form).queryByTestId('login-error')).toBeNull();
    await act(async () => {
      fireEvent.click(within(form).getByTestId('login-submit'));
    });
    await wait();
    expect(net.last('POST /sso/oauth/smsbindorreg.html')!.form).toMatchObject({
      account: '13700137000',
      smscode: '654321',
      reg_tid: '0',
      uuid: 'bind-ticket-1',
      agreement: '1',
      aliscene: 'bind',
      siteid: '35',
    });
    expect(localStorage.getItem('token')).toBe(answers.token);
    expect(localStorage.getItem('nickname')).toBe('新微信用户');
  });

  it('the binding form survives closing and reopening the dialog', async () => {
    fakeNetwork({ [POLL]: polls(answers.bind('bind-ticket-9')) });
    const view = await openDialog();
    fireEvent.mouseDown(screen.getByRole('tab', { name: '微信登录' }), { button: 0 });
    await wait(1500);
    type(within(screen.getByTestId('bind-form')).getByTestId('login-phone'), '13900139000');
    view.rerender(<LoginDialog open={false} onClose={() => {}} ctx={ctx} />);
    await wait(10);
    view.rerender(<LoginDialog open onClose={() => {}} ctx={ctx} />);
    await wait();
    const form = screen.getByTestId('bind-form');
    expect((within(form).getByTestId('login-phone') as HTMLInputElement).value).toBe('13900139000');
  });
});
