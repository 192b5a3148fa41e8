import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readZip } from '../../src/lib/files/zip.ts';
import { apiLogin, hydrated, uniquePhone, useSession } from './login-helpers.ts';

// The design-block journey (issue #16 item 6) against the real server: on /addFragment (no site
// header: the KiCad host opens it) upload a real KiCad sheet (KiCad's rectifier demo), see the
// server's preview and what the sheet holds, save it; find it in the personal centre's block tab
// (/singleInfo?type=5) with its preview; download it and find KiCad 9's design-block folder in the
// zip (<name>.kicad_block/<name>.kicad_sch + <name>.json); change it in the host's 660×320
// /modifyFragment; delete it.

const SHEET = 'tests/fixtures/library/blocks/rectifier.kicad_sch';

const serious = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

test('design blocks: upload a sheet, preview, save, list, download the KiCad block folder, modify, delete', async ({ page, request }) => {
  test.setTimeout(180_000);
  const name = `整流 e2e ${Date.now()}`;
  const login = await apiLogin(request, uniquePhone('137'));

  await page.goto('/addFragment');
  await useSession(page, login);
  await hydrated(page);
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  await expect(page.locator('h1')).toHaveText('新建设计块');

  // Upload: the server draws the sheet before anything is saved.
  await page.getByTestId('block-sheet-input').setInputFiles(SHEET);
  await expect(page.getByTestId('block-draft-preview')).toHaveAttribute('data-loaded', 'true');
  await expect(page.getByTestId('block-draft-info')).toContainText('5 个元件 · 7 个符号');
  await expect(page.getByTestId('block-draft-info')).toContainText('KiCad 6');
  await expect(page.getByTestId('block-name')).toHaveValue('rectifier');
  expect(await serious(page)).toEqual([]);
  await page.getByTestId('block-name').fill(name);
  await page.getByTestId('block-description').fill('半波整流：二极管、滤波电容');
  await page.getByTestId('block-keywords').fill('rectifier diode');
  await page.getByTestId('block-save').click();
  await expect(page.getByTestId('block-saved')).toBeVisible();

  // The personal centre's block tab lists it with its preview.
  await page.goto('/singleInfo?type=5');
  await hydrated(page);
  const card = page.getByTestId('block-card').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('block-preview')).toHaveAttribute('data-loaded', 'true');
  await expect(card).toContainText('5 个元件');
  const id = Number(await card.getAttribute('data-id'));
  expect(id).toBeGreaterThan(0);

  // Search finds it by a keyword.
  await page.getByTestId('blocks-search').fill('diode');
  await expect(page.getByTestId('block-card').filter({ hasText: name })).toHaveCount(1);

  // Download: the zip holds KiCad 9's design-block folder.
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('block-download').click()]);
  expect(download.suggestedFilename()).toBe(`${name}.kicad_block.zip`);
  const entries = readZip(await readFile((await download.path())!));
  expect(entries.map((e) => e.name)).toEqual([`${name}.kicad_block/${name}.kicad_sch`, `${name}.kicad_block/${name}.json`]);
  expect(entries[0]!.data.equals(await readFile(SHEET))).toBe(true);
  expect(JSON.parse(entries[1]!.data.toString('utf8'))).toEqual({ description: '半波整流：二极管、滤波电容', keywords: 'rectifier diode', fields: {} });

  // The host's compact edit form, at the host's modal size.
  await page.setViewportSize({ width: 660, height: 320 });
  await page.goto(`/modifyFragment?id=${id}`);
  await hydrated(page);
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  await expect(page.getByTestId('block-modify')).toBeVisible();
  await expect(page.getByTestId('block-modify').getByTestId('block-preview')).toHaveAttribute('data-loaded', 'true');
  await page.getByTestId('block-description').fill('Half-wave rectifier');
  await expect(page.getByTestId('block-modify-save')).toBeInViewport();
  await page.getByTestId('block-modify-save').click();
  await expect
    .poll(async () => ((await (await request.get(`/api/chiplet/u/fragment/one?id=${id}`, { headers: { 'X-token': login.token } })).json()) as { result: { description: string } }).result.description)
    .toBe('Half-wave rectifier');

  // Another user's id is not found.
  await page.goto('/modifyFragment?id=2147483000');
  await expect(page.getByTestId('block-modify-problem')).toHaveText('设计块不存在或已删除');

  // Delete from the detail, confirmed.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/singleInfo?type=5');
  await hydrated(page);
  await page.getByTestId('block-card').filter({ hasText: name }).getByTestId('block-open').click();
  const detail = page.getByTestId('block-detail');
  await expect(detail).toBeVisible();
  await expect(detail).toContainText('Half-wave rectifier');
  await detail.getByTestId('block-delete').click();
  await expect(detail.getByTestId('block-delete-confirm')).toContainText(name);
  await detail.getByTestId('block-delete-yes').click();
  await expect(page.getByTestId('block-card').filter({ hasText: name })).toHaveCount(0);
});
