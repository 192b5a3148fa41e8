import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, dragSlider, hydrated, inboxCode, uniquePhone, useSession } from './login-helpers.ts';
import { ALLOWED_HOST_PORT, ATTACKER_PORT } from '../../playwright.config.ts';

// Issue #9 in a real browser, with real second origins on other local ports: a foreign page framing
// /login gets neither the page nor the token; an allowed host (HOST_ORIGINS) still works; a token in
// the URL cannot switch a logged-in victim into another account; /login?redirect= stays on our
// origin; and no page kind violates the Content-Security-Policy the site sends.

const SITE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`;

/** A page on another origin that frames `src` and records every message it receives. */
function framingPage(src: string): string {
  return `<!doctype html><meta charset="utf-8"><title>host</title>
<script>window.received = []; addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data }));</script>
<iframe id="f" src="${src}" style="width:420px;height:480px"></iframe>`;
}

let servers: Server[] = [];
test.beforeAll(async () => {
  servers = await Promise.all(
    [ATTACKER_PORT, ALLOWED_HOST_PORT].map(
      (port) =>
        new Promise<Server>((resolve) => {
          const server = createServer((req, res) => {
            const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '/login';
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            res.end(framingPage(`${SITE}${src}`));
          });
          server.listen(port, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
});
test.afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

const received = (page: Page) => page.evaluate(() => (window as unknown as { received: { origin: string; data: unknown }[] }).received);

test('item 1: a foreign origin cannot frame /login, so it never sees a token', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/frame-ancestors|Refused to frame/i.test(m.text())) blocked.push(m.text());
  });
  await page.goto(`http://127.0.0.1:${ATTACKER_PORT}/?src=/login`);
  await expect.poll(() => blocked.length).toBeGreaterThan(0);
  // The frame holds Chromium's error page, not our login form.
  const frame = page.frameLocator('#f');
  await expect(frame.getByTestId('login-page')).toHaveCount(0);
  expect(await received(page)).toEqual([]);
});

test('item 1: an allowed host frames /login and receives updateToken at its own origin', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${ALLOWED_HOST_PORT}/?src=/login`);
  const box = page.frameLocator('#f').getByTestId('login-page');
  await expect(box).toBeVisible();
  await page.frames()[1]!.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
  const phone = uniquePhone('135');
  await box.getByTestId('login-phone').fill(phone);
  await dragSlider(page, box);
  await box.getByTestId('login-get-code').click();
  await box.getByTestId('login-code').fill(await inboxCode(page.request, phone));
  await box.getByTestId('login-submit').click();
  await expect.poll(async () => (await received(page)).length).toBeGreaterThan(0);
  const [message] = await received(page);
  expect(message!.origin).toBe(SITE);
  expect(message!.data).toMatchObject({ source: 'chipedia', type: 'updateToken', payload: { phone } });
  expect((message!.data as { payload: { token: string } }).payload.token).toMatch(/^[\w-]{40,}$/);
});

test('item 1: an allowed host signs a framed host page in by message; malformed messages change nothing', async ({ page }) => {
  const login = await apiLogin(page.request, uniquePhone('135'));
  // Only host pages may be framed (issue #18 item 4): the host's login page.
  await page.goto(`http://127.0.0.1:${ALLOWED_HOST_PORT}/?src=/login`);
  const frame = page.frameLocator('#f');
  await expect(frame.getByTestId('login-phone')).toBeVisible();
  await page.frames()[1]!.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
  // Verified by the API first; the name shown is the API's, not the message's.
  await page.evaluate(
    ([token, site]) => {
      const f = document.getElementById('f') as HTMLIFrameElement;
      f.contentWindow!.postMessage({ source: 'kicad-host', type: 'auth', state: 3, payload: { token, nickname: 'Mallory', lastLoginTime: Math.floor(Date.now() / 1000) } }, site!);
    },
    [login.token, SITE],
  );
  const done = frame.getByTestId('login-page-done');
  await expect(done).toContainText(`${login.phone!.slice(0, 3)}****${login.phone!.slice(7)}`);
  await expect(done).not.toContainText('Mallory');
  await page.evaluate((site) => {
    const w = (document.getElementById('f') as HTMLIFrameElement).contentWindow!;
    w.postMessage({ source: 'kicad-host', type: 'auth', state: 9 }, site);
    w.postMessage({ source: 'kicad-host', type: 'auth', state: '2', extra: { deep: true } }, site);
    w.postMessage('{"source":"kicad-host","type":"auth","state":2}', site);
  }, SITE);
  await page.waitForTimeout(500);
  await expect(done).toBeVisible();
  // A well-formed logout is honoured.
  await page.evaluate((site) => (document.getElementById('f') as HTMLIFrameElement).contentWindow!.postMessage({ source: 'kicad-host', type: 'auth', state: 2 }, site), SITE);
  await expect(frame.getByTestId('login-phone')).toBeVisible();
});

test('issue #18 item 4: even an allowed host cannot frame a page that is not a host page', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/frame-ancestors|Refused to frame/i.test(m.text())) blocked.push(m.text());
  });
  for (const src of ['/catalog', '/en/productDetail/NE555P_ti', '/singleInfo?type=0']) {
    blocked.length = 0;
    await page.goto(`http://127.0.0.1:${ALLOWED_HOST_PORT}/?src=${encodeURIComponent(src)}`);
    await expect.poll(() => blocked.length, src).toBeGreaterThan(0);
    expect(page.frames().some((f) => f.url().startsWith(SITE) && f.url().includes(src.split('?')[0]!)), src).toBe(false);
  }
});

test('item 3: a token in the URL never replaces another account without asking; names in the URL are ignored', async ({ page }) => {
  const victim = await apiLogin(page.request, uniquePhone('137'));
  const attacker = await apiLogin(page.request, uniquePhone('139'));
  await page.goto('/catalog');
  await useSession(page, victim);
  await hydrated(page);
  const masked = (p: string) => `${p.slice(0, 3)}****${p.slice(7)}`;
  await expect(page.getByTestId('display-name')).toHaveText(masked(victim.phone!));

  await page.goto(`/catalog?token=${attacker.token}&nickname=attacker`);
  const dialog = page.getByTestId('session-switch-dialog');
  await expect(dialog).toBeVisible();
  // Whose account the link wants, and whose is signed in, both from the API's records.
  await expect(dialog).toContainText(masked(attacker.phone!));
  await expect(dialog).toContainText(masked(victim.phone!));
  await expect(dialog).not.toContainText('attacker');
  expect(page.url()).not.toContain('token=');
  await dialog.getByRole('button', { name: `保持「${masked(victim.phone!)}」` }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(victim.token);
  await expect(page.getByTestId('display-name')).toHaveText(masked(victim.phone!));

  // An unknown token changes nothing and says so.
  await page.goto(`/catalog?token=${'x'.repeat(43)}`);
  await expect(page.locator('#toast-region')).toContainText('登录链接无效或已过期');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(victim.token);

  // Logged out, a valid link signs in and tells whose account it is.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/catalog?token=${attacker.token}&nickname=evil`);
  await expect(page.locator('#toast-region')).toContainText(`已登录账号：${masked(attacker.phone!)}`);
  await expect(page.getByTestId('display-name')).toHaveText(masked(attacker.phone!));
});

test('item 7: /login?redirect= cannot leave the site', async ({ page }) => {
  const login = await apiLogin(page.request, uniquePhone('134'));
  for (const target of ['/%09/evil.example', '//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)']) {
    await page.goto(`/login?redirect=${encodeURIComponent(decodeURIComponent(target))}`);
    await useSession(page, login);
    await hydrated(page);
    const next = page.getByTestId('login-page-done').getByRole('link');
    const href = (await next.getAttribute('href')) ?? '';
    expect(new URL(href, SITE).origin, target).toBe(SITE);
    await page.evaluate(() => localStorage.clear());
  }
});

test('item 6: a NUL in a page query shows the bad-input state, not the 500 page', async ({ page }) => {
  const res = await page.goto('/search?name=stm32&package=a%00b');
  expect(res?.status()).toBe(400);
  await expect(page.getByTestId('input-problem')).toContainText('package');
  await expect(page.getByTestId('search-page')).toBeVisible();
  await page.goto('/en/filterPage/55001/x?brand=%00');
  await expect(page.getByTestId('input-problem')).toContainText('brand');
});

test('item 10: no page kind violates the Content-Security-Policy', async ({ page }) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const fromConsole: string[] = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy|Refused to/i.test(m.text())) fromConsole.push(`${page.url()}: ${m.text()}`);
  });
  const visit = async (path: string, act?: () => Promise<void>) => {
    const res = await page.goto(path);
    expect(res?.headers()['content-security-policy'], path).toBeTruthy();
    expect(res?.headers()['x-content-type-options'], path).toBe('nosniff');
    await page.waitForLoadState('networkidle');
    if (act) await act();
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect(violations, path).toEqual([]);
  };
  const pages = [
    '/',
    '/en',
    '/catalog',
    '/filterPage/55001/%E5%9B%BA%E5%AE%9A%E7%94%B5%E9%98%BB?resistance=1000',
    '/search?name=ne555',
    '/en/search?name=stm32',
    '/bom',
    '/ecadViewer',
    '/login',
    '/no-such-page',
    '/doc/userAgreement.html',
    '/api/docs',
  ];
  for (const path of pages) await visit(path);
  // The detail page with its 3D viewer scrolled into view.
  await visit('/productDetail/NE555P_ti', async () => {
    await page.getByTestId('model3d-viewer').scrollIntoViewIfNeeded();
    await page.waitForTimeout(1500);
  });
  // The login dialog, both tabs.
  await visit('/catalog', async () => {
    await hydrated(page);
    await page.getByTestId('login-link').click();
    const dialog = page.getByTestId('login-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('tab', { name: '微信登录' }).click();
    await page.waitForTimeout(1000);
  });
  // The personal centre, logged in.
  const login = await apiLogin(page.request, uniquePhone('133'));
  await page.goto('/singleInfo?type=0');
  await useSession(page, login);
  await visit('/singleInfo?type=0');
  expect(fromConsole).toEqual([]);
});
