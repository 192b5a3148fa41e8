import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';

// Catalogue pages (issue 4 points 3–7): the category tree with counts, the parametric filter page
// (unit-aware ranges, shareable URLs), the part detail page (previews, pins, download), the
// part-not-found page and search — each with JavaScript on and off.

const FIXED_RESISTORS = '/filterPage/55001/%E5%9B%BA%E5%AE%9A%E7%94%B5%E9%98%BB';
const DETAIL_CANDIDATES = ['STM32F103C8Tx_st', 'NE555D_ti', 'LM358_ti'];
let detailCode = '';

/** The demo catalogue loads on the server's first start; wait for it (and find a part with CAD data). */
async function waitForCatalogue(request: APIRequestContext): Promise<void> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const res = await request.post('/api/chiplet/products/cateTree', { data: { rootId: 10, depth: 1 } });
    const body = (await res.json()) as { result?: { productCount: number }[] };
    if ((body.result?.[0]?.productCount ?? 0) > 0) break;
    if (Date.now() > deadline) throw new Error('the demo catalogue did not load');
    await new Promise((r) => setTimeout(r, 2000));
  }
  for (const code of DETAIL_CANDIDATES) {
    const res = await request.post('/api/chiplet/products/detail', { data: { mfgMpnCode: code } });
    const body = (await res.json()) as { code: number; result?: { symbol: unknown; footprint: unknown; pins: unknown[] } };
    if (body.code === 200000 && body.result?.symbol && body.result.footprint && body.result.pins.length > 0) {
      detailCode = code;
      return;
    }
  }
  throw new Error('no demo part with symbol, footprint and pins');
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  await waitForCatalogue(request);
});

async function noJs(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
  return { context, page: await context.newPage() };
}

const countOf = async (page: Page) => Number(((await page.getByTestId('result-count').textContent()) ?? '').replace(/[^\d]/g, ''));

/** Every resistance cell of the result table, in ohms ('4.7 kΩ' → 4700). */
async function resistances(page: Page): Promise<number[]> {
  const cells = await page.locator('[data-testid="result-row"] td[data-col="resistance"]').allTextContents();
  const mult: Record<string, number> = { '': 1, k: 1e3, M: 1e6, m: 1e-3 };
  return cells.map((c) => {
    const m = /([\d.]+)\s*([kMm]?)Ω/.exec(c);
    return m ? Number(m[1]) * mult[m[2] ?? '']! : NaN;
  });
}

for (const js of [true, false]) {
  const label = js ? 'with JavaScript' : 'without JavaScript';

  test.describe(label, () => {
    let context: BrowserContext;
    let page: Page;
    test.beforeEach(async ({ browser }) => {
      ({ context, page } = js ? await (async () => {
        const c = await browser.newContext({ locale: 'zh-CN' });
        return { context: c, page: await c.newPage() };
      })() : await noJs(browser));
    });
    test.afterEach(async () => {
      await context.close();
    });

    test(`catalogue: the whole tree with product counts and the modules empty state (${label})`, async () => {
      await page.goto('/catalog');
      await expect(page.locator('h1')).toHaveText('元器件目录');
      const sections = page.getByTestId('category-l1');
      expect(await sections.count()).toBeGreaterThanOrEqual(10);
      const counts = (await page.getByTestId('category-count').allTextContents()).map((t) => Number(t.replace(/[^\d]/g, '')));
      expect(counts.some((n) => n > 100)).toBe(true);
      const summaryTotal = Number(((await page.getByTestId('catalog-summary').textContent()) ?? '').split('个')[0]!.replace(/[^\d]/g, ''));
      expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(summaryTotal);
      await expect(page.getByTestId('modules-empty')).toBeVisible();
      // A category link leads to its filter page.
      await page.locator(`section[data-cate-id="10"] a[href*="/filterPage/550/"]`).first().click();
      await expect(page.getByTestId('filter-page')).toBeVisible();
      await expect(page.getByTestId('breadcrumb')).toContainText('元器件目录');
    });

    test(`filter page: a range typed as '4k7' filters, and the shared URL reproduces the view (${label})`, async ({ browser }) => {
      await page.goto(FIXED_RESISTORS);
      await expect(page.getByTestId('filter-title')).toHaveText('固定电阻');
      const all = await countOf(page);
      expect(all).toBeGreaterThan(100);
      await page.getByTestId('min-resistance').fill('4k7');
      await page.getByTestId('max-resistance').fill('10kΩ');
      await page.getByTestId('filter-package').getByLabel('0603').check();
      if (!js) await page.getByTestId('apply-filters').click();
      else await page.waitForURL(/package=0603/); // ticking a box applies at once
      if (js) await page.getByTestId('apply-filters').click();
      await page.waitForURL(/p\.resistance=4k7\.\.10k/);
      expect(new URL(page.url()).search).toBe(`?package=0603&p.resistance=4k7..${encodeURIComponent('10kΩ')}`);
      const filtered = await countOf(page);
      expect(filtered).toBeGreaterThan(0);
      expect(filtered).toBeLessThan(all);
      const values = await resistances(page);
      expect(values.length).toBeGreaterThan(0);
      for (const v of values) {
        expect(v).toBeGreaterThanOrEqual(4700);
        expect(v).toBeLessThanOrEqual(10_000);
      }
      await expect(page.getByTestId('chip-resistance')).toContainText('4k7');
      const firstRows = await page.getByTestId('result-row').locator('td').first().allTextContents();

      // The same URL in a fresh browser (without JavaScript) renders the same view on the server.
      const other = await noJs(browser);
      await other.page.goto(page.url());
      expect(await countOf(other.page)).toBe(filtered);
      expect(await other.page.getByTestId('result-row').locator('td').first().allTextContents()).toEqual(firstRows);
      await expect(other.page.getByTestId('min-resistance')).toHaveValue('4k7');
      await expect(other.page.getByTestId('filter-package').getByLabel('0603')).toBeChecked();
      await other.context.close();

      // Paging keeps the filter.
      if (filtered > 25) {
        await page.getByTestId('next-page').click();
        await expect(page).toHaveURL(/page=2/);
        await expect(page).toHaveURL(/p\.resistance=4k7\.\.10k/);
      }
    });

    test(`filter page: an unreadable or inverted range says so and keeps the rest (${label})`, async () => {
      await page.goto(`${FIXED_RESISTORS}?package=0603&p.resistance=abc..10k`);
      await expect(page.getByTestId('filter-errors')).toContainText('无法识别“abc”');
      const withError = await countOf(page);
      await page.goto(`${FIXED_RESISTORS}?package=0603`);
      expect(await countOf(page)).toBe(withError); // the package filter still applied
      await page.goto(`/en${FIXED_RESISTORS}?p.resistance=10k..4k7`);
      await expect(page.getByTestId('filter-errors')).toContainText('the minimum 10k is above the maximum 4k7');
      await page.goto(`${FIXED_RESISTORS}?p.resistance=3.3V..`);
      await expect(page.getByTestId('filter-errors')).toContainText('单位');
    });

    test(`filter page: unknown category is a 404 (${label})`, async () => {
      const res = await page.goto('/filterPage/999999/x');
      expect(res?.status()).toBe(404);
      await expect(page.getByTestId('error-status')).toHaveText('404');
    });

    test(`detail page: previews load, pins, parameters, JSON-LD, download gives a zip (${label})`, async () => {
      const res = await page.goto(`/productDetail/${detailCode}`);
      expect(res?.status()).toBe(200);
      await expect(page.getByTestId('detail-mpn')).toBeVisible();
      for (const id of ['symbol-img', 'footprint-img']) {
        const img = page.getByTestId(id);
        await img.scrollIntoViewIfNeeded();
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
      }
      expect(await page.getByTestId('pin-table').locator('tbody tr').count()).toBeGreaterThan(3);
      await expect(page.getByTestId('breadcrumb')).toContainText('元器件目录');
      await expect(page.getByTestId('source-licence')).toContainText('CC-BY-SA 4.0');
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as Record<string, unknown>;
      expect(ld).toMatchObject({ '@type': 'Product', mpn: await page.getByTestId('detail-mpn').textContent() });
      expect(ld).not.toHaveProperty('offers');
      expect(await page.title()).toContain(((await page.getByTestId('detail-mpn').textContent()) ?? '').trim());

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-zip').click()]);
      expect(download.suggestedFilename()).toMatch(/\.zip$/);
      const file = readFileSync((await download.path())!);
      expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
    });

    test(`unknown part: 404 with search suggestions (${label})`, async () => {
      const res = await page.goto('/productDetail/STM32F103C8T6_nobody');
      expect(res?.status()).toBe(404);
      await expect(page.getByTestId('part-not-found')).toBeVisible();
      await expect(page.getByTestId('error-message')).toHaveText('未找到该元器件');
      await expect(page.getByTestId('part-suggestions')).toContainText('STM32F103');
      await page.getByTestId('search-suggestion').click();
      await expect(page).toHaveURL(/\/search\?name=STM32F103C8T6/);
    });

    test(`search: results with highlighting and facets, and the empty state (${label})`, async () => {
      await page.goto('/search?name=NE555');
      await expect(page.getByTestId('search-results')).toBeVisible();
      expect(await page.getByTestId('search-result').count()).toBeGreaterThan(0);
      await expect(page.getByTestId('search-result').first()).toContainText('NE555');
      expect(await page.getByTestId('search-result').first().locator('mark').count()).toBeGreaterThan(0); // the engine's highlighting
      await expect(page.locator('#header-search')).toHaveValue('NE555');
      const facet = page.getByTestId('facet-brands').locator('a').first();
      if (await facet.count()) {
        await facet.click();
        await expect(page).toHaveURL(/brand=\d+/);
        await expect(page.getByTestId('search-results')).toBeVisible();
      }
      await page.goto('/search?name=qqzzxxnothing');
      await expect(page.getByTestId('search-empty')).toBeVisible();
      await expect(page.getByTestId('search-empty')).toContainText('qqzzxxnothing');
      await page.goto('/search');
      await expect(page.getByTestId('search-landing')).toBeVisible();
    });
  });
}

test('detail page: a non-file download shows the SPEC §5 message; collecting asks to log in', async ({ page }) => {
  await page.goto(`/productDetail/${detailCode}`);
  await page.route('**/api/chiplet/products/downloadZip', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"code":40400,"msg":"x","result":null}' }));
  await page.getByTestId('download-zip').click();
  await expect(page.getByText('下载文件格式有问题！')).toBeVisible();
  await page.getByTestId('collect').click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('detail page: opening the datasheet counts, in the background', async ({ page, request }) => {
  const counters = async () => ((await (await request.post('/api/chiplet/products/detail', { data: { mfgMpnCode: detailCode } })).json()) as { result: { counters: { pdfCount: number; tagClickCount: number } } }).result.counters;
  const before = await counters();
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'datasheet' }));
  await page.goto(`/productDetail/${detailCode}`);
  const toggle = page.getByTestId('datasheet-preview-toggle');
  if (await toggle.count()) {
    await toggle.click();
    await expect(page.getByTestId('datasheet-frame')).toHaveAttribute('src', /^https?:/);
    await expect.poll(async () => (await counters()).pdfCount).toBe(before.pdfCount + 1);
  }
  await page.getByTestId('detail-package').or(page.locator('[data-mark="tag"]').first()).first().click();
  await expect.poll(async () => (await counters()).tagClickCount).toBe(before.tagClickCount + 1);
});

test('SEO: canonical and hreflang, robots.txt, sitemap index and pages', async ({ page, request }) => {
  await page.goto(`/en/productDetail/${detailCode}`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/en/productDetail/${detailCode}$`));
  await expect(page.locator('link[hreflang="zh"]')).toHaveAttribute('href', new RegExp(`/productDetail/${detailCode}$`));
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /api/');
  expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain('/sitemap-products-1.xml');
  const products = await request.get('/sitemap-products-1.xml');
  expect(products.headers()['content-type']).toContain('application/xml');
  expect(await products.text()).toContain(`/en/productDetail/${detailCode}</loc>`);
  expect((await request.get('/sitemap-products-99999.xml')).status()).toBe(404);
  expect(await (await request.get('/sitemap-pages.xml')).text()).toContain('/filterPage/55001/');
});
