import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { apiFetch } from '../../lib/client/api.ts';
import { displayName } from '../../lib/client/display-name.ts';
import { $nickname, $phone, $token, $username, resetUserInfo } from '../../lib/client/store.ts';
import type { LoginLabels } from '../login/labels.ts';
import { LoginLauncher, preloadLoginDialog } from '../login/login-launcher.tsx';

type Labels = { login: string; center: string; logout: string; menu: string; dialog: LoginLabels };

/** The header's account corner: 'login' when logged out, a dropdown with the display name when in. */
export default function HeaderUser({ locale, labels }: { locale: 'zh' | 'en'; labels: Labels }) {
  const token = useStore($token);
  const nickname = useStore($nickname);
  const phone = useStore($phone);
  const username = useStore($username);
  const [dialogOpen, setDialogOpen] = useState(false);
  // The server renders the logged-out state (the token lives in localStorage); hydration must see
  // the same markup, so the stored login shows from the first render after mounting.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const prefix = locale === 'en' ? '/en' : '';

  // The API client asks for login (40001/40002 on a public page) through this event.
  useEffect(() => {
    const open = () => setDialogOpen(true);
    window.addEventListener('chipedia:login', open);
    return () => window.removeEventListener('chipedia:login', open);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menuRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [menuOpen]);

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

  return (
    <div className="relative shrink-0" ref={menuRef} onMouseEnter={() => setMenuOpen(true)} onMouseLeave={() => setMenuOpen(false)}>
      <button type="button" className="flex items-center gap-1 rounded-md px-2 py-1.5 text-sm hover:text-brand-600" aria-haspopup="menu" aria-expanded={menuOpen} aria-label={labels.menu} onClick={() => setMenuOpen((o) => !o)} data-testid="user-menu">
        <span data-testid="display-name">{displayName({ nickname, phone, username })}</span> <span aria-hidden="true">▾</span>
      </button>
      {menuOpen && (
        <div role="menu" className="absolute right-0 top-full z-50 w-40 rounded-md border border-slate-200 bg-white py-1 text-sm text-slate-800 shadow-lg">
          <a role="menuitem" href={`${prefix}/singleInfo?type=0`} className="block px-4 py-2 hover:bg-brand-50">{labels.center}</a>
          <button role="menuitem" type="button" className="block w-full px-4 py-2 text-left hover:bg-brand-50" onClick={logout} data-testid="logout">{labels.logout}</button>
        </div>
      )}
    </div>
  );
}
