import type { KeyboardEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { LoginData } from '../../lib/client/login-flow.ts';
import type { LoginContext } from './labels.ts';
import { SmsForm } from './sms-form.tsx';
import { completeLogin, loginSettings, type LoginSettings } from './sso-client.ts';
import { WechatLogin } from './wechat-login.tsx';

export type Tab = 'phone' | 'wechat';
const TABS: readonly Tab[] = ['phone', 'wechat'];

/**
 * The tabs 'phone login' and 'WeChat login' with their panels; shared by the modal dialog and the
 * standalone /login page. Both panels stay mounted (typed phone and countdown survive a tab switch);
 * the WeChat panel polls only while it is the active tab of a visible panel.
 */
export function LoginPanel({ ctx, visible, onDone, idPrefix = 'login' }: { ctx: LoginContext; visible: boolean; onDone?: (ok: boolean, data: LoginData) => void; idPrefix?: string }) {
  const { labels } = ctx;
  const [tab, setTab] = useState<Tab>('phone');
  const [settings, setSettings] = useState<LoginSettings | null>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ phone: null, wechat: null });

  useEffect(() => {
    let alive = true;
    void loginSettings().then((s) => alive && setSettings(s));
    return () => {
      alive = false;
    };
  }, []);

  const onLoggedIn = (data: LoginData) => {
    void completeLogin(data, onDone ? (ok) => onDone(ok, data) : undefined);
  };

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = TABS.indexOf(tab);
    const next = e.key === 'ArrowRight' ? TABS[(i + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(i + TABS.length - 1) % TABS.length] : undefined;
    if (!next) return;
    e.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={labels.title} className="flex border-b border-slate-200 px-5 text-sm" onKeyDown={onTabKey}>
        {TABS.map((key) => (
          <button
            key={key}
            ref={(el) => {
              tabRefs.current[key] = el;
            }}
            id={`${idPrefix}-tab-${key}`}
            type="button"
            role="tab"
            aria-selected={tab === key}
            aria-controls={`${idPrefix}-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
            className={`-mb-px border-b-2 px-3 py-2 ${tab === key ? 'border-brand-600 font-medium text-brand-600' : 'border-transparent text-slate-500 hover:text-slate-800'}`}
          >
            {key === 'phone' ? labels.tabPhone : labels.tabWechat}
          </button>
        ))}
      </div>
      {TABS.map((key) => (
        <div
          key={key}
          id={`${idPrefix}-panel-${key}`}
          role="tabpanel"
          aria-labelledby={`${idPrefix}-tab-${key}`}
          hidden={tab !== key}
          className="min-h-0 flex-1 overflow-y-auto px-5 pb-2 pt-2"
        >
          {!settings ? (
            <div className="grid h-full place-items-center text-sm text-slate-500">{labels.sliderLoading}</div>
          ) : key === 'phone' ? (
            <SmsForm ctx={ctx} settings={settings} onLoggedIn={onLoggedIn} idPrefix={`${idPrefix}-sms`} autoFocus={visible && tab === 'phone'} />
          ) : (
            <WechatLogin ctx={ctx} settings={settings} active={visible && tab === 'wechat'} onLoggedIn={onLoggedIn} />
          )}
        </div>
      ))}
    </>
  );
}
