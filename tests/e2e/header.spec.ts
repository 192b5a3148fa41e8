import { expect, test } from '@playwright/test';
import { apiLogin, hydrated, masked, uniquePhone } from './login-helpers.ts';

test('locale (ADR 0018): the site address follows the browser language, then the cookie (365 days); the switch keeps the path', async ({ browser }) => {
  const en = await browser.newContext({ locale: 'en-US' });
  const page = await en.newPage();
  await page.goto('/?x=1');
  await expect(page).toHaveURL(/\/en\?x=1$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const cookie = (await en.cookies()).find((c) => c.name === 'locale');
  expect(cookie?.value).toBe('en');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365.01);

  await page.goto('/en/catalog?x=1');
  await page.getByTestId('lang-switch').click();
  await expect(page).toHaveURL(/\/catalog\?x=1$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect((await en.cookies()).find((c) => c.name === 'locale')?.value).toBe('zh');
  // The cookie now wins over the English browser at the site address.
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await en.close();
});

test('search box: Enter or the icon opens /search?name={trimmed}, only when non-empty; prefilled', async ({ page }) => {
  await page.goto('/bom');
  await hydrated(page); // the header's islands hydrate when the browser is idle
  const box = page.locator('#header-search');
  await box.fill('   ');
  await box.press('Enter');
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/bom$/);
  await box.fill('  STM32F103 ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?name=STM32F103$/);
  await expect(page.locator('#header-search')).toHaveValue('STM32F103');

  await page.goto('/bom');
  await hydrated(page);
  await page.locator('#header-search').fill('运放');
  await page.getByTestId('search-icon').click();
  await expect(page).toHaveURL(/\/search\?name=%E8%BF%90%E6%94%BE$/);

  await page.goto('/bom?type=search&name=LM358');
  await expect(page.locator('#header-search')).toHaveValue('LM358');
  await page.goto('/bom?name=LM358');
  await expect(page.locator('#header-search')).toHaveValue('');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the header search box is a plain GET form', async ({ page }) => {
    await page.goto('/bom');
    await page.locator('#header-search').fill('NE555');
    await page.getByTestId('search-icon').click();
    await expect(page).toHaveURL(/\/search\?name=NE555$/);
    await expect(page.getByTestId('search-results')).toBeVisible();
    await expect(page.locator('#header-search')).toHaveValue('NE555');
  });
});

test('header links: BOM, viewer/Top100/Top200 in a new tab, assistant, KiCad, catalogue menu', async ({ page }) => {
  await page.goto('/bom');
  const nav = page.getByRole('navigation', { name: '主导航' });
  await expect(nav.getByRole('link', { name: 'BOM 匹配' })).toHaveAttribute('href', '/bom');
  for (const [name, href] of [['设计查看器', '/ecadViewer'], ['Top100', '/ecadViewer/top100'], ['Top200', '/top200']] as const) {
    const link = nav.getByRole('link', { name, exact: true });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
  }
  await expect(nav.getByRole('link', { name: '智能助手' })).toHaveAttribute('href', '/aiChat');
  await expect(page.getByTestId('kicad-link')).toHaveAttribute('href', 'https://www.kicad.org/download/');
  await page.getByTestId('catalog-menu').hover();
  await expect(page.getByTestId('view-all-categories')).toBeVisible();
  await expect(page.getByTestId('view-all-categories')).toHaveAttribute('href', '/catalog');
});

test('login link opens the dialog, which does not close on an outside click', async ({ page }) => {
  await page.goto('/bom');
  await page.getByTestId('login-link').click();
  const dialog = page.getByTestId('login-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: '手机登录' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('tab', { name: '微信登录' }).click();
  await expect(dialog.getByRole('tab', { name: '微信登录' })).toHaveAttribute('aria-selected', 'true');
  await page.mouse.click(10, 500);
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(Math.round(box!.width)).toBe(300);
  expect(Math.round(box!.height)).toBe(360);
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
});

// A made-up token: on a page that calls no authenticated API (/sch), so the session is not checked.
test('logged in: dropdown shows the masked phone; personal centre; log out clears and goes home', async ({ page }) => {
  await page.goto('/sch');
  await page.evaluate(() => {
    localStorage.setItem('token', 'x'.repeat(43));
    localStorage.setItem('userPhone', '13812341234');
  });
  await page.reload();
  await expect(page.getByTestId('display-name')).toHaveText('138****1234');
  await page.getByTestId('user-menu').hover();
  await expect(page.getByRole('menuitem', { name: '个人中心' })).toHaveAttribute('href', '/singleInfo?type=0');
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByTestId('login-link')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('account menu: Enter opens it on the first item, arrows move, Escape closes it and gives the focus back', async ({ page }) => {
  await page.goto('/sch');
  await page.evaluate(() => {
    localStorage.setItem('token', 'x'.repeat(43));
    localStorage.setItem('nickname', '小王');
  });
  // The Radix menu is a chunk fetched when the focus first reaches the name: slow it down, so Enter
  // reaches the stand-in button and the menu opens when the chunk arrives.
  await page.route(/\/account-menu\.[\w-]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await page.reload();
  const trigger = page.getByTestId('user-menu');
  await expect(page.getByTestId('display-name')).toHaveText('小王');
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(trigger).toHaveAttribute('aria-expanded', 'false'); // not there yet
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('menuitem', { name: '个人中心' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('logout')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByTestId('user-menu')).toBeFocused();

  // A press opens it too, and a press outside closes it; the pointer leaving closes what hover opened.
  await page.getByTestId('user-menu').click();
  await expect(menu).toBeVisible();
  await page.mouse.click(10, 400);
  await expect(menu).toBeHidden();
  await page.getByTestId('user-menu').hover();
  await expect(menu).toBeVisible();
  await page.mouse.move(10, 400);
  await expect(menu).toBeHidden();
});

test('credentials in the URL are verified, stored, stripped, and the page reloads; names come from the API, not the URL', async ({ page }) => {
  const login = await apiLogin(page.request, uniquePhone('132'));
  await page.goto(`/bom?token=${login.token}&nickname=%E5%B0%8F%E7%8E%8B&keep=1`);
  await expect(page).toHaveURL(/\/bom\?keep=1$/);
  await expect(page.getByTestId('display-name')).toHaveText(masked(login.phone!));
  await expect(page.locator('#toast-region')).toContainText(`已登录账号：${masked(login.phone!)}`);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(login.token);
  // A token the API does not know is stripped and never stored.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/bom?token=abcdefghijklmnopqrstuvwxyz&nickname=x');
  await expect(page).toHaveURL(/\/bom$/);
  await expect(page.locator('#toast-region')).toContainText('登录链接无效或已过期');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('search suggestions as you type: part numbers, brands and categories, keyboard navigation', async ({ page }) => {
  await page.goto('/bom');
  await hydrated(page);
  const box = page.locator('#header-search');
  await box.pressSequentially('stm32f103c', { delay: 30 });
  const list = page.getByTestId('search-suggestions');
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const options = list.getByRole('option');
  await expect(options.first()).toContainText(/STM32F103C/i);
  await box.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', /-0$/);
  await box.press('ArrowUp');
  await expect(options.first()).toHaveAttribute('aria-selected', 'false');
  await box.press('Escape');
  await expect(list).toBeHidden();

  // Categories come too (Chinese keyword), and Enter on a highlighted one opens it.
  await box.fill('');
  await box.pressSequentially('运放', { delay: 30 });
  await expect(list.getByRole('option').filter({ hasText: '分类' }).first()).toBeVisible();
  await box.press('ArrowDown');
  const href = await page.evaluate(() => document.activeElement?.getAttribute('aria-activedescendant'));
  expect(href).toBeTruthy();
  await box.press('Enter');
  await expect(page).not.toHaveURL(/\/bom$/);
});
