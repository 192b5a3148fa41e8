// `npm run import:jlcparts -- <dir>` and the first start's catalogue load (issue #29): the
// jlcparts snapshot into the catalogue, merged with the KiCad parts already there.
//
// Two passes over the shards:
// 1. parts: each row becomes a record (jlc-record.ts). New parts stream through the bulk loader's
//    fresh mode (COPY; indexes rebuilt once at the end); a part that IS a KiCad product updates that
//    product (upsert) so the two sources make one row. Rows whose product is already there (a
//    resumed run, or a second LCSC code of the same MPN and maker) are not loaded again.
// 2. offers: every row's LCSC code and dated price/stock snapshot, upserted in batches.
// Resumable: pass 1 skips products already imported from the snapshot, pass 2 is idempotent. The
// run is recorded in import_runs ('jlcparts', source = dir@created); a finished run is not repeated.

import { basename, join, resolve } from 'node:path';
import type { Database } from '../../server/db/client.server.ts';
import { rawOf, runnerOn, type SqlRunner } from '../../server/db/raw-sql.server.ts';
import { loadCatalogRecords, type LoadResult } from '../import/bulk-load.server.ts';
import type { CatalogRecord } from '../import/catalog-record.ts';
import { seedCategories } from '../import/seed-categories.server.ts';
import { jlcBrandOf } from './brand-map.ts';
import { readAttributeTable, readManifest, readShard, shardsOf, type JlcManifestCategory, type JlcRow } from './jlc-read.ts';
import { convertJlcRow, jlcProductCode, JLC_OFFER_SOURCE, LCSC_DISTRIBUTOR, offerOf, type JlcContext } from './jlc-record.ts';
import { buildKicadIndex, type KicadPart } from './kicad-merge.ts';

export type JlcProgress = { phase: 'parts' | 'indexes' | 'offers'; done: number; total: number };
export type JlcProblem = { where: string; reason: string };

export type JlcImportOptions = {
  onProgress?: (p: JlcProgress) => void;
  /** Every skipped row, with why (shard:line or LCSC code). */
  onProblem?: (p: JlcProblem) => void;
  signal?: AbortSignal;
  /** Rows per COPY block / offer batch. */
  batchSize?: number;
};

export type JlcImportSummary = {
  dir: string;
  snapshot: string;
  /** Rows read from the shards. */
  rows: number;
  /** New products written. */
  imported: number;
  /** KiCad products that are the same part, now one row with both sources. */
  merged: number;
  /** Rows skipped, each reported through onProblem. */
  skipped: number;
  /** Rows whose product another row already gave (same MPN and maker under a second LCSC code). */
  duplicates: number;
  /** Products found from an earlier, interrupted run and not loaded again. */
  resumed: number;
  params: number;
  supplierCodes: number;
  offers: number;
  /** KiCad assets: the part's own / its family's symbol, generic passives' symbol + footprint, none. */
  assets: { specific: number; generic: number; none: number; withSymbol: number; withFootprint: number };
  seconds: number;
  timings?: LoadResult['timings'];
};

export const JLC_RUN_KIND = 'jlcparts';

/** The import run's source key: the snapshot directory's name and its creation time. */
export function jlcRunSource(dir: string, created: string): string {
  return `${basename(resolve(dir))}@${created}`;
}

/** True when this snapshot was imported to the end already. */
export async function jlcImportFinished(database: Database, dir: string): Promise<boolean> {
  const manifest = readManifest(dir);
  const rows = await runnerOn(rawOf(database.db)).rows<{ n: number }>(
    'SELECT count(*)::int AS n FROM import_runs WHERE kind = $1 AND source = $2 AND finished_at IS NOT NULL',
    [JLC_RUN_KIND, jlcRunSource(dir, manifest.created)],
  );
  return (rows[0]?.n ?? 0) > 0;
}

async function loadKicadIndex(r: SqlRunner) {
  const parts = await r.rows<{ id: number; mpn: string; code: string; brand: string | null; package: string | null; sl: string | null; sn: string | null; fl: string | null; fn: string | null; source: string; licence: string }>(
    `SELECT p.id, p.mpn, p.mfg_mpn_code AS code, b.key AS brand, p.package, s.library AS sl, s.name AS sn, f.library AS fl, f.name AS fn, p.source, p.licence
       FROM products p JOIN symbols s ON s.id = p.symbol_id LEFT JOIN footprints f ON f.id = p.footprint_id LEFT JOIN brands b ON b.id = p.brand_id
      WHERE p.source NOT LIKE '%jlcparts%' AND p.asset_match IS NULL`,
  );
  const footprints = new Set((await r.rows<{ k: string }>(`SELECT library || ':' || name AS k FROM footprints`)).map((x) => x.k));
  const symbols = new Set((await r.rows<{ k: string }>(`SELECT library || ':' || name AS k FROM symbols WHERE is_template`)).map((x) => x.k));
  const kicad: KicadPart[] = parts.map((p) => ({
    id: p.id,
    mpn: p.mpn,
    mfgMpnCode: p.code,
    brandKey: p.brand,
    package: p.package,
    symbol: p.sl && p.sn ? { library: p.sl, name: p.sn } : null,
    footprint: p.fl && p.fn ? { library: p.fl, name: p.fn } : null,
    source: p.source,
    licence: p.licence,
  }));
  return buildKicadIndex(kicad, footprints, symbols);
}

type ShardRow = { row: JlcRow; category: JlcManifestCategory };

async function* allRows(dir: string, onProblem: (p: JlcProblem) => void, signal?: AbortSignal): AsyncGenerator<ShardRow> {
  const manifest = readManifest(dir);
  const byId = new Map(manifest.categories.map((c) => [c.id, c]));
  for (const { shard, category } of shardsOf(manifest)) {
    signal?.throwIfAborted();
    for await (const row of readShard(join(dir, shard), shard, (p) => onProblem({ where: `${p.shard}:${p.line}`, reason: p.reason }))) {
      // The row names its own subcategory; the manifest's shard list is the fallback.
      yield { row, category: byId.get(row.subcategoryId) ?? category };
    }
  }
}

export async function importJlcparts(database: Database, dir: string, options: JlcImportOptions = {}): Promise<JlcImportSummary> {
  const started = performance.now();
  const manifest = readManifest(dir);
  const lut = readAttributeTable(dir);
  const raw = rawOf(database.db);
  const r = runnerOn(raw);
  await seedCategories(database);
  const source = jlcRunSource(dir, manifest.created);
  const open = await r.rows<{ id: number }>('SELECT id FROM import_runs WHERE kind = $1 AND source = $2 AND finished_at IS NULL ORDER BY id DESC LIMIT 1', [JLC_RUN_KIND, source]);
  const runId = open[0]?.id ?? (await r.rows<{ id: number }>('INSERT INTO import_runs (kind, source) VALUES ($1, $2) RETURNING id', [JLC_RUN_KIND, source]))[0]!.id;

  const total = manifest.totalComponents;
  const batchSize = Math.max(100, options.batchSize ?? 5000);
  const summary: JlcImportSummary = {
    dir,
    snapshot: manifest.created,
    rows: 0,
    imported: 0,
    merged: 0,
    skipped: 0,
    duplicates: 0,
    resumed: 0,
    params: 0,
    supplierCodes: 0,
    offers: 0,
    assets: { specific: 0, generic: 0, none: 0, withSymbol: 0, withFootprint: 0 },
    seconds: 0,
  };
  const problem = (p: JlcProblem) => {
    summary.skipped++;
    options.onProblem?.(p);
  };
  const ctx: JlcContext = { lut, kicad: await loadKicadIndex(r) };
  // Products already imported from the snapshot (a resumed run) are not loaded again; a code that
  // another source's product holds (same MPN and maker, but not the same part) gets the LCSC code.
  const present = new Set<string>();
  const taken = new Set<string>();
  for (const x of await r.rows<{ code: string; jlc: boolean }>(`SELECT mfg_mpn_code AS code, source LIKE '%jlcparts%' AS jlc FROM products`)) (x.jlc ? present : taken).add(x.code);
  const seen = new Set<string>();
  /** LCSC code → product code where it is not derived from MPN and maker (merged or renamed; pass 2 needs them). */
  const mergedCodes = new Map<string, string>();
  const merges: CatalogRecord[] = [];
  const renamed = new Map<string, string>();

  async function* fresh(): AsyncGenerator<CatalogRecord> {
    for await (const { row, category } of allRows(dir, problem, options.signal)) {
      summary.rows++;
      if (summary.rows % 2000 === 0) options.onProgress?.({ phase: 'parts', done: summary.rows, total });
      const converted = convertJlcRow(row, category, ctx);
      if (!converted.ok) {
        problem({ where: converted.lcsc, reason: converted.reason });
        continue;
      }
      const rec = converted.record;
      if (converted.assets?.kind !== 'same' && taken.has(rec.mfgMpnCode!)) {
        const original = rec.mfgMpnCode!;
        rec.mfgMpnCode = renamed.get(original) ?? `${original.slice(0, 150)}_${row.lcsc}`;
        renamed.set(original, rec.mfgMpnCode);
        mergedCodes.set(row.lcsc, rec.mfgMpnCode);
      }
      const code = rec.mfgMpnCode!;
      if (seen.has(code)) {
        summary.duplicates++;
        if (converted.assets?.kind === 'same') mergedCodes.set(row.lcsc, code);
        continue;
      }
      seen.add(code);
      const a = converted.assets;
      if (a?.kind === 'generic') summary.assets.generic++;
      else if (a) summary.assets.specific++;
      else summary.assets.none++;
      if (rec.symbol) summary.assets.withSymbol++;
      if (rec.footprint) summary.assets.withFootprint++;
      if (a?.kind === 'same') {
        mergedCodes.set(row.lcsc, code);
        merges.push(rec);
        continue;
      }
      if (present.has(code)) {
        summary.resumed++;
        continue;
      }
      yield rec;
    }
    options.onProgress?.({ phase: 'indexes', done: summary.rows, total });
  }

  const loaded = await loadCatalogRecords(database, fresh(), { mode: 'fresh', batchSize, ...(options.signal ? { signal: options.signal } : {}) });
  summary.imported = loaded.imported;
  summary.params = loaded.params;
  if (loaded.timings) summary.timings = loaded.timings;
  for (const e of loaded.errors) problem({ where: e.mpn, reason: e.reason });
  if (merges.length) {
    const m = await loadCatalogRecords(database, merges, { mode: 'upsert', batchSize: 1000, ...(options.signal ? { signal: options.signal } : {}) });
    summary.merged = m.imported;
    summary.params += m.params;
    for (const e of m.errors) problem({ where: e.mpn, reason: e.reason });
  }

  // Pass 2: supplier codes and the dated offers, by product code.
  let done = 0;
  let batch: { lcsc: string; code: string; offer: ReturnType<typeof offerOf> }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    const codes = await r.rows<{ n: number }>(
      `WITH w AS (SELECT * FROM unnest($1::text[], $2::text[]) AS w(lcsc, code)),
            ins AS (INSERT INTO product_supplier_codes (product_id, supplier, code)
                    SELECT p.id, 'lcsc', w.lcsc FROM w JOIN products p ON p.mfg_mpn_code = w.code
                    ON CONFLICT (supplier, code) DO UPDATE SET product_id = EXCLUDED.product_id RETURNING 1)
       SELECT count(*)::int AS n FROM ins`,
      [rows.map((x) => x.lcsc), rows.map((x) => x.code)],
    );
    summary.supplierCodes += codes[0]?.n ?? 0;
    const withOffer = rows.filter((x) => x.offer);
    if (withOffer.length) {
      const offers = await r.rows<{ n: number }>(
        `WITH w AS (SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::text[]) AS w(code, sku, stock, moq, breaks)),
              ins AS (INSERT INTO supply_offers (product_id, distributor, distributor_sku, stock, moq, multiple, currency, price_breaks, url, data_time, source, updated_at)
                      SELECT p.id, $6, w.sku, w.stock, w.moq, 1, 'USD', w.breaks::jsonb, 'https://www.lcsc.com/product-detail/' || w.sku || '.html', $7::timestamptz, $8, now()
                        FROM w JOIN products p ON p.mfg_mpn_code = w.code
                      ON CONFLICT (product_id, distributor, distributor_sku) DO UPDATE SET stock = EXCLUDED.stock, moq = EXCLUDED.moq,
                        price_breaks = EXCLUDED.price_breaks, url = EXCLUDED.url, data_time = EXCLUDED.data_time, source = EXCLUDED.source, updated_at = now()
                      RETURNING 1)
         SELECT count(*)::int AS n FROM ins`,
        [
          withOffer.map((x) => x.code),
          withOffer.map((x) => x.offer!.sku),
          withOffer.map((x) => Math.min(x.offer!.stock, 2_147_483_647)),
          withOffer.map((x) => x.offer!.moq),
          withOffer.map((x) => JSON.stringify(x.offer!.priceBreaks)),
          LCSC_DISTRIBUTOR,
          manifest.created,
          JLC_OFFER_SOURCE,
        ],
      );
      summary.offers += offers[0]?.n ?? 0;
    }
    options.onProgress?.({ phase: 'offers', done, total });
  };
  const brandKeyOfMaker = new Map<number, string | null>();
  const makerIndex = (row: JlcRow): string | null => {
    for (const i of row.attributes) {
      const entry = lut[i];
      if (entry && entry[0] === 'Manufacturer') {
        let key = brandKeyOfMaker.get(i);
        if (key === undefined) {
          const v = entry[1]?.values?.['default']?.[0];
          const mapped = typeof v === 'string' && v.trim() && v.trim() !== '-' ? jlcBrandOf(v.trim()).key : null;
          key = mapped === 'unknown' ? null : mapped; // as convertJlcRow: no brand for non-names
          brandKeyOfMaker.set(i, key);
        }
        return key;
      }
    }
    return null;
  };
  for await (const { row } of allRows(dir, () => {}, options.signal)) {
    done++;
    const code = mergedCodes.get(row.lcsc) ?? jlcProductCode(row.mfr, makerIndex(row), row.lcsc);
    batch.push({ lcsc: row.lcsc, code, offer: offerOf(row) });
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  await r.rows('UPDATE import_runs SET lines_done = $2, imported = $3, skipped = $4, finished_at = now() WHERE id = $1', [runId, summary.rows, summary.imported + summary.merged, summary.skipped]);
  summary.seconds = +((performance.now() - started) / 1000).toFixed(1);
  return summary;
}
