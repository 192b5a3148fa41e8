import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $token } from '../../lib/client/store.ts';
import type { AccountLabels } from './labels.ts';
import { ProfilePanel } from './profile-panel.tsx';

export type AccountTab = 0 | 1 | 2 | 3 | 4;

/** What each list tab offers while it is empty: where to go to fill it. */
const EMPTY: Record<Exclude<AccountTab, 0>, { title: keyof AccountLabels; body: keyof AccountLabels; action: keyof AccountLabels; href: string; icon: string }> = {
  1: { title: 'emptyBoms', body: 'emptyBomsBody', action: 'emptyBomsAction', href: '/bom', icon: 'M4 5h16M4 10h16M4 15h10M4 20h7' },
  2: { title: 'emptyCollections', body: 'emptyCollectionsBody', action: 'emptyCollectionsAction', href: '/catalog', icon: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z' },
  3: { title: 'emptyDesigns', body: 'emptyDesignsBody', action: 'emptyDesignsAction', href: '/sch', icon: 'M4 4h16v16H4zM8 8h3v3H8zM13 13h3v3h-3zM11 9.5h5M9.5 11v5' },
  4: { title: 'emptyComponents', body: 'emptyComponentsBody', action: 'emptyComponentsAction', href: '/search', icon: 'M8 3v3M16 3v3M8 18v3M16 18v3M3 8h3M3 16h3M18 8h3M18 16h3M6 6h12v12H6z' },
};

/**
 * The personal centre's content (SPEC §2 /singleInfo?type=N). The server cannot know the login
 * state (the token lives in localStorage), so it renders the frame and this island decides on the
 * client: a login prompt, the profile (type 0), or the list tabs (1-4).
 */
export default function AccountCenter({ type, locale, labels }: { type: AccountTab; locale: 'zh' | 'en'; labels: AccountLabels }) {
  const token = useStore($token);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const prefix = locale === 'en' ? '/en' : '';

  if (!mounted) {
    return (
      <div className="grid min-h-64 place-items-center text-sm text-slate-500" aria-busy="true">
        {labels.loading}
      </div>
    );
  }

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
        <button
          type="button"
          className="mt-6 rounded-md bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700"
          onClick={() => window.dispatchEvent(new CustomEvent('chipedia:login'))}
          data-testid="account-login-button"
        >
          {labels.loginButton}
        </button>
      </div>
    );
  }

  if (type === 0) return <ProfilePanel labels={labels} locale={locale} />;

  const empty = EMPTY[type];
  return (
    <div className="flex min-h-64 flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center" data-testid="account-empty">
      <span className="grid h-14 w-14 place-items-center rounded-full bg-slate-100 text-slate-500" aria-hidden="true">
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round">
          <path d={empty.icon} />
        </svg>
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{labels[empty.title]}</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-600">{labels[empty.body]}</p>
      <a href={`${prefix}${empty.href}`} className="mt-6 rounded-md bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700" data-testid="account-empty-action">
        {labels[empty.action]}
      </a>
    </div>
  );
}
