import { expect, test, type Page } from '@playwright/test';
import { apiLogin, apiSendCode, dragSlider, hydrated, inboxCode, masked, sliderDrag, uniquePhone } from './login-helpers.ts';

// The login dialog against the real SSO with the development SMS and WeChat providers
// (src/lib/sso/README.md): SMS login, WeChat QR login (bound and unbound), QR refresh, validation,
// log out, and the host's auth callback. Every test uses its own phones (1 SMS per phone a minute).

async function openDialog(page: Page, path = '/bom') {
  await page.goto(path);
  await hydrated(page);
  await page.getByTestId('login-link').click();
  const dialog = page.getByTestId('login-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('validation messages: phone, slider, code (zh), and the English texts under /en', async ({ page }) => {
  const dialog = await openDialog(page);
  const error = dialog.getByTestId('login-error');
  await expect(dialog.getByTestId('dev-sms-notice')).toContainText('短信不会真正发送');
  await expect(dialog.getByTestId('login-phone')).toBeFocused();

  await dialog.getByTestId('login-get-code').click();
  await expect(error).toHaveText('请输入手机号码');
  await expect(error).toHaveAttribute('role', 'alert');
  await expect(dialog.getByTestId('login-phone')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByTestId('login-phone')).toBeFocused();

  await dialog.getByTestId('login-phone').fill('12345678901');
  await dialog.getByTestId('login-get-code').click();
  await expect(error).toHaveText('手机号码格式不正确');

  await dialog.getByTestId('login-phone').fill(uniquePhone());
  await dialog.getByTestId('login-get-code').click();
  await expect(error).toHaveText('请滑动验证');
  await expect(dialog.getByTestId('login-slider-knob')).toBeFocused();

  await dialog.getByTestId('login-submit').click();
  await expect(error).toHaveText('请输入验证码');
  await expect(dialog.getByTestId('login-code')).toBeFocused();

  // A drag that is too fast and straight is refused before it reaches the server.
  const knob = (await dialog.getByTestId('login-slider-knob').boundingBox())!;
  await page.mouse.move(knob.x + 5, knob.y + 5);
  await page.mouse.down();
  await page.mouse.move(knob.x + 60, knob.y + 5, { steps: 3 });
  await page.mouse.up();
  await expect(dialog.getByTestId('login-slider-message')).toHaveText(/^滑动验证失败,失败编号10\d\d$/);
  await expect(dialog.getByTestId('login-slider')).toHaveAttribute('data-status', 'idle');

  // Keyboard: arrows move the block (a slider to assistive technology), but a keyboard track cannot
  // pass the server's human-track check, so it is never sent and the user is told what to do.
  const knobEl = dialog.getByTestId('login-slider-knob');
  await expect(knobEl).toHaveAttribute('role', 'slider');
  await knobEl.focus();
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
  await expect(knobEl).toHaveAttribute('aria-valuenow', '24');
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('login-slider-message')).toHaveText('键盘操作无法完成滑动验证，请使用鼠标或触屏拖动，或改用微信登录');
  await expect(knobEl).toHaveAttribute('aria-valuenow', '0');

  const en = await openDialog(page, '/en/bom');
  await expect(en.getByRole('tab', { name: 'Phone login' })).toHaveAttribute('aria-selected', 'true');
  await en.getByTestId('login-get-code').click();
  await expect(en.getByTestId('login-error')).toHaveText('Please enter your phone number');
  await en.getByTestId('login-phone').fill('10000000000');
  await en.getByTestId('login-submit').click();
  await expect(en.getByTestId('login-error')).toHaveText('Invalid phone number');
  await en.getByTestId('login-phone').fill(uniquePhone());
  await en.getByTestId('login-get-code').click();
  await expect(en.getByTestId('login-error')).toHaveText('Please complete the slider check');
  await expect(en.getByTestId('dev-sms-notice')).toContainText('codes are NOT sent');
});

test('the dialog: code loaded on first open, labelled by its title, focus trapped and handed back, keyboard tabs, Escape; what was typed and the countdown survive a close', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/\/_astro\/login-dialog\.[\w-]+\.js$/.test(r.url())) chunks.push(r.url());
  });
  await page.goto('/bom');
  await hydrated(page);
  await page.waitForTimeout(500);
  expect(chunks).toEqual([]); // not in the header's bundle
  const opener = page.getByTestId('login-link');
  await opener.focus(); // focus (or the pointer) reaching 'login' starts loading it
  await expect.poll(() => chunks.length).toBe(1);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '登录芯百科' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('data-testid', 'login-dialog');
  await expect(dialog.getByTestId('login-phone')).toBeFocused();

  // Focus stays inside, forwards and backwards.
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `${key} ×${i + 1}`).toBe(true);
    }
  }
  // Tabs: arrows move and select (wrapping around), the tab list is one tab stop.
  const phoneTab = dialog.getByRole('tab', { name: '手机登录' });
  const wechatTab = dialog.getByRole('tab', { name: '微信登录' });
  await phoneTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(wechatTab).toBeFocused();
  await expect(wechatTab).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByTestId('wechat-qr')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(phoneTab).toBeFocused();
  await expect(phoneTab).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(wechatTab).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(phoneTab).toHaveAttribute('aria-selected', 'true');
  await expect(wechatTab).toHaveAttribute('tabindex', '-1');

  // Outside clicks do nothing; Escape closes and focus goes back to 'login'.
  await page.mouse.click(10, 500);
  await page.mouse.click(1270, 790);
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // Reopened, the phone typed and the running countdown are still there.
  const phone = uniquePhone('134');
  await opener.click();
  const box = page.getByTestId('login-dialog');
  await box.getByTestId('login-phone').fill(phone);
  await dragSlider(page, box);
  await box.getByTestId('login-get-code').click();
  await expect(box.getByTestId('login-get-code')).toHaveText(/^\d+秒后重发$/);
  await box.getByRole('button', { name: '关闭' }).click();
  await expect(box).toBeHidden();
  await expect(opener).toBeFocused();
  await page.waitForTimeout(1200);
  await opener.click();
  await expect(box.getByTestId('login-phone')).toHaveValue(phone);
  const button = box.getByTestId('login-get-code');
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute('data-state', 'countdown');
  const left = Number((await button.textContent())!.match(/\d+/)![0]);
  expect(left).toBeGreaterThanOrEqual(55);
  expect(left).toBeLessThanOrEqual(59);
  expect(chunks).toHaveLength(1);
});

test('SMS login: slider dragged by mouse, failed send shows re-send, countdown, code from the dev inbox, masked phone, log out', async ({ page }) => {
  test.setTimeout(120_000);
  const busy = uniquePhone('139');
  const phone = uniquePhone('138');
  // A code was just sent to `busy`: the dialog's send for it fails (1 SMS per phone a minute).
  await apiSendCode(page.request, busy);

  const dialog = await openDialog(page);
  await dialog.getByTestId('login-phone').fill(busy);
  await dragSlider(page, dialog);
  const button = dialog.getByTestId('login-get-code');
  await button.click();
  await expect(dialog.getByTestId('login-error')).toHaveText(/^发送过于频繁，请\d+秒后再试$/);
  await expect(button).toHaveText('重新发送');
  await expect(button).toHaveAttribute('data-state', 'resend');
  // The slider starts over with a new challenge.
  await expect(dialog.getByTestId('login-slider')).toHaveAttribute('data-status', 'idle');

  await dialog.getByTestId('login-phone').fill(phone);
  await dragSlider(page, dialog);
  await button.click();
  await expect(button).toHaveText(/^\d+秒后重发$/);
  await expect(button).toBeDisabled();
  await expect(dialog.getByTestId('login-code')).toBeFocused();
  const first = Number((await button.textContent())!.match(/\d+/)![0]);
  expect(first).toBeGreaterThanOrEqual(58);
  expect(first).toBeLessThanOrEqual(60);
  await page.waitForTimeout(2100);
  const later = Number((await button.textContent())!.match(/\d+/)![0]);
  expect(later).toBeLessThan(first);
  expect(later).toBeGreaterThanOrEqual(first - 3);

  await expect(dialog.getByTestId('dev-inbox-link')).toHaveAttribute('href', `/sso/dev/inbox?phone=${phone}`);
  const code = await inboxCode(page.request, phone);
  await dialog.getByTestId('login-code').fill(code);
  const reloaded = page.waitForEvent('load');
  await dialog.getByTestId('login-submit').click();
  await reloaded;
  await expect(page.getByTestId('display-name')).toHaveText(masked(phone));
  await expect(page.getByTestId('login-link')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]{43}$/);
  expect(await page.evaluate(() => localStorage.getItem('userPhone'))).toBe(phone);

  // The session is real: the API knows the user.
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const me = (await (await page.request.post('/api/chiplet/u/base/get', { headers: { 'X-token': token } })).json()) as { code: number; result: { phone: string } };
  expect(me.code).toBe(200000);
  expect(me.result.phone).toBe(phone);

  // Log out: clears the session and goes to /; the token is revoked on the server.
  await page.getByTestId('user-menu').hover();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByTestId('login-link')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const after = (await (await page.request.post('/api/chiplet/u/base/get', { headers: { 'X-token': token } })).json()) as { code: number };
  expect([40001, 40002]).toContain(after.code);
});

test('the slider is a picture puzzle: it opens on pointing, the piece follows the knob, and the page holds no answer', async ({ page }) => {
  const dialog = await openDialog(page);
  const slider = dialog.getByTestId('login-slider');
  await expect(slider).toHaveAttribute('data-status', 'idle');
  const picture = dialog.getByTestId('login-slider-picture');
  await expect(picture).toBeHidden();
  const knob = (await dialog.getByTestId('login-slider-knob').boundingBox())!;
  await page.mouse.move(knob.x + knob.width / 2, knob.y + knob.height / 2);
  await expect(picture).toBeVisible();
  // Both pictures decoded at their sizes, and drawn within the dialog.
  const sizes = await picture.locator('img').evaluateAll((imgs) => imgs.map((i) => [(i as HTMLImageElement).naturalWidth, (i as HTMLImageElement).naturalHeight]));
  expect(sizes).toEqual([
    [300, 150],
    [60, 150],
  ]);
  const box = (await picture.boundingBox())!;
  const dialogBox = (await dialog.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(dialogBox.y);
  expect(box.y + box.height).toBeLessThanOrEqual(dialogBox.y + dialogBox.height + 1);
  expect(await dialog.getByTestId('login-slider-piece').evaluate((el) => (el as HTMLElement).style.left)).toBe('0%');
  // Nothing in the page tells where the gap is.
  expect(await dialog.innerHTML()).not.toMatch(/targetX|pieceY|login-slider-slot/);
  // Dragging moves the piece with the knob.
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(knob.x + knob.width / 2 + i * 6, knob.y + knob.height / 2 + (i % 2));
  await expect(slider).toHaveAttribute('data-status', 'dragging');
  const left = await dialog.getByTestId('login-slider-piece').evaluate((el) => parseFloat((el as HTMLElement).style.left));
  expect(left).toBeGreaterThan(10);
  await page.mouse.up();
  await page.mouse.move(0, 0);
  await expect(slider).not.toHaveAttribute('data-status', 'dragging');
});

test('the slider also works by touch (pointer events from a touch screen)', async ({ browser }) => {
  const context = await browser.newContext({ hasTouch: true, viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const dialog = await openDialog(page);
  const slider = dialog.getByTestId('login-slider');
  const { x0, y0, dx } = await sliderDrag(page, dialog);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y: y0 }] });
  // The finger on the knob opens the puzzle.
  await expect(dialog.getByTestId('login-slider-picture')).toBeVisible();
  for (let i = 1; i <= 25; i++) {
    const f = i / 25;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + dx * (1 - (1 - f) ** 3), y: y0 + (i % 3) - 1 }] });
    await page.waitForTimeout(30);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(slider).toHaveAttribute('data-status', 'ok');
  await context.close();
});

test('WeChat QR login of a bound account through the dev scan page', async ({ page, context }) => {
  const dialog = await openDialog(page);
  await dialog.getByRole('tab', { name: '微信登录' }).click();
  await expect(dialog.getByTestId('qr-image')).toBeVisible();
  await expect(dialog.getByTestId('qr-status')).toHaveText('请使用微信扫一扫登录');
  const simulator = dialog.getByTestId('qr-simulator');
  const href = (await simulator.getAttribute('href'))!;
  expect(href).toMatch(/\/sso\/dev\/wechat\/scan\?uuid=[\w-]+$/);
  // The QR encodes the same address the link opens.
  expect(await dialog.getByTestId('qr-image').getAttribute('data-qr-text')).toBe(href);

  const phone = await context.newPage();
  await phone.goto(href);
  await phone.getByRole('button', { name: '扫码' }).click();
  await expect(dialog.getByTestId('qr-status')).toHaveText('已扫码，请在手机上确认');
  const reloaded = page.waitForEvent('load');
  await phone.getByRole('button', { name: '确认登录（已绑定手机号的微信账号）' }).click();
  await reloaded;
  await expect(page.getByTestId('display-name')).toHaveText('微信测试用户');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]{43}$/);
  await phone.close();
});

test('WeChat QR login of an unbound account: phone binding form with agreement, then logged in', async ({ page, context }) => {
  test.setTimeout(120_000);
  const dialog = await openDialog(page);
  await dialog.getByRole('tab', { name: '微信登录' }).click();
  const href = (await dialog.getByTestId('qr-simulator').getAttribute('href'))!;
  const phonePage = await context.newPage();
  await phonePage.goto(href);
  await phonePage.getByRole('button', { name: '确认登录（未绑定手机号的新微信账号）' }).click();
  // Closed once its answer is shown: closing a page in the middle of its form post can hang Chromium.
  await expect(phonePage.getByText('已确认登录，请回到网页')).toBeVisible();
  await phonePage.close();

  const form = dialog.getByTestId('bind-form');
  await expect(form).toBeVisible();
  await expect(dialog.getByRole('heading', { name: '绑定手机号' })).toBeVisible();
  await expect(form.getByRole('link', { name: '《用户协议》' })).toHaveAttribute('href', '/doc/userAgreement.html');
  await expect(form.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '/doc/privacyAgreement.html');

  const phone = uniquePhone('137');
  await form.getByTestId('login-phone').fill(phone);
  await dragSlider(page, form);
  await form.getByTestId('login-get-code').click();
  await expect(form.getByTestId('login-get-code')).toHaveText(/^\d+秒后重发$/);
  const code = await inboxCode(page.request, phone, 'bind');
  await form.getByTestId('login-code').fill(code);
  await form.getByTestId('login-submit').click();
  await expect(form.getByTestId('login-error')).toHaveText('请同意相关协议！');
  await expect(form.getByTestId('bind-agreement')).toBeFocused();

  await form.getByTestId('bind-agreement').check();
  const reloaded = page.waitForEvent('load');
  await form.getByTestId('login-submit').click();
  await reloaded;
  // A new user: WeChat nickname, and the bound phone.
  await expect(page.getByTestId('display-name')).toHaveText('新微信用户');
  expect(await page.evaluate(() => localStorage.getItem('userPhone'))).toBe(phone);
});

test('QR invalid (cancelled on the phone, like an expired QR): polling stops, refresh shows a new QR', async ({ page }) => {
  test.setTimeout(120_000); // three deliberate 2 s waits for polls that must not happen; slow CI machines
  const polls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/sso/wechat/qrconnect')) polls.push(r.url());
  });
  const dialog = await openDialog(page);
  await dialog.getByRole('tab', { name: '微信登录' }).click();
  const href = (await dialog.getByTestId('qr-simulator').getAttribute('href'))!;
  // Polled every 1.5 s.
  await expect.poll(() => polls.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);

  // The phone cancels (the simulator's own form post, sent directly: the bound and unbound tests
  // drive the simulator page itself).
  const uuid = new URL(href).searchParams.get('uuid')!;
  const cancelled = await page.request.post(new URL('/sso/dev/wechat/scan', href).href, { form: { uuid, step: 'cancel', unionid: '' } });
  expect(await cancelled.text()).toContain('已取消');
  await expect(dialog.getByTestId('qr-status')).toHaveText('二维码已失效');
  await expect(dialog.getByTestId('wechat-qr')).toHaveAttribute('data-phase', 'expired');
  const refresh = dialog.getByTestId('qr-refresh');
  await expect(refresh).toBeFocused();
  const count = polls.length;
  await page.waitForTimeout(2000);
  expect(polls.length).toBe(count);

  await refresh.click();
  await expect(dialog.getByTestId('qr-status')).toHaveText('请使用微信扫一扫登录');
  const next = (await dialog.getByTestId('qr-simulator').getAttribute('href'))!;
  expect(next).not.toBe(href);
  await expect.poll(() => polls.length, { timeout: 5000 }).toBeGreaterThan(count);

  // Switching the tab stops polling, and so does closing the dialog.
  await dialog.getByRole('tab', { name: '手机登录' }).click();
  await page.waitForTimeout(300);
  const afterSwitch = polls.length;
  await page.waitForTimeout(2000);
  expect(polls.length).toBe(afterSwitch);
  await dialog.getByRole('tab', { name: '微信登录' }).click();
  await expect.poll(() => polls.length, { timeout: 5000 }).toBeGreaterThan(afterSwitch);
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(300);
  const afterClose = polls.length;
  await page.waitForTimeout(2000);
  expect(polls.length).toBe(afterClose);
});

test('host auth callback: 3 signs in, stale 3 asks the host, 1 is ignored, 2 logs out; bad payloads are ignored', async ({ page }) => {
  const login = await apiLogin(page.request, uniquePhone('136'));
  await page.goto('/bom');
  await hydrated(page);
  await expect(page.getByTestId('login-link')).toBeEnabled(); // the header opens the dialog on requestLogin()
  await page.waitForFunction(() => typeof (window as unknown as { chipediaHostAuth?: unknown }).chipediaHostAuth === 'function');
  type W = { chipediaHostAuth: (s: unknown, p: unknown) => string };
  const call = (state: unknown, payload: unknown) => page.evaluate(([s, p]) => (window as unknown as W).chipediaHostAuth(s, p), [state, payload] as const);
  const now = Math.floor(Date.now() / 1000);
  const payload = { userId: login.userId, username: login.username, token: login.token, phone: login.phone, nickname: 'Host User', lastLoginTime: now - 60 };

  expect(await call(3, { ...payload, token: 'short' })).toBe('ignore');
  expect(await call(3, { ...payload, phone: '<script>' })).toBe('ignore');
  expect(await call(3, { ...payload, lastLoginTime: now - 432_001 })).toBe('askHostLogin');
  // Outside a host, our own dialog stands in for the host's login.
  await expect(page.getByTestId('login-dialog')).toBeVisible();
  await page.getByTestId('login-dialog').getByRole('button', { name: '关闭' }).click();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  expect(await call(3, payload)).toBe('login');
  // The token is confirmed with the API first, and the name shown is the API's, not the payload's.
  const shown = masked(login.phone!);
  await expect(page.getByTestId('display-name')).toHaveText(shown);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(login.token);
  expect(await call(1, null)).toBe('ignore');
  await expect(page.getByTestId('display-name')).toHaveText(shown);

  // The parent-frame message form does the same (here the page is its own parent: ignored).
  await page.evaluate(() => window.postMessage({ source: 'kicad-host', type: 'auth', state: 2 }, '*'));
  await page.waitForTimeout(200);
  await expect(page.getByTestId('display-name')).toHaveText(shown);

  expect(await call(2, null)).toBe('logout');
  await expect(page.getByTestId('login-link')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the standalone /login page (no header) logs in and shows the logged-in state', async ({ page }) => {
  await page.goto('/login');
  await hydrated(page);
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  const box = page.getByTestId('login-page');
  await expect(box).toBeVisible();
  await expect(box.getByRole('tab', { name: '手机登录' })).toHaveAttribute('aria-selected', 'true');
  const phone = uniquePhone('135');
  await box.getByTestId('login-phone').fill(phone);
  await dragSlider(page, box);
  await box.getByTestId('login-get-code').click();
  await box.getByTestId('login-code').fill(await inboxCode(page.request, phone));
  const reloaded = page.waitForEvent('load');
  await box.getByTestId('login-submit').click();
  await reloaded;
  await expect(page.getByTestId('login-page-done')).toContainText(`您已登录：${masked(phone)}`);
});

test('QR expiry: an unscanned QR dies after its lifetime (SSO_QR_TTL_SECONDS=30 here), then refresh shows a live one', async ({ page }) => {
  test.setTimeout(120_000);
  const dialog = await openDialog(page);
  await dialog.getByRole('tab', { name: '微信登录' }).click();
  await expect(dialog.getByTestId('qr-status')).toHaveText('请使用微信扫一扫登录');
  const first = (await dialog.getByTestId('qr-simulator').getAttribute('href'))!;
  // Nobody scans: the server answers 1404 once the lifetime has passed.
  await expect(dialog.getByTestId('qr-status')).toHaveText('二维码已失效', { timeout: 50_000 });
  await expect(dialog.getByTestId('wechat-qr')).toHaveAttribute('data-phase', 'expired');
  await dialog.getByTestId('qr-refresh').click();
  await expect(dialog.getByTestId('qr-status')).toHaveText('请使用微信扫一扫登录');
  expect(await dialog.getByTestId('qr-simulator').getAttribute('href')).not.toBe(first);
});
