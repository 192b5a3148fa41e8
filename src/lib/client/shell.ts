import { installChunkReload } from './chunk-reload.ts';
import { readHostVersion } from './host-bridge.ts';
import { installHostAuth } from './host-auth.ts';
import { installLoadingOverlay, showLoadingOverlay } from './loading-overlay.ts';
import { mobileRedirectTarget } from './mobile-redirect.ts';
import { clientMessage } from './messages.ts';
import { createProgressBar } from './progress.ts';
import { adoptHandedToken, takeFlash } from './session-handover.ts';
import { $kicadVersion, $locale, $online } from './store.ts';
import { toast } from './toast.ts';
import { extractUrlAuth } from './url-auth.ts';

// Page shell behaviour shared by every page that has the header (SPEC §2, §4, §8, §9).
// Vanilla code on purpose: it runs on pages that ship no framework.

export const IDLE_PREFETCH_TIMEOUT_MS = 2000;

/** A low-priority fetch into the HTTP cache; our own two lines instead of a script on every page. */
function prefetchPage(href: string): void {
  if ((navigator as { connection?: { saveData?: boolean } }).connection?.saveData) return;
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = href;
  document.head.append(link);
}

function boot(): void {
  installHostAuth();
  const root = document.documentElement;
  const locale = root.lang === 'en' ? 'en' : 'zh';
  $locale.set(locale);
  const [, bare] = locale === 'en' ? ['en', location.pathname.slice(3) || '/'] : ['zh', location.pathname];

  // 1. Credentials handed over in the URL (SPEC §4): stripped from the address at once; a token
  // signs in only once the API confirms it and, over another account's session, only if the user
  // agrees (session-handover.ts); the page then reloads. Names in the URL are never taken: the
  // API's record says whose account it is.
  const urlAuth = extractUrlAuth(location.href);
  if (urlAuth) {
    history.replaceState(history.state, '', urlAuth.cleanUrl);
    if (urlAuth.auth.token) void adoptHandedToken(urlAuth.auth.token, { reload: true });
  }
  const flash = takeFlash();
  if (flash) toast(flash, 'success');

  // 2. Mobile site: phones were sent there by the middleware; tablets are caught here.
  const mobile = mobileRedirectTarget(
    root.dataset.mobileSite ?? '',
    bare,
    location.search,
    window.innerWidth,
    navigator.maxTouchPoints > 0 || 'ontouchstart' in window,
    locale,
  );
  if (mobile) {
    location.replace(mobile);
    return;
  }

  // 3. Host version: now, then re-read about 1 s after load and 3 s after start (SPEC §4).
  const readVersion = () => $kicadVersion.set(readHostVersion(location.search) || $kicadVersion.get());
  readVersion();
  window.addEventListener('load', () => setTimeout(readVersion, 1000));
  setTimeout(readVersion, 3000);

  // 4. Online/offline, announced with a toast.
  $online.set(navigator.onLine);
  window.addEventListener('offline', () => {
    $online.set(false);
    toast(clientMessage('toast.offline'), 'warning');
  });
  window.addEventListener('online', () => {
    $online.set(true);
    toast(clientMessage('toast.online'), 'success');
  });

  // 5. Progress bar on navigation away; chunk-load failures reload once a minute at most.
  const bar = document.getElementById('progress-bar');
  if (bar) {
    const progress = createProgressBar(bar);
    window.addEventListener('beforeunload', () => progress.start());
    window.addEventListener('pageshow', () => progress.finish());
  }
  installChunkReload();
  installLoadingOverlay(clientMessage('overlay.confirmCancel'));

  // 6. Idle prefetch of the likely next pages.
  const prefix = locale === 'en' ? '/en' : '';
  const likely = [`${prefix}/catalog`, `${prefix}/bom`, `${prefix}/search`].filter((p) => p !== location.pathname);
  const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
  idle(() => likely.forEach(prefetchPage), { timeout: IDLE_PREFETCH_TIMEOUT_MS });

  // Exposed for features and for end-to-end tests of the shell itself.
  (window as unknown as { chipedia: unknown }).chipedia = { toast, showLoadingOverlay };
}

boot();
