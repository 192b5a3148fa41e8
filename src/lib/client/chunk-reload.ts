// A deploy replaces hashed chunks; a page still holding old links fails to load them. SPEC §8:
// reload then, at most once per minute (a broken deploy must not loop).
export const RELOAD_THROTTLE_MS = 60_000;
const KEY = 'chunkReloadAt';

export function shouldReload(nowMs: number, lastReloadMs: number | null): boolean {
  return lastReloadMs === null || !Number.isFinite(lastReloadMs) || nowMs - lastReloadMs >= RELOAD_THROTTLE_MS;
}

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk [\w-]+ failed/i.test(
    message,
  );
}

export function installChunkReload(win: Window = window): void {
  const onFailure = () => {
    // Offline, the chunk is missing for another reason: a reload would only show the browser's
    // offline page in place of the one the user has.
    if (win.navigator?.onLine === false) return;
    let last: number | null = null;
    try {
      const raw = win.sessionStorage.getItem(KEY);
      last = raw === null ? null : Number(raw);
    } catch {
      /* storage unavailable: still throttled by the in-memory flag below */
    }
    if (!shouldReload(Date.now(), last)) return;
    try {
      win.sessionStorage.setItem(KEY, String(Date.now()));
    } catch {
      /* ignore */
    }
    win.location.reload();
  };
  win.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    onFailure();
  });
  win.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) onFailure();
  });
}
