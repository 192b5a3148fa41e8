import { expect, test } from '@playwright/test';

// Issue #29: a fresh install loads the shipped JLCPCB/LCSC catalogue behind the first page. The site
// says so while it loads; then a real JLC part's page shows its source line, its dated snapshot
// offer, and a passive's generic KiCad footprint.
test('a fresh start shows the catalogue load, then real JLC parts with their sources and dated offers', async ({ page }) => {
  await page.goto('/');
  const notice = page.getByTestId('catalog-load-notice');
  await expect.poll(async () => {
    await page.reload();
    return notice.isVisible();
  }, { timeout: 60_000, intervals: [500, 1000, 2000] }).toBe(true);
  await expect(notice).toHaveText(/目录导入中 [\d,]+ \/ 582,280/);

  // The load runs in the background; pages keep answering meanwhile.
  await expect.poll(async () => {
    const r = await page.goto('/catalog');
    expect(r?.status()).toBe(200);
    return notice.isVisible();
  }, { timeout: 780_000, intervals: [10_000] }).toBe(false);

  // STM32F103C8T6 (LCSC C8734): the orderable part, with the source line, the STM32F103C8Tx family's symbol and a dated LCSC snapshot offer.
  await page.goto('/search?name=C8734');
  await page.locator('a[href*="/productDetail/STM32F103C8T6"]').first().click();
  await expect(page.getByTestId('detail-mpn')).toHaveText('STM32F103C8T6');
  await expect(page.getByTestId('source-line')).toContainText('嘉立创/立创商城元件目录（jlcparts 快照 2026-05-21）');
  await expect(page.getByTestId('asset-match')).toHaveAttribute('data-asset-match', 'specific');
  const offer = page.locator('[data-testid="offer"][data-distributor="LCSC"]').first();
  await expect(offer.getByTestId('offer-sku')).toHaveText('C8734');
  await expect(offer.getByTestId('offer-snapshot')).toHaveText('快照价格，非实时 · 2026-05-21');

  // A 0603 10 kΩ chip resistor (C25804): generic symbol, the package's standard footprint.
  await page.goto('/search?name=C25804');
  await page.locator('a[href*="/productDetail/0603WAF1002T5E"]').first().click();
  await expect(page.getByTestId('asset-match')).toHaveAttribute('data-asset-match', 'generic');
  await expect(page.locator('#footprint')).toContainText('Resistor_SMD:R_0603_1608Metric');
  await expect(page.getByTestId('source-line')).toContainText('jlcparts');
});
