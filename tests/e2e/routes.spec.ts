import { expect, test } from '@playwright/test';

// SPEC §2: every route in zh (no prefix) and en (/en).
const ROUTES = [
  '/', '/home', '/addComponentType', '/addDesignBlockType', '/addFragment', '/addProject', '/addSymbolDevice', '/aiChat', '/bom',
  '/bomContent', '/catalog', '/detail', '/ecadViewer', '/library', '/login', '/matching', '/modifyFragment?id=3', '/sch', '/search',
  '/singleInfo', '/subsMaterial', '/symbolSelector', '/top200', '/ecadViewer/ai', '/ecadViewer/indexBK', '/ecadViewer/laud',
  '/ecadViewer/prop', '/ecadViewer/top100', '/ecadViewer/viewerIndex_', '/ecadViewer/viewerPage', '/ecadViewer/viewerRight',
  '/ecadViewer/ai/aiIcon', '/top200/productCard', '/bomHead', '/bomHead/42', '/productDetail', '/productDetail/STM32F103C8Tx_st',
  '/filterPage', '/filterPage/12', '/filterPage/12/%E5%BE%AE%E6%8E%A7%E5%88%B6%E5%99%A8',
];

test('every route answers in both locales with a designed page', async ({ request }) => {
  for (const route of ROUTES) {
    for (const [prefix, lang, cookie] of [['', 'zh-CN', 'locale=zh'], ['/en', 'en', 'locale=en']] as const) {
      const path = prefix && route === '/' ? '/en' : prefix + route;
      const res = await request.get(path, { headers: { cookie }, maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(`<html lang="${lang}"`);
      expect(html, path).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    }
  }
});

test('unknown routes and malformed parameters give the 404 page, never 500', async ({ page }) => {
  for (const [path, text] of [
    ['/no/such/page', '找不到该页面'],
    ['/en/no/such/page', 'This page could not be found'],
    ['/productDetail/%zz', '找不到该页面'],
    ['/en/productDetail/%zz', 'This page could not be found'],
    ['/filterPage/abc/x', '找不到该页面'],
    ['/productDetail/a/b', '找不到该页面'],
  ] as const) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText(text);
    await expect(page.getByTestId('error-status')).toHaveText('404');
  }
  // An unknown part is a 404 with its own message (nearest part numbers, a search link).
  expect((await page.goto('/productDetail/NO-SUCH-PART_x'))?.status()).toBe(404);
  await page.goto('/productDetail/a/b');
  await page.getByTestId('back-home').click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/en/no/such/page');
  await page.getByTestId('back-home').click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('header and footer are hidden on the nine embedded paths, shown elsewhere', async ({ page }) => {
  for (const path of ['/symbolSelector', '/library', '/addSymbolDevice', '/addFragment', '/login', '/addComponentType', '/addDesignBlockType', '/modifyFragment', '/addProject']) {
    await page.goto(path);
    // Every embedded page is real since issues #16 and #17.
    const real: Record<string, string> = {
      '/symbolSelector': 'symbol-selector',
      '/login': 'login-page',
      '/addComponentType': 'category-form-page',
      '/addDesignBlockType': 'category-form-page',
      '/addSymbolDevice': 'component-editor-page',
      '/addFragment': 'add-fragment',
      '/modifyFragment': 'modify-fragment',
      // Issue #17's host pages.
      '/library': 'library-page',
      '/addProject': 'add-project-page',
    };
    await expect(page.getByTestId(real[path]!), path).toBeVisible();
    await expect(page.getByTestId('site-header'), path).toHaveCount(0);
    await expect(page.getByTestId('site-footer'), path).toHaveCount(0);
  }
  await page.goto('/bom');
  await expect(page.getByTestId('site-header')).toBeVisible();
  await expect(page.getByTestId('site-footer')).toBeVisible();
  await page.goto('/aiChat'); // no-footer layout
  await expect(page.getByTestId('site-header')).toBeVisible();
  await expect(page.getByTestId('site-footer')).toHaveCount(0);
});

test('footer links to real legal pages and the ICP filing', async ({ page }) => {
  await page.goto('/bom');
  await page.getByRole('link', { name: '用户协议' }).click();
  await expect(page.locator('h1').first()).toContainText('用户协议');
  await page.goto('/bom');
  await page.getByRole('link', { name: '隐私政策' }).click();
  await expect(page.locator('h1').first()).toContainText('隐私政策');
  await page.goto('/bom');
  await expect(page.getByTestId('icp-link')).toHaveText('京ICP备12345678号-1');
  await expect(page.getByTestId('icp-link')).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
});
