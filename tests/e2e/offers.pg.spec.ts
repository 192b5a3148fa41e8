import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

// Supply-chain offers (issue #17 item 5) against the real server: the operator imports the
// committed SAMPLE file with `npm run import:offers` (a child process, like the grant command in
// library-submit.pg.spec.ts), sets a display rate with `npm run rates -- set USD 7.12`, and a
// file with a negative stock is refused with its line number while nothing stored changes; then
// the product page shows the SAMPLE offers (marked sample and stale: the sample's data time is
// fixed in the past), converts them to USD in the currency select with the original price still
// shown, and a part without offers says so.
//
// The commands write the database while the server runs, which PGlite cannot share: run this spec
// with the e2e server on PostgreSQL, e.g.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/e2e_offers E2E_PORT=4521 E2E_DATA_DIR=data/e2e-offers npx playwright test tests/e2e/offers.pg.spec.ts

const execFileP = promisify(execFile);
type Run = { code: number; stdout: string; stderr: string };
async function run(script: string, args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await execFileP(process.execPath, [script, ...args], { env: process.env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
type Offers = { code: number; result: { list: { offers: { distributorSku: string; stock: number; distributor: string }[] }[] } };

test.describe('supply-chain offers', () => {

  test('the operator imports the sample; the product page shows it and converts the currency', async ({ page, request }) => {
    const imported = await run('scripts/import-offers.ts', ['demo-catalog/samples/offers.sample.ndjson']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout.trim().split('\n').at(-1)!)).toMatchObject({ lines: 5, imported: 5, refused: 0, applied: true });
    const csv = await run('scripts/import-offers.ts', ['demo-catalog/samples/offers.sample.csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const rate = await run('scripts/rates.ts', ['set', 'USD', '7.12']);
    expect(rate.code, rate.stderr).toBe(0);

    // A refused file: line 2 has a negative stock, line 3 an unknown currency; nothing changes.
    const dir = mkdtempSync(join(tmpdir(), 'offers-e2e-'));
    const bad = join(dir, 'bad.ndjson');
    const sample = { mfgMpnCode: 'NE555D_ti', distributor: 'SAMPLE', distributorSku: 'SAMPLE-NE555D-CT', currency: 'CNY', priceBreaks: [{ qty: 1, price: 9.99 }], dataTime: '2026-11-20T08:00:00Z' };
    writeFileSync(bad, [JSON.stringify({ ...sample, stock: 1 }), JSON.stringify({ ...sample, distributorSku: 'X', stock: -5 }), JSON.stringify({ ...sample, distributorSku: 'Y', stock: 3, currency: 'ABC' })].join('\n'));
    const refused = await run('scripts/import-offers.ts', [bad, '--lang', 'en']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${bad}:2: stock must be a non-negative integer (got -5)`);
    expect(refused.stderr).toContain(`${bad}:3: unknown currency ABC`);
    const after = (await (await request.post('/api/chiplet/kicad/searchSupplyChain', { data: { mfgMpnCode: 'NE555D_ti' } })).json()) as Offers;
    expect(after.code).toBe(200000);
    expect(after.result.list[0]!.offers.find((o) => o.distributorSku === 'SAMPLE-NE555D-CT')!.stock).toBe(1200);

    await page.goto('/productDetail/NE555D_ti');
    const section = page.locator('#offers');
    await expect(section.getByRole('heading', { name: /供应链报价/ })).toBeVisible();
    const rows = section.getByTestId('offer');
    await expect(rows).toHaveCount(2);
    // In stock first: the cut tape (1200) before the reel (out of stock).
    await expect(rows.first().getByTestId('offer-sku')).toHaveText('SAMPLE-NE555D-CT');
    await expect(rows.first().getByTestId('offer-distributor')).toHaveText('SAMPLE');
    await expect(rows.first().getByTestId('offer-sample')).toHaveText('示例数据');
    await expect(rows.first().getByTestId('offer-stale')).toHaveText('已过期');
    await expect(rows.nth(1).getByTestId('offer-stock')).toHaveText('无库存');
    await expect(rows.first().getByTestId('offer-price-original').first()).toHaveText('1.2000 CNY');
    const link = rows.first().getByTestId('offer-link');
    await expect(link).toHaveAttribute('href', 'https://example.com/sample/NE555D');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);

    // Converted to USD with the operator rate; the original currency stays.
    await section.getByTestId('offers-currency').selectOption('USD');
    await page.waitForURL(/currency=USD/);
    const first = page.locator('#offers').getByTestId('offer').first();
    await expect(first.getByTestId('offer-price-original').first()).toHaveText('1.2000 CNY');
    // 1.20 CNY / 7.12 = 0.168539… USD
    await expect(first.getByTestId('offer-price-converted').first()).toHaveText('≈ 0.1685 USD');
    await expect(page.getByTestId('offers-rate-note')).toContainText('1 USD = 7.12 CNY');
    // The reel is priced in USD: no conversion line, its own price shown.
    await expect(page.locator('#offers').getByTestId('offer').nth(1).getByTestId('offer-price-original')).toHaveText('0.0850 USD');

    // English page, a currency without a rate: the reason instead of a made-up figure.
    await page.goto('/en/productDetail/LM358_ti?currency=EUR#offers');
    await expect(page.locator('#offers').getByRole('heading', { name: /Supply-chain offers/ })).toBeVisible();
    await expect(page.getByTestId('offer').first().getByTestId('offer-sample')).toHaveText('Sample data');
    await expect(page.getByTestId('offer-no-rate').first()).toContainText('no operator rate from EUR to CNY');
    await expect(page.getByTestId('offer-price-converted')).toHaveCount(0);
    await expect(page.getByTestId('offer-price-original').first()).toHaveText('0.3200 USD');
  });

  test('a BOM line shows its candidates\' offers', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/bom');
    const csv = 'Designator,Quantity,MPN,Description\nU1,10,NE555D,Timer IC SOIC-8\n';
    await page.getByTestId('bom-file').setInputFiles({ name: 'offers-bom.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.waitForURL(/\/bomHead\/[0-9a-f-]{36}/);
    await page.getByTestId('bom-confirm').click();
    await expect(page.getByTestId('bom-grid')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('bom-row').first().locator('[data-col="status"]').click();
    const panel = page.getByTestId('bom-candidates');
    const candidate = panel.locator('[data-mfg-mpn-code="NE555D_ti"]').first();
    await expect(candidate).toBeVisible();
    // Two SAMPLE offers; for 10 pieces the cut tape's 10+ break (0.98 CNY) is the cheapest in stock.
    await expect(candidate.getByTestId('bom-candidate-offers')).toHaveText(/^2 条报价 · 现货最低 0\.9800 CNY\/件（买 10 件，SAMPLE，库存 1,?200）/);
    await expect(candidate.getByTestId('bom-candidate-offers')).toContainText('数据已过期');
  });

  test('a part without offers says so', async ({ page }) => {
    await page.goto('/productDetail/TL072_ti');
    await expect(page.getByTestId('offers-none')).toHaveText('暂无报价：本站还没有该元件的分销商报价数据。');
    await expect(page.getByTestId('offer')).toHaveCount(0);
  });
});
