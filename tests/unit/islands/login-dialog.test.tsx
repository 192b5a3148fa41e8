// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginDialog from '../../../src/islands/login/login-dialog.tsx';
import { resetUserInfo } from '../../../src/lib/client/store.ts';
import { ctx, fakeLayout, fakeNetwork, openDialog, type, wait } from './login-fake-sso.tsx';

// The login dialog as a Radix Dialog (SPEC §2): about 300x360, labelled by its title, no close on an
// outside click, Escape and × close it, focus trapped and handed back, tabs by keyboard; and what
// the user did survives closing it.

beforeAll(fakeLayout);
beforeEach(() => {
  vi.useFakeTimers();
  fakeNetwork();
});
afterEach(() => {
  cleanup();
  resetUserInfo();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A page with an opener button, as the header has. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        登录
      </button>
      <input aria-label="page search" />
      <LoginDialog open={open} onClose={() => setOpen(false)} ctx={ctx} />
    </>
  );
}

describe('login dialog', () => {
  it('is a modal dialog of about 300x360 named by its title, phone tab selected, phone field focused', async () => {
    await openDialog();
    const dialog = screen.getByRole('dialog', { name: '登录芯百科' });
    expect(dialog.dataset['testid']).toBe('login-dialog');
    expect(dialog.className).toMatch(/\bw-\[300px\]/);
    expect(dialog.className).toMatch(/\bh-\[360px\]/);
    expect(within(dialog).getByRole('tab', { name: '手机登录' }).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByRole('tab', { name: '微信登录' }).getAttribute('aria-selected')).toBe('false');
    expect(document.activeElement).toBe(within(dialog).getByTestId('login-phone'));
    // The rest of the page is hidden from assistive technology while it is open.
    expect(document.querySelector('[aria-hidden="true"] [data-testid="login-dialog"]')).toBeNull();
  });

  it('does not close on a pointer down or focus outside; Escape and the close button do', async () => {
    const onClose = vi.fn();
    await openDialog(onClose);
    const dialog = screen.getByTestId('login-dialog');
    await wait(10); // Radix listens for outside pointers from the next tick
    const overlay = document.querySelector('[data-slot="dialog-overlay"]')!;
    expect(overlay).not.toBeNull();
    fireEvent.pointerDown(overlay, { button: 0 });
    fireEvent.pointerUp(overlay, { button: 0 });
    fireEvent.click(overlay);
    fireEvent.pointerDown(document.body, { button: 0 });
    fireEvent.click(document.body);
    await wait(10);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.isConnected).toBe(true);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('traps the focus inside and hands it back to the opener on close', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: '登录' });
    opener.focus();
    fireEvent.click(opener);
    await wait();
    const dialog = screen.getByTestId('login-dialog');
    expect(dialog.contains(document.activeElement)).toBe(true);

    // Focus sent outside comes back to where it was inside.
    const code = within(dialog).getByTestId('login-code');
    act(() => code.focus());
    act(() => screen.getByLabelText('page search').focus());
    expect(document.activeElement).toBe(code);
    // Tab from the last control wraps to the first, Shift+Tab from the first to the last.
    const submit = within(dialog).getByTestId('login-submit');
    act(() => submit.focus());
    fireEvent.keyDown(submit, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: '关闭' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(submit);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await wait(10);
    expect(screen.queryByTestId('login-dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('makes the page behind inert while open, as a native modal dialog does; live regions stay live', async () => {
    const live = document.createElement('div');
    live.setAttribute('aria-live', 'polite');
    const region = document.createElement('div');
    region.id = 'toast-region';
    const wrapper = document.createElement('section');
    wrapper.append(live, document.createElement('p'));
    document.body.append(wrapper, region);
    try {
      render(<Page />);
      const opener = screen.getByRole('button', { name: '登录' });
      const pageRoot = opener.parentElement!;
      expect(pageRoot.hasAttribute('inert')).toBe(false);
      fireEvent.click(opener);
      await wait();
      const dialog = screen.getByTestId('login-dialog');
      expect(pageRoot.hasAttribute('inert')).toBe(true);
      expect(dialog.closest('[inert]')).toBeNull();
      expect(wrapper.hasAttribute('inert')).toBe(false); // it holds a live region…
      expect(wrapper.querySelector('p')!.hasAttribute('inert')).toBe(true); // …whose siblings are inert
      expect(live.closest('[inert]')).toBeNull();
      expect(region.closest('[inert]')).toBeNull();

      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
      await wait(10);
      expect(document.querySelectorAll('[inert]')).toHaveLength(0);
    } finally {
      wrapper.remove();
      region.remove();
    }
  });

  it('switches tabs by click and by arrow keys (wrapping), keeping focus on the tabs', async () => {
    await openDialog();
    const dialog = screen.getByTestId('login-dialog');
    const phoneTab = within(dialog).getByRole('tab', { name: '手机登录' });
    const wechatTab = within(dialog).getByRole('tab', { name: '微信登录' });
    const panelOf = (tab: HTMLElement) => document.getElementById(tab.getAttribute('aria-controls')!)!;
    expect(panelOf(phoneTab).hidden).toBe(false);
    expect(panelOf(wechatTab).hidden).toBe(true);

    fireEvent.mouseDown(wechatTab, { button: 0 });
    await wait();
    expect(wechatTab.getAttribute('aria-selected')).toBe('true');
    expect(panelOf(wechatTab).hidden).toBe(false);
    expect(panelOf(phoneTab).hidden).toBe(true);
    expect(panelOf(wechatTab).getAttribute('aria-labelledby')).toBe(wechatTab.id);

    act(() => wechatTab.focus());
    fireEvent.keyDown(wechatTab, { key: 'ArrowRight' });
    await wait();
    expect(document.activeElement).toBe(phoneTab);
    expect(phoneTab.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(phoneTab, { key: 'ArrowLeft' });
    await wait();
    expect(document.activeElement).toBe(wechatTab);
    expect(wechatTab.getAttribute('aria-selected')).toBe('true');
    // One tab stop for the list: the selected tab.
    expect(wechatTab.tabIndex).toBe(0);
    expect(phoneTab.tabIndex).toBe(-1);
    // Both panels stay mounted: the phone form is still there while the WeChat tab shows.
    expect(within(dialog).getByTestId('sms-form')).toBeTruthy();
  });

  it('keeps the phone typed and the chosen tab across a close and a reopening', async () => {
    const view = render(<LoginDialog open onClose={() => {}} ctx={ctx} />);
    await wait();
    type(screen.getByTestId('login-phone'), '138 0013 8000');
    expect((screen.getByTestId('login-phone') as HTMLInputElement).value).toBe('13800138000');
    fireEvent.mouseDown(screen.getByRole('tab', { name: '微信登录' }), { button: 0 });
    await wait();

    view.rerender(<LoginDialog open={false} onClose={() => {}} ctx={ctx} />);
    await wait(10);
    expect(screen.queryByTestId('login-dialog')).toBeNull();
    view.rerender(<LoginDialog open onClose={() => {}} ctx={ctx} />);
    await wait();
    expect(screen.getByRole('tab', { name: '微信登录' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByTestId('login-phone') as HTMLInputElement).value).toBe('13800138000');
    // Opened on the WeChat tab, the selected tab has the focus.
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '微信登录' }));
  });
});
