// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_LABEL_KEYS, type AccountLabels } from '../../../src/islands/account/labels.ts';
import { ProfilePanel } from '../../../src/islands/account/profile-panel.tsx';
import { t } from '../../../src/lib/i18n/i18n.ts';
import { $nickname, $token, resetUserInfo } from '../../../src/lib/client/store.ts';

// The personal centre's profile (SPEC §2 /singleInfo?type=0): the island against fake API answers
// in the real { code, msg, result } envelope (u/base/get, user/getLogin, user/loginHistory,
// u/base/update, u/base/uploadImage). The client-side checks spare a round trip; the server decides.

const labels = Object.fromEntries(ACCOUNT_LABEL_KEYS.map((k) => [k, t('zh', `account.${k}`)])) as AccountLabels;
const TOKEN = 'T'.repeat(43);
type Call = { method: string; path: string; token: string | null; body: unknown };

let calls: Call[];
let user: Record<string, unknown>;
let updateAnswer: ((body: Record<string, string>) => unknown) | null;

const ok = (result: unknown) => ({ code: 200000, msg: 'success', result });

beforeEach(() => {
  calls = [];
  updateAnswer = null;
  user = { id: 7, phone: '13412345678', nickname: null, username: 'u_13412345678', email: null, headimage: null };
  $token.set(TOKEN);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const method = (init.method ?? 'GET').toUpperCase();
      const headers = new Headers(init.headers);
      const body = init.body instanceof FormData ? init.body : typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push({ method, path, token: headers.get('X-token'), body });
      let answer: unknown;
      if (path === '/api/chiplet/u/base/get') answer = ok(user);
      else if (path === '/api/chiplet/user/getLogin') answer = ok({ login: true, user, lastLoginTime: 1_763_900_000, agreeCollectIP: false });
      else if (path === '/api/chiplet/user/loginHistory') answer = ok({ list: [{ method: 'sms', siteId: 35, ip: null, userAgent: 'Chromium', at: 1_763_900_000 }], total: 1 });
      else if (path === '/api/chiplet/u/base/update') {
        const changes = body as Record<string, string>;
        answer = updateAnswer?.(changes) ?? ok((user = { ...user, ...changes, ...(changes.email ? { email: changes.email.toLowerCase() } : {}) }));
      } else if (path === '/api/chiplet/u/base/uploadImage') answer = ok({ headimage: '/api/chiplet/user/avatar/7?v=abc123' });
      else answer = { code: 40400, msg: 'not found', result: null };
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetUserInfo();
});

const writes = () => calls.filter((c) => c.path === '/api/chiplet/u/base/update' || c.path === '/api/chiplet/u/base/uploadImage');

async function renderProfile() {
  const u = userEvent.setup({ applyAccept: false });
  render(<ProfilePanel labels={labels} locale="zh" />);
  expect(screen.getByTestId('account-loading')).toBeTruthy(); // the skeleton while it loads
  await screen.findByTestId('account-profile');
  return u;
}

async function edit(u: ReturnType<typeof userEvent.setup>, field: 'nickname' | 'email') {
  await u.click(screen.getByTestId(`account-${field}-edit`));
  const input = screen.getByTestId(`account-${field}-input`) as HTMLInputElement;
  expect(document.activeElement).toBe(input);
  return input;
}

describe('profile form', () => {
  it('shows the user from u/base/get: masked phone, username, login history', async () => {
    await renderProfile();
    expect(screen.getByTestId('account-phone').textContent).toBe('134****5678');
    expect(screen.getByTestId('account-profile').textContent).toContain('u_13412345678');
    expect(screen.getByTestId('account-nickname-value').textContent).toBe('未设置');
    expect((await screen.findByTestId('login-history')).textContent).toContain('短信验证码');
    expect(calls.find((c) => c.path === '/api/chiplet/u/base/get')).toMatchObject({ method: 'POST', token: TOKEN });
  });

  it('a nickname over 30 characters is refused here, without a request', async () => {
    const u = await renderProfile();
    const input = await edit(u, 'nickname');
    // maxlength stops typing at 30; a value put there otherwise (autofill, a script) is still checked.
    fireEvent.change(input, { target: { value: '芯'.repeat(31) } });
    await u.click(screen.getByTestId('account-nickname-save'));
    const error = screen.getByTestId('account-nickname-error');
    expect(error.textContent).toBe('昵称不能超过30个字符');
    expect(error.getAttribute('role')).toBe('alert');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('account-nickname-error');
    expect(document.activeElement).toBe(input);
    expect(writes()).toEqual([]);
    // Editing clears the message.
    await u.type(input, '{Backspace}');
    expect(screen.queryByTestId('account-nickname-error')).toBeNull();
  });

  it('a nickname with invisible or direction-control characters is refused here', async () => {
    const u = await renderProfile();
    const input = await edit(u, 'nickname');
    for (const bad of ['芯片\u200b工程师', 'abc\u202edef']) {
      await u.clear(input);
      await u.type(input, bad);
      await u.click(screen.getByTestId('account-nickname-save'));
      expect(screen.getByTestId('account-nickname-error').textContent).toBe('昵称不能包含控制字符、不可见字符或文字方向控制字符');
    }
    expect(writes()).toEqual([]);
  });

  it('an invalid email is refused here; a valid one is saved as the server answers it', async () => {
    const u = await renderProfile();
    const input = await edit(u, 'email');
    await u.type(input, 'not-an-email');
    await u.click(screen.getByTestId('account-email-save'));
    expect(screen.getByTestId('account-email-error').textContent).toBe('邮箱格式不正确');
    expect(writes()).toEqual([]);
    await u.clear(input);
    await u.type(input, '  Engineer@Example.com ');
    await u.click(screen.getByTestId('account-email-save'));
    await waitFor(() => expect(screen.getByTestId('account-email-value').textContent).toBe('engineer@example.com'));
    expect(writes()).toEqual([{ method: 'POST', path: '/api/chiplet/u/base/update', token: TOKEN, body: { email: 'Engineer@Example.com' } }]);
  });

  it('save calls u/base/update, shows the saved nickname, tells the header, and gives the focus back', async () => {
    const u = await renderProfile();
    const input = await edit(u, 'nickname');
    await u.type(input, '芯片工程师');
    await u.click(screen.getByTestId('account-nickname-save'));
    await waitFor(() => expect(screen.getByTestId('account-nickname-value').textContent).toBe('芯片工程师'));
    expect(writes()).toEqual([{ method: 'POST', path: '/api/chiplet/u/base/update', token: TOKEN, body: { nickname: '芯片工程师' } }]);
    expect(screen.getByRole('status').textContent).toBe('已保存');
    expect($nickname.get()).toBe('芯片工程师'); // the header's display name follows
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('account-nickname-edit')));
  });

  it("the server's refusal is shown and the form stays open", async () => {
    updateAnswer = () => ({ code: 40000, msg: '昵称包含无效字符', result: null });
    const u = await renderProfile();
    const input = await edit(u, 'nickname');
    await u.type(input, '工程师');
    await u.click(screen.getByTestId('account-nickname-save'));
    await waitFor(() => expect(screen.getByTestId('account-nickname-error').textContent).toBe('昵称包含无效字符'));
    expect(screen.getByTestId('account-nickname-input')).toBe(input);
    expect(writes()).toHaveLength(1);
  });

  it('avatar: another type or over 2 MB is refused without a request; a PNG is uploaded and shown', async () => {
    const u = await renderProfile();
    const file = screen.getByTestId('account-avatar-input') as HTMLInputElement;
    await u.upload(file, new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect(screen.getByTestId('account-avatar-message').textContent).toBe('仅支持 PNG、JPEG、WebP 图片');
    await u.upload(file, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(screen.getByTestId('account-avatar-message').textContent).toBe('图片不能超过2MB');
    expect(screen.getByTestId('account-avatar-message').getAttribute('role')).toBe('alert');
    expect(writes()).toEqual([]);

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await u.upload(file, png);
    await waitFor(() => expect(screen.getByTestId('account-avatar-message').textContent).toBe('头像已更新'));
    const [upload] = writes();
    expect(upload).toMatchObject({ method: 'POST', path: '/api/chiplet/u/base/uploadImage', token: TOKEN });
    expect((upload!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((upload!.body as FormData).get('file') as File).name).toBe('me.png');
    expect(screen.getByTestId('account-avatar').getAttribute('src')).toBe('/api/chiplet/user/avatar/7?v=abc123');
  });
});
