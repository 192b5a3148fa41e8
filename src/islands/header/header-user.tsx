import type { ComponentType, KeyboardEvent, PointerEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { apiFetch } from '../../lib/client/api.ts';
import { displayName } from '../../lib/client/display-name.ts';
import { $nickname, $phone, $token, $username, resetUserInfo } from '../../lib/client/store.ts';
import type { LoginLabels } from '../login/labels.ts';
import { LoginLauncher, preloadLoginDialog } from '../login/login-launcher.tsx';
import type { AccountMenuProps } from './account-menu.tsx';
import { reactIsland } from '../react-island.ts';
import { $loginRequests } from '../../lib/client/login-request.ts';

type Labels = { login: string; center: string; logout: string; menu: string; dialog: LoginLabels };

/** How long the pointer may be off the name and the menu before a hover-opened menu closes. */
const HOVER_CLOSE_MS = 200;

let menuChunk: Promise<ComponentType<AccountMenuProps>> | undefined;
/** The Radix menu is its own chunk: fetched when the pointer or focus first reaches the name. */
function loadAccountMenu(): Promise<ComponentType<AccountMenuProps>> {
  menuChunk ??= import('./account-menu.tsx').then((m) => m.default);
  menuChunk.catch(() => (menuChunk = undefined)); // a later attempt may succeed
  return menuChunk;
}

/** The header's account corner: 'login' when logged out, a dropdown with the display name when in. */
function HeaderUser({ locale, labels }: { locale: 'zh' | 'en'; labels: Labels }) {
  const token = useStore($token);
  const nickname = useStore($nickname);
  const phone = useStore($phone);
  const username = useStore($username);
  const [dialogOpen, setDialogOpen] = useState(false);
  // The server renders the logged-out state (the token lives in localStorage); hydration must see
  // the same markup, so the stored login shows from the first render after mounting.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const prefix = locale === 'en' ? '/en' : '';

  // Requests for the login dialog from anywhere (login-request.ts), also those made before this
  // island hydrated.
  const loginRequests = useStore($loginRequests);
  useEffect(() => {
    if (loginRequests > 0) setDialogOpen(true);
  }, [loginRequests]);

  const logout = async () => {
    // Revoke on the server, but log out locally whatever it answers.
    await apiFetch('/api/chiplet/user/logout', { method: 'POST', suppressError: true }).catch(() => undefined);
    resetUserInfo();
    window.location.assign(prefix || '/');
  };

  if (!token || !mounted) {
    return (
      <>
        <button
          type="button"
          className="shrink-0 rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
          onClick={() => setDialogOpen(true)}
          // Inert until hydrated: a click before then would be lost (browsers and tests wait).
          disabled={!mounted}
          onPointerEnter={() => void preloadLoginDialog().catch(() => undefined)}
          onFocus={() => void preloadLoginDialog().catch(() => undefined)}
          aria-haspopup="dialog"
          data-testid="login-link"
        >
          {labels.login}
        </button>
        <LoginLauncher open={dialogOpen} onClose={() => setDialogOpen(false)} ctx={{ locale, labels: labels.dialog }} />
      </>
    );
  }

  return <UserMenu name={displayName({ nickname, phone, username })} labels={labels} centerHref={`${prefix}/singleInfo?type=0`} onLogout={() => void logout()} />;
}

type UserMenuProps = { name: string; labels: Labels; centerHref: string; onLogout: () => void };

/**
 * The display name and its menu. It opens on hover (as the catalogue menu does) and on a press or
 * Enter/Space/ArrowDown. Until the Radix menu's chunk has arrived, a plain button of the same look
 * stands in and remembers what the user asked for.
 */
function UserMenu({ name, labels, centerHref, onLogout }: UserMenuProps) {
  const [Menu, setMenu] = useState<ComponentType<AccountMenuProps> | null>(null);
  const [open, setOpen] = useState(false);
  // Whether it is open, and whether the pointer opened it, current at once: pointer events arrive
  // faster than React re-renders (enter then press in one gesture), and a handler must not act on
  // the previous render's state.
  const now = useRef({ open: false, hoverOpen: false });
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // How the menu last opened, and what had the focus when the pointer opened it.
  const openedBy = useRef<'hover' | 'press'>('press');
  const focusBefore = useRef<Element | null>(null);
  const [openedByKey, setOpenedByKey] = useState(false);
  const [placeholderFocused, setPlaceholderFocused] = useState(false);

  const load = () => {
    if (Menu) return;
    loadAccountMenu()
      .then((component) => setMenu(() => component))
      .catch(() => setOpen(false)); // the shell's chunk-reload logic handles a failed chunk
  };
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const change = (next: boolean, how: 'hover' | 'press') => {
    clearTimeout(closeTimer.current);
    if (next) {
      if (!open) focusBefore.current = document.activeElement;
      openedBy.current = how;
    }
    now.current = { open: next, hoverOpen: next && how === 'hover' };
    setOpen(next);
  };
  // Radix focuses an open menu. One the pointer opened and closed hands the focus back to where
  // it was (the search box, say), not to the trigger.
  const onCloseAutoFocus = (event: Event) => {
    if (openedBy.current !== 'hover') return;
    event.preventDefault();
    const before = focusBefore.current;
    if (before instanceof HTMLElement && before.isConnected && before !== document.body) before.focus({ preventScroll: true });
  };
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    clearTimeout(closeTimer.current);
    load();
    if (!now.current.open) change(true, 'hover');
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || !now.current.hoverOpen) return;
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => change(false, 'hover'), HOVER_CLOSE_MS);
  };

  if (!Menu) {
    const openByKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return;
      event.preventDefault();
      load();
      setOpenedByKey(true);
      change(true, 'press');
    };
    return (
      <div className="relative shrink-0" onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave}>
        <button
          type="button"
          className="flex items-center gap-1 rounded-md px-2 py-1.5 text-sm hover:text-brand-600"
          aria-haspopup="menu"
          aria-expanded={false}
          onFocus={() => {
            setPlaceholderFocused(true);
            load();
          }}
          onBlur={() => setPlaceholderFocused(false)}
          onClick={() => {
            load();
            change(true, 'press');
          }}
          onKeyDown={openByKey}
          data-testid="user-menu"
        >
          <span data-testid="display-name">{name}</span>
          <span className="sr-only">{labels.menu}</span>
          <span aria-hidden="true">▾</span>
        </button>
      </div>
    );
  }

  return (
    <div className="relative shrink-0" onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave}>
      <Menu
        name={name}
        labels={labels}
        centerHref={centerHref}
        open={open}
        onOpenChange={change}
        isHoverOpen={() => now.current.open && now.current.hoverOpen}
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        onLogout={onLogout}
        onCloseAutoFocus={onCloseAutoFocus}
        takeFocus={placeholderFocused}
        focusFirstItem={openedByKey}
      />
    </div>
  );
}

export default reactIsland(HeaderUser);
