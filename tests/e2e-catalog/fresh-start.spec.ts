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
  }, { timeout: 1_320_000, intervals: [10_000] }).toBe(false);

  // STM32F103C8T6 (LCSC C8734): the orderable part, with the source line, the STM32F103C8Tx family's symbol and a dated LCSC snapshot offer.
  await page.goto('/search?name=C8734');
  await page.locator('a[href*="/productDetail/STM32F103C8T6"]').first().click();
  await expect(page.getByTestId('detail-mpn')).toHaveText('STM32F103C8T6');
  await expect(page.getByTestId('source-line')).toContainText('嘉立创/立创商城元件目录（jlcparts 快照 2026-05-21）');
  await expect(page.getByTestId('asset-match')).toHaveAttribute('data-asset-match', 'specific');
  const offer = page.locator('[data-testid="offer"][data-distributor="LCSC"]').first();
  await expect(offer.getByTestId('offer-sku')).toHaveText('C8734');
  await expect(offer.getByTestId('offer-snapshot')).toHaveText('快照价格，非实时 · 2026-05-21');

  // The about page lists the sources with computed counts and the snapshot offers' date.
  await page.goto('/about/sources');
  await expect(page.getByTestId('about-parts-jlcparts')).toHaveText(/^5\d\d,\d{3}$/);
  await expect(page.getByTestId('about-offers')).toContainText('2026-05-21');
  await page.goto('/en/about/sources');
  await expect(page.getByTestId('about-summary')).toContainText('parts');

  // A 0603 10 kΩ chip resistor (C25804): generic symbol, the package's standard footprint.
  await page.goto('/search?name=C25804');
  await page.locator('a[href*="/productDetail/0603WAF1002T5E"]').first().click();
  await expect(page.getByTestId('asset-match')).toHaveAttribute('data-asset-match', 'generic');
  await expect(page.locator('#footprint')).toContainText('Resistor_SMD:R_0603_1608Metric');
  await expect(page.getByTestId('source-line')).toContainText('jlcparts');
});

// Issue #29 item 9: relevance on the real catalogue, through the search API of the same server
// (runs after the first test, which waited for the load).
type Item = { mfgMpnCode: string; mpn: string; brandName: string; cateName: string; package: string | null; params: { key: string; value: number | null }[] };
test('search on the real catalogue answers as an engineer expects', async ({ request }) => {
  const search = async (keyword: string, pageSize = 20): Promise<Item[]> => {
    const r = await request.post('/api/chiplet/products/queryPage', { data: { keyword, pageNum: 1, pageSize } });
    expect(r.status()).toBe(200);
    return ((await r.json()) as { result: { list: Item[] } }).result.list;
  };
  const stm32 = await search('STM32F103C8T6');
  expect(stm32[0]?.mpn).toBe('STM32F103C8T6');
  // …the orderable part: its dated LCSC offer has stock (not a KiCad-only or unstocked record).
  const offers = await request.post('/api/chiplet/kicad/searchSupplyChain', { data: { mfgMpnCode: stm32[0]!.mfgMpnCode } });
  expect(offers.status()).toBe(200);
  const stock = ((await offers.json()) as { result: { list: { offers: { stock: number | null }[] }[] } }).result.list[0]?.offers.map((o) => o.stock ?? 0) ?? [];
  expect(Math.max(0, ...stock)).toBeGreaterThan(0);
  expect((await search('C8734'))[0]?.mpn).toBe('STM32F103C8T6');
  expect((await search('NE555DR')).slice(0, 3).map((i) => i.mpn)).toEqual(expect.arrayContaining([expect.stringMatching(/^NE555D/)]));
  // 0603 10k: 10 kΩ chip resistors in 0603 from at least five makers.
  const r10k = await search('0603 10k', 50);
  const resistors = r10k.filter((i) => i.package === '0603' && i.params.some((p) => p.key === 'resistance' && p.value === 10_000));
  expect(resistors.length).toBeGreaterThanOrEqual(10);
  expect(new Set(resistors.map((i) => i.brandName)).size).toBeGreaterThanOrEqual(5);
  expect(r10k.slice(0, 10).every((i) => resistors.includes(i))).toBe(true);
  // Chinese keywords.
  const chip = await search('贴片电阻 10k 0603');
  expect(chip.slice(0, 10).every((i) => i.package === '0603' && i.params.some((p) => p.key === 'resistance' && p.value === 10_000))).toBe(true);
  const schottky = await search('肖特基二极管 SOD-123');
  expect(schottky.length).toBeGreaterThan(5);
  expect(schottky.slice(0, 10).every((i) => /肖特基/.test(i.cateName) && /SOD-123/.test(i.package ?? ''))).toBe(true);
  const mcu = await search('国产 MCU');
  expect(mcu.length).toBeGreaterThan(5);
  expect(mcu.slice(0, 10).every((i) => /单片机|微控制器|MCU/.test(i.cateName))).toBe(true);
});
