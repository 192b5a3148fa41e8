import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiLogin, hydrated, uniquePhone, useSession } from './login-helpers.ts';

// Own categories (issue #16 item 2) in the browser: on /addComponentType a logged-in engineer
// builds a small category tree, puts a catalogue part (a real one of the demo catalogue, KiCad's
// Timer library) into it, shares it, and a logged-out visitor opens the link: the tree and the part
// (linked to its product page), no edit controls; stopping the share kills the link.

test('create a category tree, link a part, share it, open the share read-only logged out', async ({ page, request, browser }) => {
  const found = (await (await request.post('/api/chiplet/products/queryPage', { data: { keyword: 'NE555', pageNum: 1, pageSize: 5 } })).json()) as {
    code: number;
    result: { list: { mfgMpnCode: string; mpn: string }[] };
  };
  expect(found.code).toBe(200000);
  const part = found.result.list[0]!;

  const login = await apiLogin(request, uniquePhone('137'));
  await page.goto('/addComponentType');
  await useSession(page, login);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('添加元件分类');
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  await expect(page.getByTestId('category-tree-empty')).toBeVisible();

  // Top level, then a child under it (the new category is selected, so it is the next parent).
  await page.getByLabel('分类名称').fill('定时器');
  await page.getByTestId('category-form-submit').click();
  const nodeOf = (name: string) => page.locator(`[data-testid="category-node"][data-name="${name}"]`);
  const timers = nodeOf('定时器');
  await expect(timers).toBeVisible();
  await expect(timers).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('上级分类')).toHaveValue(/\d+/);
  await page.getByLabel('分类名称').fill('555 系列');
  await page.getByTestId('category-form-submit').click();
  const series = nodeOf('555 系列');
  await expect(series).toBeVisible();
  await expect(series).toHaveAttribute('aria-level', '2');
  // Markup in a name is refused in the user's language; nothing is created.
  await page.getByLabel('分类名称').fill('<b>x</b>');
  await page.getByTestId('category-form-submit').click();
  await expect(page.getByTestId('category-form-error')).toContainText('纯文本');

  // Put the part into the child by its part number.
  await page.getByLabel('按型号添加元件').fill(part.mfgMpnCode);
  await page.getByTestId('category-add-part-submit').click();
  await expect(page.getByTestId('category-item')).toHaveCount(1);
  await expect(page.getByTestId('category-item').getByRole('link', { name: part.mpn })).toBeVisible();
  // The counts include descendants.
  await expect(timers.getByTestId('category-count').first()).toContainText('1');

  // Share the top category.
  await timers.getByTestId('category-row').first().click();
  await page.getByTestId('category-actions').click();
  await page.getByTestId('category-share').click();
  await page.getByTestId('category-share-open').click();
  const link = await page.getByTestId('category-share-link').inputValue();
  expect(link).toMatch(/\/share\/category\/[A-Za-z0-9_-]{32}$/);
  await page.keyboard.press('Escape');
  await expect(timers.getByTestId('category-shared').first()).toBeVisible();

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // A visitor with no session (a new browser context) reads it; nothing can be edited.
  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  const path = new URL(link).pathname;
  expect((await guest.goto(path))?.status()).toBe(200);
  await expect(guest.getByRole('heading', { level: 1 })).toContainText('定时器');
  await expect(guest.getByTestId('shared-category-node')).toHaveText([/定时器/, /555 系列/]);
  const row = guest.getByTestId('shared-category-item');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('quality-badge')).toBeVisible();
  await expect(guest.locator('main').getByRole('button')).toHaveCount(0);
  await expect(guest.locator('main input, main form')).toHaveCount(0);
  await row.getByRole('link', { name: part.mpn }).click();
  await expect(guest).toHaveURL(new RegExp(`/productDetail/${encodeURIComponent(part.mfgMpnCode).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  // English too.
  expect((await guest.goto(`/en${path}`))?.status()).toBe(200);
  await expect(guest.getByRole('heading', { level: 1 })).toContainText('Shared category');
  // The token writes nothing: the write calls want a login.
  const token = path.split('/').pop()!;
  const write = await (await guest.request.post('/api/chiplet/u/cate/save', { headers: { 'X-token': token }, data: { name: 'hacked' } })).json();
  expect(write.code).toBe(40001);

  // Stop sharing: the link is a 404 at once.
  await timers.getByTestId('category-row').first().click();
  await page.getByTestId('category-actions').click();
  await page.getByTestId('category-share').click();
  await page.getByTestId('category-share-close').click();
  await expect(page.getByTestId('category-share-open')).toBeVisible();
  expect((await guest.goto(path))?.status()).toBe(404);
  await expect(guest.getByTestId('shared-category-missing')).toBeVisible();
  await visitor.close();
});

test('the design-block category form works standalone in English', async ({ page, request }) => {
  const login = await apiLogin(request, uniquePhone('137'));
  await page.goto('/en/addDesignBlockType');
  await useSession(page, login);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a design-block category');
  await page.getByLabel('Category name').fill('Power');
  await page.getByTestId('category-form-submit').click();
  await expect(page.getByRole('tree', { name: 'Design-block categories' }).locator('[data-testid="category-node"][data-name="Power"]')).toBeVisible();
  // The part tree is a different one.
  const parts = (await (await request.post('/api/chiplet/u/cate', { headers: { 'X-token': login.token }, data: { scope: 'part' } })).json()) as { result: { total: number } };
  expect(parts.result.total).toBe(0);
});
