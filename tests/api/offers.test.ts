import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogRecord } from '../../src/lib/catalog/import/catalog-record.ts';
import { importOffersJob } from '../../src/lib/jobs/kinds/import-offers.server.ts';
import { runOperatorJob } from '../../src/lib/jobs/operator-job.server.ts';
import { importOffersFile } from '../../src/lib/offers/offers-import.server.ts';
import type { SearchSupplyChainResult } from '../../src/lib/offers/offers.schema.ts';
import { searchSupplyChain, setRate } from '../../src/lib/offers/offers.server.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { currencyRates, importRuns, supplyOffers } from '../../src/lib/server/db/schema/index.ts';
import { loadRealParts } from '../helpers/library-parts.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

// Supply-chain offers (issue #17 item 5) on PGlite, or on PostgreSQL with TEST_DATABASE_URL: the
// operator import (all or nothing, --skip-bad, re-import replaces, unknown parts refused),
// kicad/searchSupplyChain (staleness, conversion, the price for a quantity, order, validation),
// and user/getCurrency's rates. Parts are real records of the demo catalogue; offers are test data.

type Env<T> = { code: number; msg: string; result: T };
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createApp>;
let parts: CatalogRecord[];
const dir = mkdtempSync(join(tmpdir(), 'offers-import-'));
const code = (mpn: string) => parts.find((p) => p.mpn === mpn)!.mfgMpnCode!;
const recent = new Date(Date.now() - 3_600_000).toISOString();
const old = new Date(Date.now() - 100 * 3_600_000).toISOString();

const offer = (over: Record<string, unknown> = {}) => ({
  mfgMpnCode: code('NE555D'),
  distributor: 'TESTDIST',
  distributorSku: 'T-1',
  stock: 100,
  currency: 'USD',
  priceBreaks: [
    { qty: 1, price: 0.5 },
    { qty: 10, price: 0.4 },
    { qty: 100, price: 0.3 },
  ],
  url: 'https://example.com/t1',
  dataTime: recent,
  ...over,
});
function file(name: string, rows: unknown[]): string {
  const path = join(dir, name);
  writeFileSync(path, rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n');
  return path;
}
const stored = () =>
  database.db
    .select({ sku: supplyOffers.distributorSku, stock: supplyOffers.stock, priceBreaks: supplyOffers.priceBreaks, importJobId: supplyOffers.importJobId, updatedAt: supplyOffers.updatedAt })
    .from(supplyOffers)
    .orderBy(asc(supplyOffers.distributorSku));
async function call<T>(path: string, body?: unknown, locale?: 'zh' | 'en'): Promise<{ status: number; body: Env<T> }> {
  const headers: Record<string, string> = {};
  if (locale) headers['cookie'] = `locale=${locale}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.request(`/api/chiplet${path}`, { method: body === undefined ? 'GET' : 'POST', headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Env<T> };
}

beforeAll(async () => {
  database = await createTestDatabase();
  parts = await loadRealParts(database, ['NE555D', 'LM358', 'STM32F103C8Tx']);
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
});
afterAll(async () => {
  await database?.close();
});

describe(`offers import (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('imports a good file and records its run', async () => {
    const summary = await importOffersFile(database, file('good.ndjson', [offer(), offer({ distributorSku: 'T-2', stock: 0, mfgMpnCode: code('LM358'), currency: 'CNY', priceBreaks: [{ qty: 1, price: 2 }] })]));
    expect(summary).toMatchObject({ lines: 2, imported: 2, refused: 0, applied: true, refusals: [] });
    const rows = await stored();
    expect(rows.map((r) => [r.sku, r.stock])).toEqual([
      ['T-1', 100],
      ['T-2', 0],
    ]);
    expect(rows[0]!.importJobId).toBe(summary.runId);
    const [run] = await database.db.select().from(importRuns).where(sql`${importRuns.id} = ${summary.runId}`);
    expect(run).toMatchObject({ kind: 'offers', imported: 2, skipped: 0 });
  });

  it('a file with any refused line changes nothing stored, and lists every refusal', async () => {
    const before = await stored();
    const summary = await importOffersFile(
      database,
      file('bad.ndjson', [offer({ stock: 5 }), offer({ distributorSku: 'T-9', stock: -4 }), offer({ distributorSku: 'T-10', currency: 'ZZZ' }), offer({ distributorSku: 'T-11', mfgMpnCode: 'NO_SUCH_PART' }), offer({ distributorSku: 'T-12', priceBreaks: [{ qty: 5, price: 1 }, { qty: 2, price: 1 }] })]),
    );
    expect(summary).toMatchObject({ lines: 5, imported: 0, refused: 4, applied: false, runId: null });
    expect(summary.refusals.map((r) => [r.line, r.key])).toEqual([
      [2, 'offers.refuse.stock'],
      [3, 'offers.refuse.currency'],
      [4, 'offers.refuse.unknownPart'],
      [5, 'offers.refuse.breaks.order'],
    ]);
    expect(summary.refusals[2]!.vars).toEqual({ code: 'NO_SUCH_PART' });
    // T-1 stays at 100 (line 1 would have set 5): nothing changed.
    expect(await stored()).toEqual(before);
  });

  it('--skip-bad imports the good lines and still counts the bad ones', async () => {
    const summary = await importOffersFile(database, file('skip.ndjson', [offer({ stock: 7 }), offer({ distributorSku: 'T-3', mfgMpnCode: 'NO_SUCH_PART' }), '{nope']), { skipBad: true });
    expect(summary).toMatchObject({ lines: 3, imported: 1, refused: 2, applied: true });
    expect((await stored()).find((r) => r.sku === 'T-1')!.stock).toBe(7);
    expect((await stored()).some((r) => r.sku === 'T-3')).toBe(false);
  });

  it('re-importing replaces an offer by (part, distributor, SKU) and leaves others', async () => {
    const csv = join(dir, 'again2.csv');
    writeFileSync(csv, `mfgMpnCode,distributor,distributorSku,stock,currency,priceBreaks,dataTime\n${code('NE555D')},TESTDIST,T-1,42,USD,1:0.45;50:0.35,${recent}\n`);
    const re = await importOffersFile(database, csv);
    expect(re).toMatchObject({ lines: 1, imported: 1, applied: true });
    const rows = await stored();
    expect(rows.map((r) => [r.sku, r.stock])).toEqual([
      ['T-1', 42],
      ['T-2', 0],
    ]);
    expect(rows[0]!.priceBreaks).toEqual([
      { qty: 1, price: 0.45 },
      { qty: 50, price: 0.35 },
    ]);
  });

  it('runs as an import-offers job: a refused file fails it, a good one succeeds with the summary', async () => {
    const seen: number[] = [];
    const failed = await runOperatorJob(database, importOffersJob(database, { onRefusal: (r) => seen.push(r.line) }), { file: file('job-bad.ndjson', [offer(), offer({ distributorSku: 'J-2', stock: -1 })]), skipBad: false }, { print: () => {} });
    expect(failed.state).toBe('failed');
    expect(failed.error?.message).toContain('1 lines refused, nothing changed');
    expect(failed.error?.message).toContain('1 行被拒绝');
    expect(seen).toEqual([2]);
    const done = await runOperatorJob(database, importOffersJob(database), { file: file('job-good.ndjson', [offer({ stock: 42 })]), skipBad: false }, { print: () => {} });
    expect(done.state).toBe('succeeded');
    expect(done.result).toMatchObject({ lines: 1, imported: 1, refused: 0, applied: true });
  });

  it('applies a file in several blocks, and rolls back all blocks when a later one is refused', async () => {
    const many = (n: number, stock: number) => Array.from({ length: n }, (_, i) => offer({ distributor: 'BLOCKS', distributorSku: `B-${i}`, stock }));
    const first = await importOffersFile(database, file('blocks.ndjson', many(60, 1)), { blockChars: 2000 });
    expect(first).toMatchObject({ lines: 60, imported: 60, applied: true });
    const before = await stored();
    // The unknown part sits in the last block: the blocks before it were upserted, then rolled back.
    const second = await importOffersFile(database, file('blocks-bad.ndjson', [...many(60, 2), offer({ distributorSku: 'B-X', mfgMpnCode: 'NO_SUCH_PART' })]), { blockChars: 2000 });
    expect(second).toMatchObject({ lines: 61, imported: 0, refused: 1, applied: false });
    expect(second.refusals.map((r) => r.line)).toEqual([61]);
    expect(await stored()).toEqual(before);
    const skipped = await importOffersFile(database, file('blocks-skip.ndjson', [...many(60, 3), offer({ distributorSku: 'B-X', mfgMpnCode: 'NO_SUCH_PART' })]), { blockChars: 2000, skipBad: true });
    expect(skipped).toMatchObject({ imported: 60, refused: 1, applied: true });
    expect((await stored()).filter((r) => r.sku.startsWith('B-')).every((r) => r.stock === 3)).toBe(true);
  });

  it('stores text exactly, backslashes and quotes included (COPY escaping)', async () => {
    const sku = 'Q\\1"\\N';
    const summary = await importOffersFile(database, file('escape.ndjson', [offer({ distributor: 'ESC\\APE', distributorSku: sku, packaging: 'a\\tb', url: 'https://example.com/a\\b' })]));
    expect(summary).toMatchObject({ imported: 1, applied: true });
    const [row] = await database.db.select().from(supplyOffers).where(sql`${supplyOffers.distributorSku} = ${sku}`);
    expect(row).toMatchObject({ distributor: 'ESC\\APE', packaging: 'a\\tb', url: 'https://example.com/a\\b' });
  });

  it('caps the listed refusals but counts them all', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => offer({ distributorSku: `U-${i}`, mfgMpnCode: `MISSING_${i}` }));
    const summary = await importOffersFile(database, file('many.ndjson', rows), { maxListed: 5 });
    expect(summary).toMatchObject({ refused: 30, applied: false });
    expect(summary.refusals).toHaveLength(5);
  });
});

describe('kicad/searchSupplyChain and user/getCurrency', () => {
  beforeAll(async () => {
    await database.db.delete(supplyOffers);
    await database.db.delete(currencyRates);
    await importOffersFile(
      database,
      file('search.ndjson', [
        offer({ distributorSku: 'A-USD', stock: 100 }),
        offer({ distributor: 'OTHER', distributorSku: 'B-CNY', stock: 50, currency: 'CNY', priceBreaks: [{ qty: 1, price: 3 }, { qty: 10, price: 2.5 }], dataTime: old }),
        offer({ distributor: 'NOSTOCK', distributorSku: 'C-CNY', stock: 0, currency: 'CNY', priceBreaks: [{ qty: 1, price: 0.01 }] }),
        offer({ distributor: 'EURO', distributorSku: 'D-EUR', stock: 10, currency: 'EUR', priceBreaks: [{ qty: 1, price: 0.2 }], moq: 5, multiple: 5 }),
      ]),
    );
  });

  it('gives offers per part: stale mark, unit price for the quantity, conversion with a reason when a rate is missing', async () => {
    const r = await call<SearchSupplyChainResult>('/kicad/searchSupplyChain', { mfgMpnCode: code('NE555D'), quantity: 10 }, 'en');
    expect(r.body.code, r.body.msg).toBe(200000);
    const { list, currency, quantity, staleAfterHours } = r.body.result;
    expect({ currency, quantity, staleAfterHours }).toEqual({ currency: 'CNY', quantity: 10, staleAfterHours: 72 });
    const offers = list[0]!.offers;
    const by = (sku: string) => offers.find((o) => o.distributorSku === sku)!;
    expect(by('B-CNY').stale).toBe(true);
    expect(by('A-USD').stale).toBe(false);
    expect(by('A-USD').unitPrice).toEqual({ quantity: 10, breakQty: 10, price: 0.4, currency: 'USD' });
    expect(by('A-USD').display).toBeNull();
    expect(by('A-USD').displayReason).toBe('no operator rate from USD to CNY yet, so it cannot be converted');
    expect(by('B-CNY').display).toMatchObject({ currency: 'CNY', unitPrice: 2.5, unitPriceText: '2.5000' });
    // MOQ 5, multiple 5: 10 pieces are two packs; the only break (qty 1) applies.
    expect(by('D-EUR').unitPrice).toMatchObject({ quantity: 10, breakQty: 1 });
    expect(by('A-USD')).toMatchObject({ distributor: 'TESTDIST', stock: 100, moq: 1, multiple: 1, url: 'https://example.com/t1', source: 'import' });
    // Unconvertible offers sort after convertible ones (then by distributor); out of stock last.
    expect(offers.map((o) => o.distributorSku)).toEqual(['B-CNY', 'D-EUR', 'A-USD', 'C-CNY']);
  });

  it('converts with operator rates, keeps the original currency, and sorts by the CNY price', async () => {
    await setRate(database.db, 'USD', 7_120_000, 'test');
    await setRate(database.db, 'EUR', 7_700_000, 'test');
    const { result } = (await call<SearchSupplyChainResult>('/kicad/searchSupplyChain', { mfgMpnCodes: [code('NE555D'), code('LM358'), 'NOT_A_PART'], currency: 'usd', quantity: 100 })).body;
    expect(result.currency).toBe('USD');
    const offers = result.list[0]!.offers;
    const usd = offers.find((o) => o.distributorSku === 'A-USD')!;
    expect(usd.currency).toBe('USD');
    expect(usd.display).toMatchObject({ currency: 'USD', unitPrice: 0.3, unitPriceText: '0.3000' });
    const cny = offers.find((o) => o.distributorSku === 'B-CNY')!;
    // 2.5 CNY / 7.12 = 0.351123… USD
    expect(cny.display).toMatchObject({ unitPrice: 0.351124, unitPriceText: '0.3511' });
    expect(cny.display!.priceBreaks).toEqual([
      { qty: 1, price: 0.421348, text: '0.4213' },
      { qty: 10, price: 0.351124, text: '0.3511' },
    ]);
    // In stock by CNY unit price: EUR 0.2×7.7 = 1.54, USD 0.3×7.12 = 2.136, CNY 2.5; then out of stock.
    expect(offers.map((o) => o.distributorSku)).toEqual(['D-EUR', 'A-USD', 'B-CNY', 'C-CNY']);
    expect(result.list.slice(1)).toEqual([
      { mfgMpnCode: code('LM358'), found: true, offers: [] },
      { mfgMpnCode: 'NOT_A_PART', found: false, offers: [] },
    ]);
  });

  it('marks staleness by the configured age', async () => {
    const r = await searchSupplyChain(database.db, [code('NE555D')], { locale: 'zh', staleAfterHours: 200 });
    expect(r.list[0]!.offers.every((o) => !o.stale)).toBe(true);
    const r2 = await searchSupplyChain(database.db, [code('NE555D')], { locale: 'zh', staleAfterHours: 1, now: new Date(Date.now() + 2 * 3_600_000) });
    expect(r2.list[0]!.offers.every((o) => o.stale)).toBe(true);
  });

  it('refuses bad requests in the caller’s language', async () => {
    const cases: [unknown, string][] = [
      [{}, 'give mfgMpnCode or mfgMpnCodes'],
      [{ mfgMpnCode: 'a', mfgMpnCodes: ['b'] }, 'not both'],
      [{ mfgMpnCodes: Array.from({ length: 101 }, (_, i) => `P${i}`) }, 'at most 100'],
      [{ mfgMpnCode: 'a', currency: 'XYZ' }, 'unknown currency XYZ'],
      [{ mfgMpnCode: 'a', quantity: 0 }, 'quantity'],
      [{ mfgMpnCode: 'a b' }, 'mfgMpnCode'],
      [{ mfgMpnCode: 'a', extra: 1 }, 'extra'],
    ];
    for (const [body, text] of cases) {
      const r = await call('/kicad/searchSupplyChain', body, 'en');
      expect(r.body.code, JSON.stringify(body)).toBe(40000);
      expect(r.body.msg).toContain(text);
    }
    const zh = await call('/kicad/searchSupplyChain', { mfgMpnCode: 'a', currency: 'XYZ' }, 'zh');
    expect(zh.body.msg).toContain('未知币种 XYZ');
  });

  it('user/getCurrency keeps its fields and adds rateToCny and rateUpdatedAt', async () => {
    const r = await call<{ code: string; symbol: string; nameZh: string; nameEn: string; decimals: number; rateToCny: number | null; rateUpdatedAt: string | null }[]>('/user/getCurrency');
    expect(r.body.code).toBe(200000);
    const by = (c: string) => r.body.result.find((x) => x.code === c)!;
    expect(by('CNY')).toMatchObject({ symbol: '¥', nameEn: 'Chinese Yuan', decimals: 2, rateToCny: 1, rateUpdatedAt: null });
    expect(by('USD')).toMatchObject({ symbol: '$', decimals: 2, rateToCny: 7.12 });
    expect(Date.parse(by('USD').rateUpdatedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(by('JPY')).toMatchObject({ rateToCny: null, rateUpdatedAt: null });
  });
});
