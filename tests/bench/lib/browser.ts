import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';

// What a real browser downloads and runs: headless Chromium (Debian's, or CHROMIUM_PATH).

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** A fresh context (empty cache) at 1280×720 (issue #31 item 3) with the locale cookie set. */
export async function freshContext(browser: Browser, base: string, locale: 'zh' | 'en' = 'zh'): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addCookies([{ name: 'locale', value: locale, url: base }]);
  return context;
}

export type JsFile = { url: string; name: string; status: number; rawBytes: number; gzipBytes: number; transferBytes: number; cacheControl: string | null };

const isJs = (response: Response) => /javascript|ecmascript/.test(response.headers()['content-type'] ?? '') || response.request().resourceType() === 'script';

/** Records every JavaScript response of a page (raw, gzip -6 of the body, bytes on the wire, Cache-Control). */
export function recordJs(page: Page): { files: JsFile[]; pending: Promise<unknown>[] } {
  const record = { files: [] as JsFile[], pending: [] as Promise<unknown>[] };
  page.on('response', (response) => {
    if (!isJs(response)) return;
    record.pending.push(
      (async () => {
        const body = await response.body().catch(() => Buffer.alloc(0));
        const sizes = await response.request().sizes().catch(() => ({ responseBodySize: body.length }));
        const headers = await response.allHeaders();
        record.files.push({
          url: response.url(),
          name: new URL(response.url()).pathname.split('/').pop() ?? '',
          status: response.status(),
          rawBytes: body.length,
          gzipBytes: body.length ? gzipSync(body).length : 0,
          transferBytes: sizes.responseBodySize,
          cacheControl: headers['cache-control'] ?? null,
        });
      })(),
    );
  });
  return record;
}

// React's packages as they survive minification: each defines one of these on its exports.
const REACT_PARTS = {
  'react-dom/client': /\.hydrateRoot=function/,
  'react-dom': /\.createPortal=function/,
  react: /\.useState=function/,
  'jsx-runtime': /\.jsxs=/,
  scheduler: /\.unstable_scheduleCallback=function/,
} as const;

/** Which of React's packages a file holds (empty: none). */
export function reactParts(code: string): (keyof typeof REACT_PARTS)[] {
  return (Object.keys(REACT_PARTS) as (keyof typeof REACT_PARTS)[]).filter((part) => REACT_PARTS[part].test(code));
}

export type PageLoad = {
  path: string;
  files: JsFile[];
  /** gzip bytes of all JavaScript responses. */
  responsesGzipBytes: number;
  /** gzip bytes of the inline <script> elements of the HTML (Astro's island loader, small helpers). */
  inlineGzipBytes: number;
  islands: number;
  reactFiles: { name: string; url: string; parts: string[] }[];
};

/**
 * Loads `path` in a fresh context and waits for network idle without any interaction; returns the
 * JavaScript it downloaded. `keepOpen` hands the page back for further steps (the login dialog).
 */
export async function loadPage(browser: Browser, base: string, path: string): Promise<PageLoad & { page: Page; context: BrowserContext; record: ReturnType<typeof recordJs> }> {
  const context = await freshContext(browser, base);
  const page = await context.newPage();
  const record = recordJs(page);
  await page.goto(base + path, { waitUntil: 'networkidle', timeout: 60_000 });
  await Promise.all(record.pending);
  const html = await page.evaluate(() => document.documentElement.outerHTML);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].filter((s) => !/json/.test((s as HTMLScriptElement).type)).map((s) => s.textContent ?? ''),
  );
  const files = [...record.files];
  const reactFiles: PageLoad['reactFiles'] = [];
  for (const file of files) {
    const code = (await (await fetch(file.url)).text()) ?? '';
    const parts = reactParts(code);
    if (parts.length) reactFiles.push({ name: file.name, url: file.url, parts });
  }
  return {
    path,
    files,
    responsesGzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
    inlineGzipBytes: inline.filter((s) => s.trim()).reduce((n, s) => n + gzipSync(s).length, 0),
    islands: (html.match(/<astro-island\b/g) ?? []).length,
    reactFiles,
    page,
    context,
    record,
  };
}

/**
 * Opens the login dialog on a loaded page (click on the header's login button once hydrated) and
 * returns the JavaScript files downloaded from the click until network idle.
 */
export async function openLogin(page: Page, record: ReturnType<typeof recordJs>): Promise<{ opened: boolean; newFiles: JsFile[] }> {
  const before = record.files.length;
  const button = page.locator('[data-testid="login-link"]:enabled');
  await button.waitFor({ timeout: 15_000 });
  await button.click();
  const opened = await page
    .getByRole('dialog')
    .first()
    .waitFor({ state: 'visible', timeout: 15_000 })
    .then(() => true)
    .catch(() => false);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(300);
  await Promise.all(record.pending);
  return { opened, newFiles: record.files.slice(before) };
}

export type TbtRun = { tbtMs: number; fcpMs: number; lcpMs: number; longTasks: number; windowEndMs: number; endedBy: 'network idle' | '5 s after load' };

/**
 * One load of `path` with the CPU slowed `cpuSlowdown`× (DevTools Emulation.setCPUThrottlingRate).
 * Total Blocking Time as Lighthouse computes it: each long task clipped to [FCP, end], the part over
 * 50 ms summed; `end` is network idle (500 ms without requests), at most 5 s after the load event.
 */
export async function measureTbt(browser: Browser, base: string, path: string, cpuSlowdown: number): Promise<TbtRun> {
  const context = await freshContext(browser, base);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await page.addInitScript(() => {
    type Perf = { longTasks: { start: number; duration: number }[]; lcp: number; fcp: number };
    const perf: Perf = { longTasks: [], lcp: 0, fcp: 0 };
    (window as unknown as { __benchPerf: Perf }).__benchPerf = perf;
    const observe = (type: string, on: (entry: PerformanceEntry) => void) => {
      try {
        new PerformanceObserver((list) => list.getEntries().forEach(on)).observe({ type, buffered: true });
      } catch {
        /* entry type not supported */
      }
    };
    observe('longtask', (e) => perf.longTasks.push({ start: e.startTime, duration: e.duration }));
    observe('largest-contentful-paint', (e) => (perf.lcp = e.startTime));
    observe('paint', (e) => {
      if (e.name === 'first-contentful-paint') perf.fcp = e.startTime;
    });
  });
  await page.goto(base + path, { waitUntil: 'load', timeout: 60_000 });
  const endedBy = await page
    .waitForLoadState('networkidle', { timeout: 5_000 })
    .then(() => 'network idle' as const)
    .catch(() => '5 s after load' as const);
  // Let the observers deliver the last entries.
  await page.waitForTimeout(50);
  const perf = await page.evaluate(() => {
    const p = (window as unknown as { __benchPerf: { longTasks: { start: number; duration: number }[]; lcp: number; fcp: number } }).__benchPerf;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return { ...p, now: performance.now(), loadEnd: nav?.loadEventEnd ?? 0 };
  });
  await context.close();
  const end = Math.min(perf.now, perf.loadEnd + 5_000);
  let tbt = 0;
  for (const task of perf.longTasks) {
    const clipped = Math.min(task.start + task.duration, end) - Math.max(task.start, perf.fcp);
    if (clipped > 50) tbt += clipped - 50;
  }
  return {
    tbtMs: Math.round(tbt),
    fcpMs: Math.round(perf.fcp),
    lcpMs: Math.round(perf.lcp),
    longTasks: perf.longTasks.length,
    windowEndMs: Math.round(end),
    endedBy,
  };
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};
