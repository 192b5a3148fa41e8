import { $kicadVersion } from './store.ts';

// Messages to an embedding host (desktop EDA or KiCad web view). SPEC §7 leaves names and shapes
// open; ours are `{ source: 'chipedia', type, payload }`, handed to the host object a web view
// injects (`window.chipediaHost`), or posted to the parent frame, but only when the parent's
// origin is one of HOST_ORIGINS and only to that origin: a foreign page that frames us receives
// nothing (issue #9 item 1; the session token travels in `updateToken`).
export type HostMessageType =
  | 'login'
  | 'addComponent'
  | 'addDesignBlock'
  | 'updateToken'
  | 'logout'
  | 'showModal'
  | 'endModal'
  | 'requestData';

/** SPEC §2: the host opens these pages as dialogs of these sizes (CSS pixels), asked with `showModal`. */
export const HOST_DIALOG_SIZES = {
  addComponentType: { width: 900, height: 400 },
  addDesignBlockType: { width: 900, height: 400 },
  addSymbolDevice: { width: 1400, height: 700 },
  modifyFragment: { width: 660, height: 320 },
} as const;
export type HostDialogPage = keyof typeof HOST_DIALOG_SIZES;
/**
 * The KiCad WebView session, when the page opened one (kicad-host/page-session.ts registers it).
 * Kept as a hook so the page shell, which imports this file, does not carry the session code.
 */
export type KicadLink = { isOpen(): boolean; login(url: string): void };
let kicadLink: KicadLink | null = null;
export function attachKicadLink(link: KicadLink | null): void {
  kicadLink = link;
}

type HostObject = { postMessage?: (message: unknown) => void; version?: string };

/** What the bridge reads of the page; tests pass their own. */
export type BridgeWindow = {
  parent: unknown;
  location: { ancestorOrigins?: ArrayLike<string> };
  document: { referrer: string; documentElement: { dataset: Record<string, string | undefined> } };
  chipediaHost?: HostObject;
};

const pageWindow = (): BridgeWindow | undefined => (typeof window === 'undefined' ? undefined : (window as unknown as BridgeWindow));

/** HOST_ORIGINS, rendered by the layout into `<html data-host-origins>`. */
export function allowedHostOrigins(win = pageWindow()): string[] {
  return (win?.document?.documentElement?.dataset['hostOrigins'] ?? '').split(/\s+/).filter(Boolean);
}

/**
 * The origin of the frame that embeds us, when it is an allowed host; else ''. Chromium and WebKit
 * tell it in `location.ancestorOrigins`; elsewhere the referrer names it. Either way the message is
 * posted with this exact target origin, so the browser itself refuses delivery to anyone else.
 */
export function embeddingHostOrigin(win = pageWindow()): string {
  if (!win || win.parent === win) return '';
  let origin = win.location.ancestorOrigins?.[0] ?? '';
  if (!origin) {
    try {
      origin = win.document.referrer ? new URL(win.document.referrer).origin : '';
    } catch {
      origin = '';
    }
  }
  return allowedHostOrigins(win).includes(origin) ? origin : '';
}

function hostObject(win = pageWindow()): HostObject | undefined {
  return win?.chipediaHost;
}

/** Inside a host: a web view's host object, or a frame whose parent is an allowed host. */
export function isEmbedded(win = pageWindow()): boolean {
  return hostObject(win) !== undefined || embeddingHostOrigin(win) !== '';
}

export function postToHost(type: HostMessageType, payload: unknown = null, win = pageWindow()): boolean {
  // In the KiCad WebView, `login` is KiCad's REMOTE_LOGIN (ADR 0015 §1): KiCad shows its login.
  if (type === 'login' && kicadLink?.isOpen()) {
    const url = typeof payload === 'object' && payload !== null && typeof (payload as { url?: unknown }).url === 'string' ? (payload as { url: string }).url : loginUrl(win);
    kicadLink.login(url);
    return true;
  }
  const message = { source: 'chipedia', type, payload };
  const host = hostObject(win);
  if (host?.postMessage) {
    host.postMessage(message);
    return true;
  }
  const origin = embeddingHostOrigin(win);
  if (!origin) return false;
  (win!.parent as Window).postMessage(message, origin);
  return true;
}

function loginUrl(win: BridgeWindow | undefined): string {
  const loc = (win?.location ?? {}) as { origin?: string; pathname?: string };
  const prefix = loc.pathname === '/en' || loc.pathname?.startsWith('/en/') ? '/en' : '';
  return `${loc.origin ?? ''}${prefix}/login`;
}

/** Compares dotted versions numerically: '9.0.10' > '9.0.5'. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** SPEC §9: the kicad path swap applies from 9.0.5. */
export function usesKicadVariants(version = $kicadVersion.get()): boolean {
  return version !== '' && compareVersions(version, '9.0.5') >= 0;
}

/** SPEC §5, §9: host actions need a host version above 9.0.3. */
export function hostActionAllowed(version = $kicadVersion.get()): boolean {
  return version !== '' && compareVersions(version, '9.0.3') > 0;
}

/** Host version from the host object or the host_version query, else cleared (SPEC §4). */
export function readHostVersion(search: string): string {
  const fromHost = hostObject()?.version;
  if (fromHost && /^\d+(\.\d+){0,3}$/.test(fromHost)) return fromHost;
  const fromQuery = new URLSearchParams(search).get('host_version');
  if (fromQuery && /^\d+(\.\d+){0,3}$/.test(fromQuery)) return fromQuery;
  return '';
}
