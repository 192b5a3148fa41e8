import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { readBomFile } from '../../src/lib/bom/read/read-bom-file.ts';
import { hydrated } from './login-helpers.ts';

// /subsMaterial (issue #12 item 6): find a demo-catalogue part by its MPN, see its graded
// replacements with their parameter diffs, filter, export the xlsx and read it back; the product
// detail page's Replacements section; the BOM-line mode's apply button against the real server.

// The demo catalogue's Yageo RC_L line-up has this 10 kΩ 0603 in ±5 % and ±1 %, and in other sizes.
const ORIGINAL = 'RC0603JR-0710KL_yageo';
const DROP_IN = 'RC0603FR-0710KL_yageo';

async function waitForCatalogue(request: APIRequestContext): Promise<void> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const res = await request.post('/api/chiplet/replace/getReplaces', { data: { mfgMpnCode: ORIGINAL } });
    const body = (await res.json()) as { code: number; result?: { total: number } };
    if (body.code === 200000 && (body.result?.total ?? 0) > 0) return;
    if (Date.now() > deadline) throw new Error('the demo catalogue did not load');
    await new Promise((r) => setTimeout(r, 2000));
  }
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  await waitForCatalogue(request);
});

test('search a part, see graded candidates with diffs, filter and export', async ({ page }, testInfo) => {
  await page.goto('/subsMaterial');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('替代料查询');
  await hydrated(page);
  await page.getByTestId('replace-q').fill('RC0603JR-0710KL');
  await page.getByTestId('replace-search').click();

  await expect(page.getByTestId('original')).toContainText('RC0603JR-0710KL');
  await expect(page).toHaveURL(new RegExp(`mfgMpnCode=${ORIGINAL}`));
  const first = page.getByTestId('candidate').first();
  await expect(first).toHaveAttribute('data-code', DROP_IN);
  await expect(first).toHaveAttribute('data-grade', 'dropIn');
  await expect(first.getByTestId('grade')).toHaveText('可直接替换');
  await first.getByTestId('diff').locator('summary').click();
  const tolerance = first.getByTestId('diff').locator('tr', { hasText: '精度' });
  await expect(tolerance).toHaveAttribute('data-verdict', 'better');
  await expect(tolerance).toContainText('5%');
  await expect(tolerance).toContainText('1%');

  // Other sizes of the same value are functional replacements.
  await page.getByTestId('chip-functional').click();
  await expect(page.getByTestId('candidate').first()).toHaveAttribute('data-grade', 'functional');
  const grades = await page.getByTestId('candidate').evaluateAll((els) => els.map((e) => e.getAttribute('data-grade')));
  expect(new Set(grades)).toEqual(new Set(['functional']));
  await expect(page.getByTestId('candidate').first().getByTestId('reason')).toContainText('封装不同');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()]);
  expect(download.suggestedFilename()).toBe(`replacements-${ORIGINAL}.xlsx`);
  const file = testInfo.outputPath('replacements.xlsx');
  await download.saveAs(file);
  const book = readBomFile(new Uint8Array(readFileSync(file)), 'replacements.xlsx');
  const rows = book.sheets[0]!.rows;
  expect(rows[1]!.slice(0, 2)).toEqual(['原型号', 'RC0603JR-0710KL']);
  expect(rows[2]!.slice(0, 2)).toEqual(['可直接替换', 'RC0603FR-0710KL']);
  expect(book.sheets[1]!.rows).toContainEqual(['RC0603FR-0710KL', '可直接替换', '精度', '5%', '1%', '更优']);
});

test('the product detail page shows the best replacements with a link to the full list', async ({ page }) => {
  await page.goto(`/productDetail/${ORIGINAL}`);
  const section = page.getByTestId('replacements');
  await expect(section.getByTestId('replacement').first()).toHaveAttribute('data-grade', 'dropIn');
  await expect(section.getByTestId('replacement').first()).toContainText('RC0603FR-0710KL');
  expect(await section.getByTestId('replacement').count()).toBeLessThanOrEqual(6);
  await section.getByTestId('replacements-all').click();
  await expect(page).toHaveURL(new RegExp(`/subsMaterial\\?mfgMpnCode=${ORIGINAL}`));
  await expect(page.getByTestId('candidate').first()).toHaveAttribute('data-code', DROP_IN);
});

test('a replacement applied to a BOM line from /subsMaterial lands on the line and goes back to matching', async ({ page }) => {
  // A real BOM, kept by bomId as a logged-out user's: uploaded, mapped, matched by the server. Sent
  // from the page's own browser context, which then holds the BOM's owner secret (issue #36 item 3).
  const request = page.request;
  const csv = 'Designator,Quantity,MPN\nR1,1,RC0603JR-0710KL\n';
  const up = await request.post('/api/chiplet/bom/upload', { multipart: { file: { name: 'r.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } } });
  const { result: uploaded } = (await up.json()) as { result: { bomId: string; sheet: string } };
  const bomId = uploaded.bomId;
  const header = (await (await request.get(`/api/chiplet/bom/headerMatch?${new URLSearchParams({ bomId, sheet: uploaded.sheet })}`)).json()) as { result: { headerRow: number; columns: unknown[] } };
  const confirmed = await request.post('/api/chiplet/bom/confirm', { data: { bomId, sheet: uploaded.sheet, headerRow: header.result.headerRow, columns: header.result.columns } });
  expect(((await confirmed.json()) as { code: number }).code).toBe(200000);
  type Line = { lineId: number; version: number; status: string; chosen: { mfgMpnCode: string; by: string } | null };
  const lines = async () => ((await (await request.get(`/api/chiplet/bom/queryMatch?bomId=${bomId}`)).json()) as { result: { list: Line[] } }).result.list;
  await expect.poll(async () => (await lines())[0]?.status, { timeout: 30_000 }).not.toBe('pending');
  const line = (await lines())[0]!;

  await page.goto(`/subsMaterial?${new URLSearchParams({ mfgMpnCode: ORIGINAL, bomId, lineId: String(line.lineId), version: String(line.version) })}`);
  await expect(page.getByTestId('bom-banner')).toBeVisible();
  const first = page.getByTestId('candidate').first();
  await expect(first).toHaveAttribute('data-code', DROP_IN);
  await first.getByTestId('apply').click();
  await page.waitForURL((url) => url.pathname === '/matching' && url.searchParams.get('bomId') === bomId);
  const after = (await lines())[0]!;
  expect(after).toMatchObject({ lineId: line.lineId, version: line.version + 1, status: 'matched', chosen: { mfgMpnCode: DROP_IN, by: 'replacement' } });
});

test('in English, opened for a BOM line: apply answers with the server message for an unknown BOM', async ({ page }) => {
  // The line belongs to no BOM: the real server refuses, and the page says why and stays.
  const bomId = '00000000-0000-4000-8000-000000000000';
  await page.goto(`/en/subsMaterial?mfgMpnCode=${ORIGINAL}&bomId=${bomId}&lineId=1`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Replacement parts');
  await expect(page.getByTestId('bom-banner')).toBeVisible();
  const first = page.getByTestId('candidate').first();
  await expect(first.getByTestId('grade')).toHaveText('Drop-in');
  await first.getByTestId('apply').click();
  await expect(page.getByText('No such BOM, or it has expired')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/subsMaterial/);
});
