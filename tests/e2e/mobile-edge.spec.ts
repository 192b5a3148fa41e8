import { expect, test, type APIResponse } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';

// The mobile redirect decided in the middleware (src/lib/site/mobile-edge.ts), against the built
// server that playwright.config.ts starts with MOBILE_SITE_URL = <server>/m.

const MOBILE = `${baseURL}/m`;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const GOOGLEBOT_SMARTPHONE =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const zh = { 'accept-language': 'zh-CN', cookie: 'locale=zh' };

function varyOf(res: APIResponse): string[] {
  return (res.headers()['vary'] ?? '').split(',').map((v) => v.trim().toLowerCase());
}

test('phones are sent to the mobile site by a private 302 before the page renders', async ({ request }) => {
  const res = await request.get('/search?name=LM358', { headers: { ...zh, 'user-agent': IPHONE }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()['location']).toBe(`${MOBILE}/search?name=LM358`);
  expect(varyOf(res)).toEqual(expect.arrayContaining(['sec-ch-ua-mobile', 'user-agent']));
  expect(res.headers()['cache-control']).toBe('private, no-store');
  expect(await res.text()).toBe('');

  // The client hint decides for Chromium browsers; English pages keep /en on the mobile site.
  const hinted = await request.get('/en/productDetail/STM32F103C8T6?tab=pins', {
    headers: { ...zh, 'user-agent': ANDROID_CHROME, 'sec-ch-ua-mobile': '?1' },
    maxRedirects: 0,
  });
  expect(hinted.status()).toBe(302);
  expect(hinted.headers()['location']).toBe(`${MOBILE}/en/productDetail/STM32F103C8T6?tab=pins`);

  const head = await request.head('/', { headers: { ...zh, 'user-agent': IPHONE }, maxRedirects: 0 });
  expect(head.status()).toBe(302);
  expect(head.headers()['location']).toBe(`${MOBILE}/`);
});

test('crawlers, tablets and desktops get the page, which asks for the hint and varies on it', async ({ request }) => {
  const cases: [string, Record<string, string>][] = [
    ['Googlebot smartphone with ?1', { 'user-agent': GOOGLEBOT_SMARTPHONE, 'sec-ch-ua-mobile': '?1' }],
    ['iPad', { 'user-agent': IPAD }],
    ['desktop Chrome with ?0', { 'user-agent': DESKTOP, 'sec-ch-ua-mobile': '?0' }],
    ['phone agent, hint ?0', { 'user-agent': ANDROID_CHROME, 'sec-ch-ua-mobile': '?0' }],
  ];
  for (const [name, headers] of cases) {
    const res = await request.get('/search?name=LM358', { headers: { ...zh, ...headers }, maxRedirects: 0 });
    expect(res.status(), name).toBe(200);
    expect(res.headers()['accept-ch'], name).toBe('Sec-CH-UA-Mobile');
    expect(varyOf(res), name).toEqual(expect.arrayContaining(['sec-ch-ua-mobile', 'user-agent', 'cookie', 'accept-language']));
  }
});

test('other pages are untouched, even for phones', async ({ request }) => {
  const res = await request.get('/bom', { headers: { ...zh, 'user-agent': IPHONE }, maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(res.headers()['accept-ch']).toBeUndefined();
  expect(varyOf(res)).not.toContain('user-agent');
});

test('a phone without JavaScript still lands on the mobile site (the edge, not the browser, sent it)', async ({ browser }) => {
  // isMobile: Chromium sends Sec-CH-UA-Mobile: ?1 (with false it sends ?0, which wins over the agent).
  const phone = await browser.newContext({ userAgent: ANDROID_CHROME, isMobile: true, hasTouch: true, javaScriptEnabled: false, viewport: { width: 412, height: 915 }, locale: 'zh-CN' });
  const page = await phone.newPage();
  await page.goto('/search?name=LM358');
  await expect(page).toHaveURL(`${MOBILE}/search?name=LM358`);
  await phone.close();

  // A tablet is left to the browser check: without JavaScript it stays.
  const tablet = await browser.newContext({ userAgent: IPAD, javaScriptEnabled: false, viewport: { width: 820, height: 1180 }, hasTouch: true, locale: 'zh-CN' });
  const page2 = await tablet.newPage();
  await page2.goto('/search?name=LM358');
  await expect(page2).toHaveURL(/127\.0\.0\.1:\d+\/search\?name=LM358$/);
  await tablet.close();
});
