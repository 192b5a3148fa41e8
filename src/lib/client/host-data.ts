import { allowedHostOrigins, isEmbedded, postToHost, type BridgeWindow } from './host-bridge.ts';
import { parseHostDataMessage, type HostDataKind, type HostDataMessage } from './host-messages.ts';

// Asking the embedding host for its data (ADR 0015 §1): we post `requestData { what }`, the host
// answers `{ source: 'kicad-host', type: 'data', what, files: [{ name, data (base64) }] }`, either
// as a message from the parent frame (only from an allowed HOST_ORIGINS origin) or, in a web view
// without a parent frame, by calling `window.chipediaHostData(message)` from its own script (as it
// calls `chipediaHostAuth`). An answer is checked against host-messages.ts (≤ 20 files, ≤ 20 MB);
// anything else — another origin, another window, a malformed or oversized message, an answer for
// another `what` — is dropped and the wait goes on.

export type { HostDataKind };
export type HostFile = { name: string; bytes: Uint8Array };

/** How long a page waits for the host before offering its own upload. */
export const HOST_DATA_TIMEOUT_MS = 15_000;

type Waiter = { what: HostDataKind; resolve: (files: HostFile[]) => void };

type DataWindow = Pick<Window, 'addEventListener'> & BridgeWindow & { chipediaHostData?: (message: unknown) => boolean };

const waiters = new Set<Waiter>();
const installed = new WeakSet<object>();

export function decodeBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Hands a checked message to the pages waiting for its kind; true when one took it. */
export function deliverHostData(message: unknown): boolean {
  const parsed: HostDataMessage | null = parseHostDataMessage(message);
  if (!parsed) return false;
  let taken = false;
  for (const w of [...waiters]) {
    if (w.what !== parsed.what) continue;
    waiters.delete(w);
    w.resolve(parsed.files.map((f) => ({ name: f.name, bytes: decodeBase64(f.data) })));
    taken = true;
  }
  return taken;
}

/** Installs both ways in for an answer (idempotent). */
export function installHostData(win: DataWindow): void {
  if (installed.has(win)) return;
  installed.add(win);
  win.chipediaHostData = (message: unknown) => deliverHostData(message);
  win.addEventListener('message', (event: MessageEvent) => {
    // Only the embedding parent frame speaks for the host, and only from an allowed origin.
    if (win.parent === (win as unknown) || event.source !== win.parent) return;
    if (!allowedHostOrigins(win).includes(event.origin)) return;
    deliverHostData(event.data);
  });
}

/**
 * Asks the host for `what`. Resolves to the files of the first valid answer, or null when the page is
 * not inside a host, or the host did not answer within `timeoutMs` (the page then offers its upload).
 */
export function requestHostData(
  what: HostDataKind,
  { timeoutMs = HOST_DATA_TIMEOUT_MS, win = typeof window === 'undefined' ? undefined : (window as unknown as DataWindow) }: { timeoutMs?: number; win?: DataWindow } = {},
): Promise<HostFile[] | null> {
  if (!win || !isEmbedded(win)) return Promise.resolve(null);
  installHostData(win);
  return new Promise((resolve) => {
    const waiter: Waiter = {
      what,
      resolve: (files) => {
        clearTimeout(timer);
        resolve(files);
      },
    };
    const timer = setTimeout(() => {
      waiters.delete(waiter);
      resolve(null);
    }, timeoutMs);
    waiters.add(waiter);
    if (!postToHost('requestData', { what }, win)) {
      waiters.delete(waiter);
      clearTimeout(timer);
      resolve(null);
    }
  });
}

/** Host files as the browser's File objects, so the pages' upload paths take them unchanged. */
export function asFiles(files: readonly HostFile[]): File[] {
  return files.map((f) => new File([f.bytes as Uint8Array<ArrayBuffer>], f.name.split('/').pop() ?? f.name));
}
