import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './login-helpers.ts';

// Issue #31 item 4: no hydration (or any other React) error on any route of SPEC §2, in either
// locale. Each page is loaded, scrolled so that islands below the fold hydrate too, and its
// console and uncaught errors are read; the BOM flow (/bom → /bomHead → /matching) is walked
// once per locale, since those pages hydrate with a BOM's data.

const STATIC = [
  '/', '/addComponentType', '/addDesignBlockType', '/addFragment', '/addProject', '/addSymbolDevice', '/aiChat', '/bom',
  '/bomContent', '/catalog', '/detail', '/ecadViewer', '/home', '/library', '/login', '/matching', '/modifyFragment?id=1',
  '/sch', '/search?name=NE555', '/singleInfo?type=0', '/subsMaterial', '/symbolSelector', '/top200',
];
const NESTED = [
  '/ecadViewer/ai', '/ecadViewer/indexBK', '/ecadViewer/laud', '/ecadViewer/prop', '/ecadViewer/top100', '/ecadViewer/viewerIndex_',
  '/ecadViewer/viewerPage', '/ecadViewer/viewerRight', '/ecadViewer/ai/aiIcon', '/top200/productCard',
];
// Parametrised routes with and without their (optional) parameters; the demo catalogue's parts.
const PARAMETRISED = [
  '/bomHead', '/productDetail', '/productDetail/NE555P_ti', '/filterPage', '/filterPage/55001/%E5%9B%BA%E5%AE%9A%E7%94%B5%E9%98%BB',
  '/subsMaterial?mfgMpnCode=NE555P_ti',
];
const ROUTES = [...STATIC, ...NESTED, ...PARAMETRISED];

/** A React error as React 19 reports it in production (minified #418/#423/#425…) or in development. */
const REACT_ERROR = /Minified React error|react\.dev\/errors|hydrat|did not match|React/i;

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message.slice(0, 300)}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && REACT_ERROR.test(m.text())) errors.push(`console: ${m.text().slice(0, 300)}`);
  });
  return errors;
}

/**
 * React 19 reports a recoverable (hydration) error through window.reportError, which raises an
 * `error` event without throwing: the page keeps its own list of those, read after each load.
 */
const ERROR_EVENTS = () => {
  const seen: string[] = [];
  (window as unknown as { __reactErrors: string[] }).__reactErrors = seen;
  window.addEventListener('error', (e) => seen.push(String(e.message || e.error)));
};
const errorEvents = (page: Page) => page.evaluate(() => (window as unknown as { __reactErrors?: string[] }).__reactErrors ?? []);

test('the sweep sees an error React reports without throwing', async ({ page }) => {
  await page.addInitScript(ERROR_EVENTS);
  const errors = collectErrors(page);
  await page.goto('/doc/userAgreement.html');
  await page.evaluate(() => reportError(new Error('Minified React error #418; visit https://react.dev/errors/418')));
  expect([...errors, ...(await errorEvents(page))].join('\n')).toMatch(/#418/);
});

/** Scrolls to the end so client:visible islands hydrate, then waits for every island. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    }
    window.scrollTo(0, 0);
  });
  await hydrated(page);
  // Errors raised by effects just after hydration (React reports recoverable errors in a task).
  await page.waitForTimeout(150);
}

test.describe.configure({ mode: 'serial' });

for (const locale of ['zh', 'en'] as const) {
  const prefix = locale === 'en' ? '/en' : '';

  test(`${locale}: every route of SPEC §2 hydrates without a React error`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.addInitScript(ERROR_EVENTS);
    const found: string[] = [];
    for (const route of ROUTES) {
      const errors = collectErrors(page);
      const path = route === '/' ? prefix || '/' : `${prefix}${route}`;
      const res = await page.goto(path, { waitUntil: 'load' });
      expect(res?.status(), path).toBeLessThan(500);
      await settle(page);
      found.push(...[...errors, ...(await errorEvents(page)).map((e) => `error event: ${e}`)].map((e) => `${path}: ${e}`));
      page.removeAllListeners('pageerror');
      page.removeAllListeners('console');
    }
    expect(found).toEqual([]);
  });

  test(`${locale}: the BOM flow /bom → /bomHead → /matching hydrates without a React error`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.addInitScript(ERROR_EVENTS);
    const errors = collectErrors(page);
    const events = async () => errors.push(...(await errorEvents(page)).map((e) => `error event: ${e}`));
    await page.goto(`${prefix}/bom`);
    await hydrated(page);
    await events();
    await page.getByTestId('bom-file').setInputFiles({
      name: 'tomu-kicad-bom.csv',
      mimeType: 'text/csv',
      buffer: readFileSync('tests/fixtures/bom/eval/tomu-kicad-bom.csv'),
    });
    await page.waitForURL(/\/bomHead\/[0-9a-f-]{36}/);
    await expect(page.getByTestId('bom-mapping')).toBeVisible();
    await settle(page);
    await events();
    await page.getByTestId('bom-confirm').click();
    await page.waitForURL(/\/matching\?bomId=/);
    await expect(page.getByTestId('bom-grid')).toBeVisible({ timeout: 60_000 });
    await settle(page);
    await events();
    // A reload of each page of the flow hydrates from the server's HTML, not from the client's state.
    await page.reload();
    await settle(page);
    await events();
    expect(errors).toEqual([]);
  });
}
