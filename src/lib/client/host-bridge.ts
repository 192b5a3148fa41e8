import { $kicadVersion } from './store.ts';

// Messages to an embedding host (desktop EDA or KiCad webview). SPEC §7 leaves names and shapes
// open; ours are `{ source: 'chipedia', type, payload }` posted to the parent frame and, when the
// host injects one, to `window.chipediaHost.postMessage`.
export type HostMessageType =
  | 'login'
  | 'addComponent'
  | 'addDesignBlock'
  | 'updateToken'
  | 'logout'
  | 'showModal'
  | 'endModal';

type HostObject = { postMessage?: (message: unknown) => void; version?: string };

function hostObject(): HostObject | undefined {
  return (globalThis as { chipediaHost?: HostObject }).chipediaHost;
}

export function isEmbedded(): boolean {
  return typeof window !== 'undefined' && (window.parent !== window || hostObject() !== undefined);
}

export function postToHost(type: HostMessageType, payload: unknown = null): boolean {
  const message = { source: 'chipedia', type, payload };
  const host = hostObject();
  if (host?.postMessage) {
    host.postMessage(message);
    return true;
  }
  if (typeof window !== 'undefined' && window.parent !== window) {
    window.parent.postMessage(message, '*');
    return true;
  }
  return false;
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
