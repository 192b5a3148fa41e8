// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import HeaderUser from '../../../src/islands/header/header-user.tsx';
import { LOGIN_LABEL_KEYS, type LoginLabels } from '../../../src/islands/login/labels.ts';
import { t } from '../../../src/lib/i18n/i18n.ts';
import { $token, resetUserInfo, setUserInfo } from '../../../src/lib/client/store.ts';
import { $loginRequests, requestLogin } from '../../../src/lib/client/login-request.ts';

// The header's account corner (SPEC §2): 'login' when logged out; when logged in, the display name
// and a Radix DropdownMenu with 'personal centre' and 'log out', driven by keyboard and pointer.

const labels = {
  login: '登录',
  center: '个人中心',
  logout: '退出登录',
  menu: '用户菜单',
  dialog: Object.fromEntries(LOGIN_LABEL_KEYS.map((k) => [k, t('zh', `login.${k}`)])) as LoginLabels,
};
let calls: { path: string; token: string | null }[];

beforeAll(() => {
  // What Radix's popper measures with, missing from jsdom.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ path: new URL(String(input), 'http://localhost').pathname, token: new Headers(init.headers).get('X-token') });
      return new Response(JSON.stringify({ code: 200000, msg: 'success', result: null }), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  resetUserInfo();
  $loginRequests.set(0);
  vi.unstubAllGlobals();
});

describe('header account corner', () => {
  it('opens the login dialog for a request made before it hydrated, and for later ones', async () => {
    requestLogin(); // e.g. a 40001 answered while the header still waited for an idle moment
    render(<HeaderUser locale="zh" labels={labels} />);
    expect(await screen.findByTestId('login-dialog', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('renders the logged-out state on the server (the session lives in the browser), inert until hydrated', () => {
    setUserInfo({ token: 'x'.repeat(43), phone: '13812341234' });
    const html = renderToString(<HeaderUser locale="zh" labels={labels} />);
    expect(html).toContain('data-testid="login-link"');
    expect(html).toMatch(/<button[^>]*disabled=""/);
    expect(html).not.toContain('138****1234');
  });

  it('logged out: the login button is live once mounted', () => {
    render(<HeaderUser locale="zh" labels={labels} />);
    const login = screen.getByTestId('login-link') as HTMLButtonElement;
    expect(login.disabled).toBe(false);
    expect(login.getAttribute('aria-haspopup')).toBe('dialog');
  });

  it('logged in: Enter opens the menu on its first item, arrows move, Escape closes it and gives the focus back', async () => {
    setUserInfo({ token: 'x'.repeat(43), phone: '13812341234' });
    const user = userEvent.setup();
    render(<HeaderUser locale="zh" labels={labels} />);
    expect(screen.getByTestId('display-name').textContent).toBe('138****1234');
    expect(screen.getByRole('button', { name: /^138\*{4}1234\s*用户菜单$/ })).toBeTruthy(); // the name, then what it opens
    await user.tab(); // the focus reaching the name fetches the menu's chunk
    await waitFor(() => expect(screen.getByTestId('user-menu').getAttribute('data-slot')).toBe('dropdown-menu-trigger'));
    expect(document.activeElement).toBe(screen.getByTestId('user-menu'));
    await user.keyboard('{Enter}');
    const centre = await screen.findByRole('menuitem', { name: '个人中心' });
    expect(centre.getAttribute('href')).toBe('/singleInfo?type=0');
    await waitFor(() => expect(document.activeElement).toBe(centre));
    expect(screen.getByTestId('user-menu').getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByTestId('logout'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId('user-menu'));
  });

  it('English pages link the English personal centre; log out revokes the session and clears it', async () => {
    setUserInfo({ token: 'y'.repeat(43), nickname: '小王' });
    const user = userEvent.setup();
    render(<HeaderUser locale="en" labels={labels} />);
    expect(screen.getByTestId('display-name').textContent).toBe('小王');
    await user.click(screen.getByTestId('user-menu'));
    const centre = await screen.findByRole('menuitem', { name: '个人中心' });
    expect(centre.getAttribute('href')).toBe('/en/singleInfo?type=0');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await user.click(screen.getByTestId('logout'));
    await waitFor(() => expect($token.get()).toBe(''));
    expect(calls).toEqual([{ path: '/api/chiplet/user/logout', token: 'y'.repeat(43) }]);
    expect(assign).toHaveBeenCalledWith('/en');
  });
});
