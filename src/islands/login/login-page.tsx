import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { displayName } from '../../lib/client/display-name.ts';
import { installHostAuth } from '../../lib/client/host-auth.ts';
import { hostActionAllowed, isEmbedded, postToHost, readHostVersion } from '../../lib/client/host-bridge.ts';
import { type LoginData } from '../../lib/client/login-flow.ts';
import { safeRedirect } from '../../lib/client/safe-redirect.ts';
import { $kicadVersion, $nickname, $phone, $token, $username, resetUserInfo } from '../../lib/client/store.ts';
import { toast } from '../../lib/client/toast.ts';
import { reactIsland } from '../react-island.ts';
import Toaster from '../shell/toaster.tsx';
import type { LoginLabels } from './labels.ts';
import { LoginPanel } from './login-panel.tsx';

export type LoginPageLabels = { pageLoggedIn: string; pageContinue: string; pageSwitch: string; upgrade: string };

/**
 * The standalone login page (SPEC §2 /login; no header or footer) for hosts that open a login
 * window: the dialog's panel in place. After a login the host gets `updateToken` with the auth of
 * SPEC §3 (host callback payload), then the page goes to `?redirect=` (same origin only) or shows
 * the logged-in state. The page has no header, hence no page shell and no layout toaster: it brings
 * its own (the host upgrade warning is a toast).
 */
function LoginPage({ locale, labels, page }: { locale: 'zh' | 'en'; labels: LoginLabels; page: LoginPageLabels }) {
  const token = useStore($token);
  const nickname = useStore($nickname);
  const phone = useStore($phone);
  const username = useStore($username);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    installHostAuth();
    setMounted(true);
  }, []);
  const home = locale === 'en' ? '/en' : '/';
  const redirect = () => safeRedirect(new URLSearchParams(location.search).get('redirect'));

  const onDone = (ok: boolean, data: LoginData) => {
    if (ok && isEmbedded()) {
      const version = readHostVersion(location.search) || $kicadVersion.get();
      if (version && !hostActionAllowed(version)) toast(page.upgrade, 'warning');
      else postToHost('updateToken', { userId: data.userId, username: data.username, token: data.token, phone: data.phone, nickname: data.nickname, lastLoginTime: data.lastLoginTime });
    }
    const target = ok ? redirect() : null;
    if (target) window.location.assign(target);
    else window.location.reload();
  };

  return (
    <div className="flex h-[360px] w-[300px] flex-col overflow-hidden rounded-xl bg-white text-slate-900 shadow-xl" data-testid="login-page">
      <h1 id="login-title" className="px-5 pb-2 pt-3.5 text-base font-semibold">
        {labels.title}
      </h1>
      {!mounted ? null : token ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-4 px-5 text-center text-sm" data-testid="login-page-done">
          <p>{page.pageLoggedIn.replace('{name}', displayName({ nickname, phone, username }))}</p>
          <Button asChild>
            <a href={redirect() ?? home}>{page.pageContinue}</a>
          </Button>
          <Button
            type="button"
            variant="link"
            onClick={() => {
              void fetch('/api/chiplet/user/logout', { method: 'POST', headers: { 'X-token': token } }).catch(() => undefined);
              resetUserInfo();
            }}
          >
            {page.pageSwitch}
          </Button>
        </div>
      ) : (
        <LoginPanel ctx={{ locale, labels }} visible onDone={onDone} idPrefix="page" />
      )}
      <Toaster closeLabel={labels.close} />
    </div>
  );
}

export default reactIsland(LoginPage);
