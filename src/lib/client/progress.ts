// Top progress bar (SPEC §4, §9): runs 0 -> 100 over about 5 s, hidden 500 ms after finishing,
// updates throttled to one per 200 ms.
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_MS = 500;
export const PROGRESS_THROTTLE_MS = 200;

/** Eases towards 99 % over the duration; only finish() reaches 100. */
export function progressAt(elapsedMs: number, durationMs = PROGRESS_DURATION_MS): number {
  if (elapsedMs <= 0) return 0;
  return Math.min(99, Math.round((elapsedMs / durationMs) * 100));
}

export function createProgressBar(el: HTMLElement) {
  let started = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const set = (value: number) => {
    el.style.transform = `scaleX(${value / 100})`;
    el.setAttribute('aria-valuenow', String(value));
  };
  return {
    start() {
      clearTimeout(hideTimer);
      clearInterval(timer);
      started = performance.now();
      el.hidden = false;
      set(0);
      timer = setInterval(() => set(progressAt(performance.now() - started)), PROGRESS_THROTTLE_MS);
    },
    finish() {
      clearInterval(timer);
      set(100);
      hideTimer = setTimeout(() => {
        el.hidden = true;
        set(0);
      }, PROGRESS_HIDE_MS);
    },
  };
}
