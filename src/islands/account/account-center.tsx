import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { $token } from '../../lib/client/store.ts';
import { AccountSkeleton } from './account-skeleton.tsx';
import type { AccountLabels } from './labels.ts';
import { reactIsland } from '../react-island.ts';
import { requestLogin } from '../../lib/client/login-request.ts';

// The profile (forms, avatar upload) is a chunk of its own: only a logged-in visitor on type=0 needs it.
const ProfilePanel = lazy(() => import('./profile-panel.tsx').then((m) => ({ default: m.ProfilePanel })));
// The personal library's tabs (#16), each a chunk of its own.
const CollectionsPanel = lazy(() => import('../library/collections-panel.tsx').then((m) => ({ default: m.CollectionsPanel })));
const ComponentsPanel = lazy(() => import('../library/components-panel.tsx').then((m) => ({ default: m.ComponentsPanel })));
const AccountBoms = lazy(() => import('./my-lists-panel.tsx').then((m) => ({ default: m.AccountBoms })));
const AccountDesigns = lazy(() => import('./my-lists-panel.tsx').then((m) => ({ default: m.AccountDesigns })));
const BlocksPanel = lazy(() => import('../library/blocks-panel.tsx').then((m) => ({ default: m.BlocksPanel })));

export type AccountTab = 0 | 1 | 2 | 3 | 4 | 5;

/** Props of a library panel: its strings, full keys ('collections.title'; singleInfo.astro picks the areas). */
export type LibraryPanelProps = { locale: 'zh' | 'en'; labels: Record<string, string> };

/** What each list tab offers while it is empty: where to go to fill it. */
const EMPTY: Record<1 | 3, { title: keyof AccountLabels; body: keyof AccountLabels; action: keyof AccountLabels; href: string; icon: string }> = {
  1: { title: 'emptyBoms', body: 'emptyBomsBody', action: 'emptyBomsAction', href: '/bom', icon: 'M4 5h16M4 10h16M4 15h10M4 20h7' },
  3: { title: 'emptyDesigns', body: 'emptyDesignsBody', action: 'emptyDesignsAction', href: '/sch', icon: 'M4 4h16v16H4zM8 8h3v3H8zM13 13h3v3h-3zM11 9.5h5M9.5 11v5' },
};

/**
 * The personal centre's content (SPEC §2 /singleInfo?type=N). The server cannot know the login
 * state (the token lives in localStorage), so it renders the frame and this island decides on the
 * client: a login prompt, the profile (type 0), or the list tabs (1-4).
 */
function AccountCenter({ type, locale, labels, panelLabels = {} }: { type: AccountTab; locale: 'zh' | 'en'; labels: AccountLabels; panelLabels?: Record<string, string> }) {
  const token = useStore($token);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const prefix = locale === 'en' ? '/en' : '';

  if (!mounted) return <AccountSkeleton label={labels.loading} />;

  if (!token) {
    return (
      <div className="flex min-h-64 flex-col items-center justify-center rounded-xl border border-slate-200 bg-white px-6 py-12 text-center" data-testid="account-login-prompt">
        <span className="grid h-14 w-14 place-items-center rounded-full bg-brand-50 text-brand-600" aria-hidden="true">
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
            <circle cx="12" cy="8" r="4" />
            <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
          </svg>
        </span>
        <h2 className="mt-4 text-lg font-semibold text-slate-900">{labels.loginPrompt}</h2>
        <p className="mt-1 text-sm text-slate-600">{labels.loginPromptBody}</p>
        <Button type="button" className="mt-6 px-5" onClick={requestLogin} data-testid="account-login-button">
          {labels.loginButton}
        </Button>
      </div>
    );
  }

  if (type === 0) {
    return (
      <Suspense fallback={<AccountSkeleton label={labels.loading} />}>
        <ProfilePanel labels={labels} locale={locale} />
      </Suspense>
    );
  }

  if (type === 2 || type === 4 || type === 5) {
    const Panel = type === 2 ? CollectionsPanel : type === 4 ? ComponentsPanel : BlocksPanel;
    return (
      <Suspense fallback={<AccountSkeleton label={labels.loading} />}>
        <Panel locale={locale} labels={panelLabels} />
      </Suspense>
    );
  }

  const empty = EMPTY[type];
  const placeholder = (
    <div className="flex min-h-64 flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center" data-testid="account-empty">
      <span className="grid h-14 w-14 place-items-center rounded-full bg-slate-100 text-slate-500" aria-hidden="true">
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round">
          <path d={empty.icon} />
        </svg>
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{labels[empty.title]}</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-600">{labels[empty.body]}</p>
      <Button asChild className="mt-6 px-5">
        <a href={`${prefix}${empty.href}`} data-testid="account-empty-action">
          {labels[empty.action]}
        </a>
      </Button>
    </div>
  );
  // The user's own lists; the placeholder only when they are empty.
  const List = type === 1 ? AccountBoms : AccountDesigns;
  return (
    <Suspense fallback={<AccountSkeleton label={labels.loading} />}>
      <List labels={labels} locale={locale} empty={placeholder} />
    </Suspense>
  );
}

export default reactIsland(AccountCenter);
