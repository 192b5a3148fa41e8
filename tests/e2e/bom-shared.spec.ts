import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext } from '@playwright/test';

// Issue #36 item 3 in the browser: a logged-out user's BOM belongs to their browser. Someone else
// who opens the shared link sees it read-only with "复制到我的BOM"; the copy is theirs to change,
// and the creator keeps the original (before, the first logged-in visitor took it over).

const KICAD = readFileSync('tests/fixtures/bom/eval/tomu-kicad-bom.csv');

/** Upload and confirm through the API of `context` (its cookies are the browser's), then wait for the match. */
async function bomOf(context: BrowserContext): Promise<string> {
  const up = await context.request.post('/api/chiplet/bom/upload', { multipart: { file: { name: 'tomu.csv', mimeType: 'text/csv', buffer: KICAD } } });
  const bomId = ((await up.json()) as { result: { bomId: string } }).result.bomId;
  const hm = (await (await context.request.get(`/api/chiplet/bom/headerMatch?bomId=${bomId}`)).json()) as { result: { headerRow: number; columns: unknown } };
  const confirmed = await context.request.post('/api/chiplet/bom/confirm', { data: { bomId, headerRow: hm.result.headerRow, columns: hm.result.columns } });
  expect(((await confirmed.json()) as { code: number }).code).toBe(200000);
  return bomId;
}

test('a shared link opens read-only for another browser, which copies it to its own BOMs', async ({ browser }) => {
  const creator = await browser.newContext();
  const visitor = await browser.newContext();
  const bomId = await bomOf(creator);

  // The creator's browser: no notice.
  const own = await creator.newPage();
  await own.goto(`/bomContent?bomId=${bomId}`);
  await expect(own.getByTestId('bom-grid')).toBeVisible({ timeout: 60_000 });
  await expect(own.getByTestId('bom-shared-readonly')).toHaveCount(0);

  // Another browser with the link: read-only, with the copy button (SPEC-style zh text).
  const page = await visitor.newPage();
  await page.goto(`/bomContent?bomId=${bomId}`);
  await expect(page.getByTestId('bom-grid')).toBeVisible({ timeout: 60_000 });
  const notice = page.getByTestId('bom-shared-readonly');
  await expect(notice).toContainText('这是他人分享的 BOM，你只能查看；复制后可编辑。');
  await expect(page.getByTestId('bom-copy-to-mine')).toHaveText('复制到我的BOM');
  // A change from it is refused by the server.
  const refused = await visitor.request.post('/api/chiplet/bom/changeCount', { data: { bomId, boardCount: 5 } });
  expect(refused.status()).toBe(403);

  await page.getByTestId('bom-copy-to-mine').click();
  await page.waitForURL((url) => url.pathname.endsWith('/bomContent') && url.searchParams.get('bomId') !== bomId);
  const copyId = new URL(page.url()).searchParams.get('bomId')!;
  await expect(page.getByTestId('bom-grid')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('bom-shared-readonly')).toHaveCount(0);
  expect((await visitor.request.post('/api/chiplet/bom/changeCount', { data: { bomId: copyId, boardCount: 5 } })).status()).toBe(200);

  // The creator still changes the original; the copy is not theirs.
  expect((await creator.request.post('/api/chiplet/bom/changeCount', { data: { bomId, boardCount: 2 } })).status()).toBe(200);
  expect((await creator.request.post('/api/chiplet/bom/changeCount', { data: { bomId: copyId, boardCount: 3 } })).status()).toBe(403);

  // English page: the same notice in English.
  await page.goto(`/en/bomContent?bomId=${bomId}`);
  await expect(page.getByTestId('bom-copy-to-mine')).toHaveText('Copy to my BOMs');
  await creator.close();
  await visitor.close();
});
