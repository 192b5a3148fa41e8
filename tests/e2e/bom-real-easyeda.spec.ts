import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { readBomFile } from '../../src/lib/bom/read/read-bom-file.ts';
import { apiLogin, hydrated, uniquePhone, useSession } from './login-helpers.ts';

// Issue #30 "Tests that must exist": a real Chinese EasyEDA BOM with LCSC codes
// (tests/fixtures/bom-real/files/cqupt-washing-machine.xlsx, graded in answers/) uploaded logged
// in, its columns mapped with no edit, matched; at 1440 px every matched line's part (full MPN,
// brand, package) is in view without sideways scrolling; the personal centre's 我的 BOM lists it;
// the export is read back with our own reader.
//
// The e2e server runs the KiCad demo catalogue (CATALOG=kicad): it carries no LCSC codes, so
// these lines are matched by MPN and value (AMS1117-3.3, CH340C, the 0603 passives…), not by
// their C-codes; matching by code on the shipped catalogue is measured by npm run eval:bom.

const FILE = 'tests/fixtures/bom-real/files/cqupt-washing-machine.xlsx';
const MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test.use({ viewport: { width: 1440, height: 900 } });

test('a real EasyEDA BOM: mapped with no edit, matched, every matched part in view at 1440 px, listed in 我的 BOM, exported', async ({ page }) => {
  test.setTimeout(180_000);
  const login = await apiLogin(page.request, uniquePhone('137'));
  await page.goto('/bom');
  await useSession(page, login);
  await hydrated(page);

  await page.getByTestId('bom-file').setInputFiles({ name: 'cqupt-washing-machine.xlsx', mimeType: MIME, buffer: readFileSync(FILE) });
  await page.waitForURL(/\/bomHead\/[0-9a-f-]{36}/);
  const bomId = /\/bomHead\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  await expect(page.getByTestId('bom-mapping')).toBeVisible();
  // No edit: the detected mapping is confirmed as it is.
  const [confirmed] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/chiplet/bom/confirm'), { timeout: 120_000 }), page.getByTestId('bom-confirm').click()]);
  expect(confirmed.status()).toBe(200);
  await page.waitForURL(new RegExp(`/matching\\?bomId=${bomId}`));
  const grid = page.getByTestId('bom-grid');
  await expect(grid).toBeVisible({ timeout: 60_000 });

  const rows = grid.getByTestId('bom-row');
  await expect(rows).toHaveCount(10);
  const statuses = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
  expect(statuses.filter((s) => s === 'pending')).toEqual([]);

  // Nothing scrolls sideways: neither the page nor the grid has been scrolled, and each matched
  // line's part cells lie inside the grid's box, their text whole (not cut by the cell).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await grid.evaluate((g) => g.scrollLeft)).toBe(0);
  const box = (await grid.boundingBox())!;
  let matched = 0;
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const mpn = row.getByTestId('bom-line-chosen');
    if ((await mpn.count()) === 0) continue;
    matched++;
    for (const col of ['status', 'designators', 'quantity', 'mpn', 'chosen', 'partBrand', 'partPackage', 'offer']) {
      const b = (await row.locator(`[data-col="${col}"]`).boundingBox())!;
      expect(b.x, `${col} starts inside the grid`).toBeGreaterThanOrEqual(box.x - 0.5);
      expect(b.x + b.width, `${col} ends inside the grid`).toBeLessThanOrEqual(box.x + box.width + 0.5);
    }
    expect(await mpn.evaluate((e) => e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1), `MPN ${await mpn.textContent()} shown whole`).toBe(true);
  }
  expect(matched, 'lines with a chosen part').toBeGreaterThan(0);
  console.log(`bom-real-easyeda: ${JSON.stringify({ statuses, matched })}`);

  // The personal centre lists it.
  await page.goto('/singleInfo?type=1');
  await expect(page.locator(`[data-testid="account-bom"][data-bom-id="${bomId}"]`)).toBeVisible();
  await expect(page.getByTestId('account-empty')).toHaveCount(0);

  // The export, read back: the user's columns, then the match; no column name twice.
  await page.goto(`/bomContent?bomId=${bomId}`);
  await expect(page.getByTestId('bom-grid')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bom-export').click()]);
  const book = readBomFile(new Uint8Array(readFileSync((await download.path())!)), download.suggestedFilename());
  const sheet = book.sheets[book.defaultSheet]!.rows;
  const header = sheet[0]!;
  expect(header.slice(0, 4)).toEqual(['No.', 'Quantity', 'Comment', 'Designator']);
  expect(new Set(header.map((h) => h.trim().toLowerCase())).size).toBe(header.length);
  const mpnCol = header.indexOf('匹配型号');
  expect(mpnCol).toBeGreaterThan(0);
  expect(sheet.length).toBe(1 + 10 + 1);
  expect(sheet.slice(1, -1).filter((r) => (r[mpnCol] ?? '') !== '').length).toBe(matched);
});
