import { useEffect, useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { LoginData } from '../../lib/client/login-flow.ts';
import type { LoginContext } from './labels.ts';
import { useRemembered } from './login-memory.tsx';
import { SmsForm } from './sms-form.tsx';
import { completeLogin, loadedLoginSettings, loginSettings, type LoginSettings } from './sso-client.ts';
import { WechatLogin } from './wechat-login.tsx';

export type Tab = 'phone' | 'wechat';
const TABS: readonly Tab[] = ['phone', 'wechat'];
const isTab = (value: string): value is Tab => (TABS as readonly string[]).includes(value);

/**
 * The tabs 'phone login' and 'WeChat login' (Radix Tabs: arrow keys, Home and End move between them)
 * with their panels; shared by the modal dialog and the standalone /login page. Both panels stay
 * mounted (typed phone and countdown survive a tab switch); the WeChat panel polls only while it is
 * the active tab of a visible panel.
 */
export function LoginPanel({ ctx, visible, onDone, idPrefix = 'login' }: { ctx: LoginContext; visible: boolean; onDone?: (ok: boolean, data: LoginData) => void; idPrefix?: string }) {
  const { labels } = ctx;
  const [tab, setTab] = useRemembered<Tab>(`${idPrefix}:tab`, 'phone');
  const [settings, setSettings] = useState<LoginSettings | null>(() => loadedLoginSettings());
  // The phone field takes focus when the panel opens on the phone tab, not on a later tab switch
  // (arrow keys keep the focus on the tabs).
  const [phoneFirst] = useState(() => tab === 'phone');

  useEffect(() => {
    if (settings) return;
    let alive = true;
    void loginSettings().then((s) => alive && setSettings(s));
    return () => {
      alive = false;
    };
  }, []);

  const onLoggedIn = (data: LoginData) => {
    void completeLogin(data, onDone ? (ok) => onDone(ok, data) : undefined);
  };

  return (
    <Tabs value={tab} onValueChange={(value) => isTab(value) && setTab(value)} className="min-h-0 flex-1 gap-0">
      <TabsList aria-label={labels.title} className="h-auto w-full justify-start rounded-none border-b border-slate-200 bg-transparent p-0 px-5 text-sm">
        {TABS.map((key) => (
          <TabsTrigger
            key={key}
            value={key}
            className="-mb-px flex-none rounded-none border-0 border-b-2 border-transparent px-3 py-2 text-sm font-normal text-slate-500 shadow-none hover:text-slate-800 data-[state=active]:border-brand-600 data-[state=active]:bg-transparent data-[state=active]:font-medium data-[state=active]:text-brand-600 data-[state=active]:shadow-none"
          >
            {key === 'phone' ? labels.tabPhone : labels.tabWechat}
          </TabsTrigger>
        ))}
      </TabsList>
      {TABS.map((key) => (
        // forceMount + hidden: both panels stay mounted; the panel itself is no tab stop (its
        // first field is), as before.
        <TabsContent key={key} value={key} forceMount hidden={tab !== key} tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto px-5 pb-2 pt-2">
          {!settings ? (
            <div className="grid h-full place-items-center text-sm text-slate-500">{labels.sliderLoading}</div>
          ) : key === 'phone' ? (
            <SmsForm ctx={ctx} settings={settings} onLoggedIn={onLoggedIn} idPrefix={`${idPrefix}-sms`} autoFocus={visible && phoneFirst} />
          ) : (
            <WechatLogin ctx={ctx} settings={settings} active={visible && tab === 'wechat'} onLoggedIn={onLoggedIn} />
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}
