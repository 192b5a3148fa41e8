import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { ALLOWED_HOST_PORT } from '../../playwright.config.ts';
import { apiLogin, uniquePhone } from './login-helpers.ts';

// Issue #18 item 4a on the real server: every SPEC §2 route, in both locales, satisfies the
// Content-Security-Policy it is sent with (no securitypolicyviolation, no CSP console error); only
// the host pages may be framed, and only by HOST_ORIGINS; every kind of answer (pages, API, SSO,
// static files, user files, errors, 404, operator endpoints) carries nosniff and Referrer-Policy;
// HSTS goes out only when the request came over TLS, here said by the trusted loopback proxy
// (playwright.config.ts sets TRUST_PROXY=loopback).

const HOST_ORIGIN = `http://127.0.0.1:${ALLOWED_HOST_PORT}`;

/** SPEC §2: static, nested and parametrised routes. */
const SPEC_ROUTES = [
  '/',
  '/addComponentType',
  '/addDesignBlockType',
  '/addFragment',
  '/addProject',
  '/addSymbolDevice',
  '/aiChat',
  '/bom',
  '/bomContent',
  '/catalog',
  '/detail',
  '/ecadViewer',
  '/home',
  '/library',
  '/login',
  '/matching',
  '/modifyFragment?id=1',
  '/sch',
  '/search?name=ne555',
  '/singleInfo?type=0',
  '/subsMaterial',
  '/symbolSelector',
  '/top200',
  '/ecadViewer/ai',
  '/ecadViewer/indexBK',
  '/ecadViewer/laud',
  '/ecadViewer/prop',
  '/ecadViewer/top100',
  '/ecadViewer/viewerIndex_',
  '/ecadViewer/viewerPage',
  '/ecadViewer/viewerRight',
  '/ecadViewer/ai/aiIcon',
  '/top200/productCard',
  '/bomHead',
  '/productDetail/NE555P_ti',
  '/filterPage/55001/%E5%9B%BA%E5%AE%9A%E7%94%B5%E9%98%BB',
  '/no-such-page',
];
/** The pages a host frames (security-headers.ts HOST_PAGE_PATHS). */
const HOST_PAGES = new Set(['/addComponentType', '/addDesignBlockType', '/addFragment', '/addProject', '/addSymbolDevice', '/library', '/login', '/modifyFragment', '/symbolSelector', '/ecadViewer/ai/aiIcon']);

const withLocale = (path: string, locale: 'zh' | 'en') => (locale === 'zh' ? path : path === '/' ? '/en' : `/en${path}`);
const barePathOf = (path: string) => path.split('?')[0]!;

function frameAncestorsOf(csp: string): string {
  return (
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('frame-ancestors')) ?? ''
  );
}

async function recordViolations(page: Page): Promise<string[]> {
  const fromConsole: string[] = [];
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  page.on('console', (m) => {
    if (/Content.Security.Policy|Refused to (load|execute|apply|connect|frame|create)/i.test(m.text())) fromConsole.push(`${page.url()}: ${m.text()}`);
  });
  return fromConsole;
}

test('every SPEC route, zh and en, satisfies its CSP; only host pages may be framed, by HOST_ORIGINS only', async ({ page }) => {
  test.setTimeout(900_000);
  const fromConsole = await recordViolations(page);
  // Logged in, so the personal pages render their real content rather than the login prompt.
  const login = await apiLogin(page.request, uniquePhone('136'));
  await page.goto('/catalog');
  await page.evaluate((token) => localStorage.setItem('token', token), login.token);
  const visited: string[] = [];
  // Every route is visited before judging, so one run names every page that breaks its policy.
  const problems: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  for (const locale of ['zh', 'en'] as const) {
    for (const route of SPEC_ROUTES) {
      const path = withLocale(route, locale);
      const res = await page.goto(path, { waitUntil: 'load' });
      expect(res, path).not.toBeNull();
      const headers = res!.headers();
      const csp = headers['content-security-policy'] ?? '';
      check(csp.includes("default-src 'self'") && csp.includes("object-src 'none'"), `${path}: CSP ${csp}`);
      check(headers['x-content-type-options'] === 'nosniff', `${path}: nosniff`);
      check(headers['referrer-policy'] === 'strict-origin-when-cross-origin', `${path}: Referrer-Policy`);
      check(headers['strict-transport-security'] === undefined, `${path}: HSTS over plain HTTP`);
      if (HOST_PAGES.has(barePathOf(route))) {
        check(frameAncestorsOf(csp) === `frame-ancestors ${HOST_ORIGIN}`, `${path}: host page ${frameAncestorsOf(csp)}`);
        check(headers['x-frame-options'] === undefined, `${path}: host page X-Frame-Options ${headers['x-frame-options']}`);
      } else {
        check(frameAncestorsOf(csp) === "frame-ancestors 'none'", `${path}: ${frameAncestorsOf(csp)}`);
        check(headers['x-frame-options'] === 'DENY', `${path}: X-Frame-Options ${headers['x-frame-options']}`);
      }
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
      const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      for (const v of violations) problems.push(`${path}: ${v}`);
      visited.push(path);
    }
  }
  expect(visited).toHaveLength(SPEC_ROUTES.length * 2);
  expect(problems).toEqual([]);
  expect(fromConsole).toEqual([]);
});

test('nosniff and Referrer-Policy on every kind of answer; HSTS only when a trusted proxy says https', async ({ page, request }) => {
  test.setTimeout(180_000);
  const login = await apiLogin(request, uniquePhone('136'));
  const persisted = await request.post('/api/file/operation/persistence/file', {
    headers: { 'x-token': login.token },
    multipart: { file: { name: 'note "x".html', mimeType: 'text/html', buffer: Buffer.from('<script>alert(1)</script>') } },
  });
  expect(persisted.status()).toBe(200);
  const fileUrl = ((await persisted.json()) as { result: { url: string } }).result.url;
  const html = await (await request.get('/catalog')).text();
  const asset = /\/_astro\/[\w.-]+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();

  const kinds: [string, (extra: Record<string, string>) => Promise<APIResponse>][] = [
    ['page', (h) => request.get('/catalog', { headers: h })],
    ['en host page', (h) => request.get('/en/login', { headers: h })],
    ['404 page', (h) => request.get('/no-such-page', { headers: h })],
    ['locale redirect', (h) => request.get('/__locale?to=en&path=/catalog', { headers: h, maxRedirects: 0 })],
    ['API JSON', (h) => request.get('/api/chiplet/products/chosenCateTree', { headers: h })],
    ['API 404', (h) => request.get('/api/nope', { headers: h })],
    ['API 400', (h) => request.post('/api/chiplet/products/queryPage', { headers: { ...h, 'content-type': 'application/json' }, data: '{"pageNum":"x"' })],
    ['API 401', (h) => request.get('/api/chiplet/u/comp/one?userCompId=1', { headers: h })],
    ['API docs', (h) => request.get('/api/docs', { headers: h })],
    ['user file', (h) => request.get(fileUrl, { headers: { ...h, 'x-token': login.token } })],
    ['SSO JSON', (h) => request.get('/sso/captcha/challenge', { headers: h })],
    ['build asset', (h) => request.get(asset!, { headers: h })],
    ['public file', (h) => request.get('/favicon.svg', { headers: h })],
    ['public page', (h) => request.get('/doc/userAgreement.html', { headers: h })],
    ['robots', (h) => request.get('/robots.txt', { headers: h })],
    ['healthz', (h) => request.get('/healthz', { headers: h })],
    ['readyz', (h) => request.get('/readyz', { headers: h })],
  ];
  for (const [kind, get] of kinds) {
    const plain = await get({});
    expect(plain.status(), kind).toBeLessThan(500);
    expect(plain.headers()['x-content-type-options'], kind).toBe('nosniff');
    expect(plain.headers()['referrer-policy'], kind).toBeTruthy();
    expect(plain.headers()['content-security-policy'], kind).toMatch(/frame-ancestors ('none'|'self'|http)/);
    expect(plain.headers()['strict-transport-security'], kind).toBeUndefined();
    // The e2e server trusts the loopback proxy, so this request counts as having come over TLS.
    const tls = await get({ 'x-forwarded-proto': 'https' });
    expect(tls.headers()['strict-transport-security'], kind).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    const notTls = await get({ 'x-forwarded-proto': 'http' });
    expect(notTls.headers()['strict-transport-security'], kind).toBeUndefined();
  }
  // The user's file: a download that cannot run.
  const file = await request.get(fileUrl, { headers: { 'x-token': login.token } });
  expect(file.headers()['content-type']).toBe('application/octet-stream');
  expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="note [^"\\]*\.html"; filename\*=UTF-8''note%20[\w%.~-]+\.html$/);
  expect(file.headers()['content-security-policy']).toContain('sandbox');
  await page.close();
});
