// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetUserInfo } from '../../../src/lib/client/store.ts';
import { answers, dragSlider, fakeLayout, fakeNetwork, openDialog, type, wait, type Answer } from './login-fake-sso.tsx';

// The phone tab of the login dialog (SPEC §4, §5, §9): 'get code' needs a phone and the slider; a
// sent code starts the 60 s countdown on the button; a failed send shows the SSO's message,
// 're-send', and a fresh slider; submit logs in. Only fetch is faked, with the SSO's answers.

beforeAll(fakeLayout);
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

const PHONE = '13800138000';
const button = () => screen.getByTestId('login-get-code') as HTMLButtonElement;
const slider = () => screen.getByTestId('login-slider');

describe('SMS login form', () => {
  it('checks phone, format and slider before sending, in that order', async () => {
    const net = fakeNetwork();
    await openDialog();
    const error = () => screen.getByTestId('login-error');
    fireEvent.click(button());
    expect(error().textContent).toBe('请输入手机号码');
    expect(error().getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('login-phone').getAttribute('aria-invalid')).toBe('true');
    type(screen.getByTestId('login-phone'), '12345678901');
    fireEvent.click(button());
    expect(error().textContent).toBe('手机号码格式不正确');
    type(screen.getByTestId('login-phone'), PHONE);
    fireEvent.click(button());
    expect(error().textContent).toBe('请滑动验证');
    expect(document.activeElement).toBe(screen.getByTestId('login-slider-knob'));
    await wait();
    expect(net.count('POST /sso/register/regsms')).toBe(0);
  });

  it('a sent code starts a 60 s countdown on the button, then it is "get code" again with a fresh slider', async () => {
    const net = fakeNetwork({ 'POST /sso/register/regsms': () => answers.codeSent });
    await openDialog();
    type(screen.getByTestId('login-phone'), PHONE);
    await dragSlider(screen.getByTestId('login-dialog'));
    expect(slider().dataset['status']).toBe('ok');
    expect(button().textContent).toBe('获取验证码');

    fireEvent.click(button());
    await wait();
    // The SPEC §3 login form, with the slider's one-time ticket.
    expect(net.last('POST /sso/register/regsms')!.form).toMatchObject({
      account: PHONE,
      areacode: '86',
      scene: 'quick',
      sessionId: 'session-1',
      sig: 'sig-1',
      token: 'ticket-1',
      csessionid: 'cs-1',
      aliscene: 'login',
      siteid: '35',
    });
    expect(button().textContent).toBe('60秒后重发');
    expect(button().disabled).toBe(true);
    expect(button().dataset['state']).toBe('countdown');
    expect(screen.getByTestId('login-notice').textContent).toBe('验证码已发送');
    expect(document.activeElement).toBe(screen.getByTestId('login-code'));

    await wait(1000);
    expect(button().textContent).toBe('59秒后重发');
    await wait(29_000);
    expect(button().textContent).toBe('30秒后重发');
    expect(button().disabled).toBe(true);
    const challengesBefore = net.count('GET /sso/captcha/challenge');
    await wait(30_000);
    expect(button().textContent).toBe('获取验证码');
    expect(button().disabled).toBe(false);
    expect(button().dataset['state']).toBe('idle');
    // The ticket was spent on the send: a new challenge is loaded for the next one.
    expect(net.count('GET /sso/captcha/challenge')).toBe(challengesBefore + 1);
    expect(slider().dataset['status']).toBe('idle');
    expect(slider().dataset['challengeId']).toBe('challenge-000000000002');
  });

  it('a failed send shows the SSO message and "re-send", and the slider starts over with a new challenge', async () => {
    const sends: Answer[] = [answers.tooSoon(42), answers.codeSent];
    const net = fakeNetwork({ 'POST /sso/register/regsms': () => sends.shift()! });
    await openDialog();
    type(screen.getByTestId('login-phone'), PHONE);
    await dragSlider(screen.getByTestId('login-dialog'));
    expect(slider().dataset['challengeId']).toBe('challenge-000000000001');
    fireEvent.click(button());
    await wait();

    expect(screen.getByTestId('login-error').textContent).toBe('发送过于频繁，请42秒后再试');
    expect(button().textContent).toBe('重新发送');
    expect(button().dataset['state']).toBe('resend');
    expect(button().disabled).toBe(false);
    // resetKey changed: a new challenge was asked for, the old ticket is gone.
    expect(net.count('GET /sso/captcha/challenge')).toBe(2);
    expect(slider().dataset['status']).toBe('idle');
    expect(slider().dataset['challengeId']).toBe('challenge-000000000002');
    fireEvent.click(button());
    expect(screen.getByTestId('login-error').textContent).toBe('请滑动验证');
    await wait();
    expect(net.count('POST /sso/register/regsms')).toBe(1);

    // Re-send with the new slider works.
    await dragSlider(screen.getByTestId('login-dialog'));
    fireEvent.click(button());
    await wait();
    expect(net.count('POST /sso/register/regsms')).toBe(2);
    expect(net.last('POST /sso/register/regsms')!.form!['token']).toBe('ticket-2');
    expect(button().textContent).toBe('60秒后重发');
  });

  it('a network failure on send is said so and allows re-send', async () => {
    fakeNetwork({ 'POST /sso/register/regsms': () => 'network-error' });
    await openDialog();
    type(screen.getByTestId('login-phone'), PHONE);
    await dragSlider(screen.getByTestId('login-dialog'));
    fireEvent.click(button());
    await wait();
    expect(screen.getByTestId('login-error').textContent).toBe('网络异常，请稍后再试');
    expect(button().textContent).toBe('重新发送');
  });

  it('submit: the code is required; then the SSO login, the token stored, the user info fetched', async () => {
    const net = fakeNetwork({
      'POST /sso/register/regsms': () => answers.codeSent,
      'POST /sso/smsLogin/index.html': () => answers.login(),
      'POST /api/chiplet/u/base/get': () => answers.userInfo(),
    });
    await openDialog();
    const dialog = screen.getByTestId('login-dialog');
    type(screen.getByTestId('login-phone'), PHONE);
    fireEvent.click(within(dialog).getByTestId('login-submit'));
    expect(screen.getByTestId('login-error').textContent).toBe('请输入验证码');
    expect(document.activeElement).toBe(screen.getByTestId('login-code'));

    await dragSlider(dialog);
    fireEvent.click(button());
    await wait();
    type(screen.getByTestId('login-code'), '123456');
    fireEvent.click(within(dialog).getByTestId('login-submit'));
    await wait();
    expect(net.last('POST /sso/smsLogin/index.html')!.form).toMatchObject({ account: PHONE, areacode: '86', smscode: '123456', siteid: '35' });
    expect(localStorage.getItem('token')).toBe(answers.token);
    expect(localStorage.getItem('userPhone')).toBe(PHONE);
    expect(net.count('POST /api/chiplet/u/base/get')).toBe(1);
  });

  it('a wrong code (40101) is shown at the code field, which takes the focus', async () => {
    fakeNetwork({
      'POST /sso/smsLogin/index.html': () => ({ status: 401, body: { error_code: 40101, msg: '验证码错误或已过期，请重新获取', data: null } }),
    });
    await openDialog();
    type(screen.getByTestId('login-phone'), PHONE);
    type(screen.getByTestId('login-code'), '000000');
    fireEvent.click(screen.getByTestId('login-submit'));
    await wait();
    expect(screen.getByTestId('login-error').textContent).toBe('验证码错误或已过期，请重新获取');
    expect(screen.getByTestId('login-code').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('login-code'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
