// Bulk loader of catalogue records (catalog-record.ts) into products / product_params.
//
// Two modes:
// - 'upsert' (operator imports, the KiCad importer, demo data): batches of `batchSize` records,
//   each in one transaction: validate, resolve brands (inserting missing ones), symbol and
//   footprint references (looked up once per distinct reference and cached for the load; an
//   unknown one leaves the link empty and is noted), INSERT … ON CONFLICT (mfg_mpn_code) DO UPDATE, then replace the
//   product's parameters. Idempotent. A bad record is skipped with a reason, never the batch.
// - 'fresh' (scale loads into an empty or append-only table): the secondary indexes and foreign
//   keys of products / product_params are dropped, rows are streamed with COPY (PostgreSQL: COPY
//   FROM STDIN on two connections at once, product ids pre-assigned from the sequence; PGlite:
//   COPY FROM '/dev/blob' in transactions of `batchSize` rows), then the indexes are rebuilt in
//   parallel, the foreign keys restored and validated, and both tables analysed. Records are
//   only lightly checked (category, brand key, MPN): use it for generated or pre-validated data.
//
// Memory stays flat: records are consumed from an (async) iterable one batch at a time.

import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import type { Pool } from 'pg';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { migrationsFolder, type Database } from '../../server/db/client.server.ts';
import { inTransaction, liteRunner, pgRunner, rawOf, runnerOn, type RawClient, type SqlRunner } from '../../server/db/raw-sql.server.ts';
import { BRANDS } from '../brands.ts';
import { normalizeMpn } from '../mpn.ts';
import { brandKeyOf, CatalogRecordSchema, deriveMfgMpnCode, type CatalogRecord } from './catalog-record.ts';

export type LoadMode = 'upsert' | 'fresh';

export type LoadOptions = {
  mode?: LoadMode;
  /** Records per transaction (upsert, default 1000) or per COPY block (fresh, default 5000). */
  batchSize?: number;
  /** Called after each batch with the number of input records handled so far. */
  onProgress?: (done: number) => void;
  /** Aborting stops between batches; a fresh load then rolls its rows back and restores the indexes. */
  signal?: AbortSignal;
  /** When given, the load is recorded in import_runs (progress updated after every batch). */
  run?: { kind: string; source: string };
  /**
   * Fresh mode on PGlite only: keep the indexes and foreign keys while copying (each block then
   * updates them). Slower in total, but no single statement holds the embedded database for long,
   * so a server loading in the background keeps answering between blocks (the first start).
   */
  keepIndexes?: boolean;
};

export type LoadIssue = { index: number; mpn: string; reason: string };

export type LoadResult = {
  /** Products written (inserted or updated). */
  imported: number;
  /** Records rejected (invalid, unknown category …); each has an entry in `errors`. */
  skipped: number;
  /** Records replaced by a later record with the same mfgMpnCode (last wins). */
  duplicates: number;
  /** Parameter rows written. */
  params: number;
  /** Symbol or footprint references not found (the product is kept without the link). */
  unresolvedRefs: number;
  /** Why records were skipped (the first 10,000). */
  errors: LoadIssue[];
  /** Non-fatal notes: unresolved references, duplicates (the first 1,000). */
  warnings: LoadIssue[];
  runId?: number;
  /** Fresh mode: seconds spent streaming rows, rebuilding indexes, validating keys, analysing. */
  timings?: { rows: number; indexes: number; foreignKeys: number; analyze: number; perIndex: Record<string, number> };
};

const MAX_ERRORS = 10_000;
const MAX_WARNINGS = 1_000;

// ── Schema facts the fresh mode restores ─────────────────────────────────────

/** Secondary indexes of products / product_params from migration 0002 on (fallback of expectedCatalogDdl). */
export const CATALOG_INDEXES: readonly { name: string; table: 'products' | 'product_params'; unique: boolean; sql: string }[] = [
  { name: 'products_code_idx', table: 'products', unique: true, sql: 'CREATE UNIQUE INDEX IF NOT EXISTS "products_code_idx" ON "products" USING btree ("mfg_mpn_code")' },
  { name: 'products_mpn_norm_prefix_idx', table: 'products', unique: false, sql: 'CREATE INDEX IF NOT EXISTS "products_mpn_norm_prefix_idx" ON "products" USING btree ("mpn_normalized" text_pattern_ops)' },
  { name: 'products_mpn_norm_trgm_idx', table: 'products', unique: false, sql: 'CREATE INDEX IF NOT EXISTS "products_mpn_norm_trgm_idx" ON "products" USING gin ("mpn_normalized" gin_trgm_ops)' },
  { name: 'products_cate_idx', table: 'products', unique: false, sql: 'CREATE INDEX IF NOT EXISTS "products_cate_idx" ON "products" USING btree ("cate_id")' },
  { name: 'products_brand_idx', table: 'products', unique: false, sql: 'CREATE INDEX IF NOT EXISTS "products_brand_idx" ON "products" USING btree ("brand_id")' },
  { name: 'products_package_idx', table: 'products', unique: false, sql: 'CREATE INDEX IF NOT EXISTS "products_package_idx" ON "products" USING btree ("package")' },
  { name: 'product_params_product_idx', table: 'product_params', unique: false, sql: 'CREATE INDEX IF NOT EXISTS "product_params_product_idx" ON "product_params" USING btree ("product_id")' },
  // Migration 0011 replaced 0002's (key, value_num) index with this one.
  { name: 'product_params_key_num_id_idx', table: 'product_params', unique: false, sql: 'CREATE INDEX IF NOT EXISTS "product_params_key_num_id_idx" ON "product_params" USING btree ("key","value_num","product_id")' },
  { name: 'product_params_key_text_idx', table: 'product_params', unique: false, sql: 'CREATE INDEX IF NOT EXISTS "product_params_key_text_idx" ON "product_params" USING btree ("key","value_text")' },
];

/** Foreign keys of products / product_params from migration 0002 (fallback of expectedCatalogDdl). */
export const CATALOG_FOREIGN_KEYS: readonly { name: string; table: 'products' | 'product_params'; def: string }[] = [
  { name: 'products_brand_id_brands_id_fk', table: 'products', def: 'FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action' },
  { name: 'products_cate_id_categories_cate_id_fk', table: 'products', def: 'FOREIGN KEY ("cate_id") REFERENCES "public"."categories"("cate_id") ON DELETE no action ON UPDATE no action' },
  { name: 'products_symbol_id_symbols_id_fk', table: 'products', def: 'FOREIGN KEY ("symbol_id") REFERENCES "public"."symbols"("id") ON DELETE set null ON UPDATE no action' },
  { name: 'products_footprint_id_footprints_id_fk', table: 'products', def: 'FOREIGN KEY ("footprint_id") REFERENCES "public"."footprints"("id") ON DELETE set null ON UPDATE no action' },
  { name: 'product_params_product_id_products_id_fk', table: 'product_params', def: 'FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action' },
];

type IndexDef = { name: string; table: string; unique: boolean; sql: string };
type ForeignKeyDef = { name: string; table: string; def: string };

/**
 * The indexes and foreign keys of products / product_params as the migrations define them
 * (read from the migration files, so indexes that later migrations add — search, for instance —
 * are known even after an interrupted fresh load dropped them). Falls back to CATALOG_INDEXES /
 * CATALOG_FOREIGN_KEYS when the folder cannot be read.
 */
export function expectedCatalogDdl(folder: string = migrationsFolder): { indexes: IndexDef[]; fks: ForeignKeyDef[] } {
  const indexes = new Map<string, IndexDef>();
  const fks = new Map<string, ForeignKeyDef>();
  let files: string[];
  try {
    files = readdirSync(folder)
      .filter((f) => f.endsWith('.sql'))
      .sort();
  } catch {
    return { indexes: [...CATALOG_INDEXES], fks: [...CATALOG_FOREIGN_KEYS] };
  }
  for (const file of files) {
    for (const raw of readFileSync(join(folder, file), 'utf8').split('--> statement-breakpoint')) {
      const statement = raw.trim().replace(/;\s*$/, '');
      let m = /^CREATE\s+(UNIQUE\s+)?INDEX\s+(?:IF NOT EXISTS\s+)?"([^"]+)"\s+ON\s+(?:"public"\.)?"(products|product_params)"/i.exec(statement);
      if (m && m[2] && m[3]) {
        const sql = statement.replace(/^CREATE\s+(UNIQUE\s+)?INDEX\s+(?:IF NOT EXISTS\s+)?/i, (_x, u: string | undefined) => `CREATE ${u ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS `);
        indexes.set(m[2], { name: m[2], table: m[3], unique: !!m[1], sql });
        continue;
      }
      m = /^DROP\s+INDEX\s+(?:CONCURRENTLY\s+)?(?:IF EXISTS\s+)?(?:"public"\.)?"([^"]+)"/i.exec(statement);
      if (m && m[1]) {
        indexes.delete(m[1]);
        continue;
      }
      m = /^ALTER TABLE\s+(?:"public"\.)?"(products|product_params)"\s+ADD CONSTRAINT\s+"([^"]+)"\s+(FOREIGN KEY[\s\S]*)$/i.exec(statement);
      if (m && m[1] && m[2] && m[3]) {
        fks.set(m[2], { name: m[2], table: m[1], def: m[3].trim() });
        continue;
      }
      m = /^ALTER TABLE\s+(?:"public"\.)?"(products|product_params)"\s+DROP CONSTRAINT\s+(?:IF EXISTS\s+)?"([^"]+)"/i.exec(statement);
      if (m && m[2]) fks.delete(m[2]);
    }
  }
  if (indexes.size === 0) return { indexes: [...CATALOG_INDEXES], fks: [...CATALOG_FOREIGN_KEYS] };
  return { indexes: [...indexes.values()], fks: [...fks.values()] };
}

/** Index definitions as they are now (so indexes added by later migrations are restored too), plus the schema's. */
async function currentIndexes(r: SqlRunner): Promise<IndexDef[]> {
  const rows = await r.rows<{ indexname: string; tablename: string; indexdef: string }>(
    `SELECT i.indexname, i.tablename, i.indexdef FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename IN ('products', 'product_params')
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.contype IN ('p', 'u', 'x'))`,
  );
  const out = new Map<string, IndexDef>();
  for (const d of expectedCatalogDdl().indexes) out.set(d.name, d);
  for (const row of rows) {
    if (out.has(row.indexname)) continue;
    const sql = row.indexdef.replace(/^CREATE (UNIQUE )?INDEX /, (_m, u: string | undefined) => `CREATE ${u ?? ''}INDEX IF NOT EXISTS `);
    out.set(row.indexname, { name: row.indexname, table: row.tablename, unique: /^CREATE UNIQUE/.test(row.indexdef), sql });
  }
  return [...out.values()];
}

async function currentForeignKeys(r: SqlRunner): Promise<ForeignKeyDef[]> {
  const rows = await r.rows<{ conname: string; relname: string; def: string }>(
    `SELECT c.conname, t.relname, pg_get_constraintdef(c.oid) AS def FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
     WHERE c.contype = 'f' AND t.relname IN ('products', 'product_params') AND t.relnamespace = current_schema()::regnamespace`,
  );
  const out = new Map<string, ForeignKeyDef>();
  for (const d of expectedCatalogDdl().fks) out.set(d.name, d);
  for (const row of rows) if (!out.has(row.conname)) out.set(row.conname, { name: row.conname, table: row.relname, def: row.def });
  return [...out.values()];
}

async function existingIndexNames(r: SqlRunner): Promise<Set<string>> {
  const rows = await r.rows<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('products', 'product_params')`);
  return new Set(rows.map((x) => x.indexname));
}

async function existingForeignKeys(r: SqlRunner): Promise<Map<string, boolean>> {
  const rows = await r.rows<{ conname: string; convalidated: boolean }>(
    `SELECT c.conname, c.convalidated FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
     WHERE c.contype = 'f' AND t.relname IN ('products', 'product_params') AND t.relnamespace = current_schema()::regnamespace`,
  );
  return new Map(rows.map((x) => [x.conname, x.convalidated]));
}

/**
 * Recreates any schema index or foreign key of products / product_params that is missing (after
 * an interrupted fresh load, for instance). Cheap when everything is there.
 */
export async function ensureCatalogIndexes(database: Database): Promise<string[]> {
  const r = runnerOn(rawOf(database.db));
  const names = await existingIndexNames(r);
  const fks = await existingForeignKeys(r);
  const expected = expectedCatalogDdl();
  const done: string[] = [];
  for (const idx of expected.indexes) {
    if (names.has(idx.name)) continue;
    if (idx.unique) await dedupeProducts(r);
    await r.rows(idx.sql);
    done.push(idx.name);
  }
  for (const fk of expected.fks) {
    const state = fks.get(fk.name);
    if (state === undefined) await r.rows(`ALTER TABLE "${fk.table}" ADD CONSTRAINT "${fk.name}" ${fk.def}`);
    else if (!state) await r.rows(`ALTER TABLE "${fk.table}" VALIDATE CONSTRAINT "${fk.name}"`);
    else continue;
    done.push(fk.name);
  }
  return done;
}

/** Keeps the last row (highest id) of each mfg_mpn_code; returns how many were removed. */
async function dedupeProducts(r: SqlRunner): Promise<number> {
  const ids = await r.rows<{ id: number }>(
    `SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY mfg_mpn_code ORDER BY id DESC) AS rn FROM products) d WHERE rn > 1`,
  );
  if (ids.length === 0) return 0;
  const list = ids.map((x) => x.id);
  await r.rows('DELETE FROM product_params WHERE product_id = ANY($1::int[])', [list]);
  await r.rows('DELETE FROM products WHERE id = ANY($1::int[])', [list]);
  return list.length;
}

// ── Shared per-load state ────────────────────────────────────────────────────

type BrandInput = { key: string; nameZh: string; nameEn: string; country: string | null; website: string | null };

const BRAND_TABLE: ReadonlyMap<string, BrandInput> = new Map(
  BRANDS.map((b) => [b.key, { key: b.key, nameZh: b.nameZh, nameEn: b.nameEn, country: b.country, website: b.website }]),
);

function brandInputOf(brand: NonNullable<CatalogRecord['brand']>): BrandInput {
  if (typeof brand !== 'string') {
    return { key: brand.key, nameZh: brand.nameZh, nameEn: brand.nameEn, country: brand.country ?? null, website: brand.website ?? null };
  }
  return BRAND_TABLE.get(brand) ?? { key: brand, nameZh: brand, nameEn: brand, country: null, website: null };
}

const BRAND_KEY_RE = /^[a-z0-9][a-z0-9-]*$/;

class LoadState {
  readonly result: LoadResult = { imported: 0, skipped: 0, duplicates: 0, params: 0, unresolvedRefs: 0, errors: [], warnings: [] };
  categories = new Set<number>();
  brands = new Map<string, number>();
  /** (library, name) → id, or null when the library has no such entry; filled as records ask. */
  readonly symbols = new Map<string, number | null>();
  readonly footprints = new Map<string, number | null>();
  seen = 0;
  rowSeconds = 0;
  readonly started = performance.now();

  async preload(r: SqlRunner): Promise<void> {
    const cats = await r.rows<{ cate_id: number }>('SELECT cate_id FROM categories');
    this.categories = new Set(cats.map((c) => c.cate_id));
    const brands = await r.rows<{ id: number; key: string }>('SELECT id, key FROM brands');
    this.brands = new Map(brands.map((b) => [b.key, b.id]));
  }

  /** Looks up the symbol / footprint references of a batch that are not cached yet (one query per table). */
  async lookupRefs(r: SqlRunner, items: readonly Prepared[]): Promise<void> {
    for (const [table, cache, pick] of [
      ['symbols', this.symbols, (rec: CatalogRecord) => rec.symbol],
      ['footprints', this.footprints, (rec: CatalogRecord) => rec.footprint],
    ] as const) {
      const wanted = new Map<string, { library: string; name: string }>();
      for (const item of items) {
        const ref = pick(item.rec);
        if (!ref) continue;
        const key = refKey(ref.library, ref.name);
        if (!cache.has(key)) wanted.set(key, ref);
      }
      if (wanted.size === 0) continue;
      const refs = [...wanted.values()];
      const rows = await r.rows<{ id: number; library: string; name: string }>(
        `SELECT t.id, t.library, t.name FROM ${table} t JOIN unnest($1::text[], $2::text[]) AS w(library, name) ON t.library = w.library AND t.name = w.name`,
        [refs.map((x) => x.library), refs.map((x) => x.name)],
      );
      for (const key of wanted.keys()) cache.set(key, null);
      for (const row of rows) cache.set(refKey(row.library, row.name), row.id);
    }
  }

  skip(index: number, mpn: unknown, reason: string): void {
    this.result.skipped++;
    if (this.result.errors.length < MAX_ERRORS) this.result.errors.push({ index, mpn: typeof mpn === 'string' ? mpn : String(mpn ?? ''), reason });
  }

  warn(index: number, mpn: string, reason: string): void {
    if (this.result.warnings.length < MAX_WARNINGS) this.result.warnings.push({ index, mpn, reason });
  }

  /** Inserts the brands of `keys` that are not known yet (record object form, brands.ts, or a minimal row). */
  async ensureBrands(r: SqlRunner, wanted: Map<string, BrandInput>): Promise<void> {
    const missing = [...wanted.values()].filter((b) => !this.brands.has(b.key));
    if (missing.length === 0) return;
    await r.rows(
      `INSERT INTO brands (key, name_zh, name_en, country, website)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) ON CONFLICT (key) DO NOTHING`,
      [missing.map((b) => b.key), missing.map((b) => b.nameZh), missing.map((b) => b.nameEn), missing.map((b) => b.country), missing.map((b) => b.website)],
    );
    const rows = await r.rows<{ id: number; key: string }>('SELECT id, key FROM brands WHERE key = ANY($1::text[])', [missing.map((b) => b.key)]);
    for (const row of rows) this.brands.set(row.key, row.id);
  }

  /** Sets the items' symbol and footprint ids from the cache (after lookupRefs); notes the missing ones. */
  resolveRefs(items: Prepared[]): void {
    for (const item of items) Object.assign(item, this.refsOf(item.index, item.rec));
  }

  private refsOf(index: number, rec: CatalogRecord): { symbolId: number | null; footprintId: number | null } {
    let symbolId: number | null = null;
    let footprintId: number | null = null;
    if (rec.symbol) {
      symbolId = this.symbols.get(refKey(rec.symbol.library, rec.symbol.name)) ?? null;
      if (symbolId === null) {
        this.result.unresolvedRefs++;
        this.warn(index, rec.mpn, `symbol ${rec.symbol.library}:${rec.symbol.name} not found; product kept without it`);
      }
    }
    if (rec.footprint) {
      footprintId = this.footprints.get(refKey(rec.footprint.library, rec.footprint.name)) ?? null;
      if (footprintId === null) {
        this.result.unresolvedRefs++;
        this.warn(index, rec.mpn, `footprint ${rec.footprint.library}:${rec.footprint.name} not found; product kept without it`);
      }
    }
    return { symbolId, footprintId };
  }
}

function refKey(library: string, name: string): string {
  return `${library}\u0000${name}`;
}

/** A record accepted for writing. */
type Prepared = {
  index: number;
  rec: CatalogRecord;
  code: string;
  brandKey: string | null;
  symbolId: number | null;
  footprintId: number | null;
};

async function* inBatches<T>(records: AsyncIterable<T> | Iterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const rec of records) {
    batch.push(rec);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/**
 * Checks and de-duplicates one batch. `validate` runs the full zod schema (upsert); otherwise
 * only what the database would reject is checked (fresh).
 */
function prepareBatch(state: LoadState, batch: readonly unknown[], validate: boolean): { items: Prepared[]; brands: Map<string, BrandInput> } {
  const byCode = new Map<string, Prepared>();
  const brands = new Map<string, BrandInput>();
  for (const raw of batch) {
    const index = state.seen++;
    let rec: CatalogRecord;
    if (validate) {
      const parsed = CatalogRecordSchema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        state.skip(index, (raw as { mpn?: unknown } | null)?.mpn, issue ? `${issue.path.join('.') || 'record'}: ${issue.message}` : 'invalid record');
        continue;
      }
      rec = parsed.data;
    } else {
      rec = raw as CatalogRecord;
      const problem = lightCheck(rec);
      if (problem) {
        state.skip(index, rec?.mpn, problem);
        continue;
      }
    }
    if (!state.categories.has(rec.cateId)) {
      state.skip(index, rec.mpn, `unknown cateId ${rec.cateId}`);
      continue;
    }
    const brandKey = brandKeyOf(rec.brand);
    if (brandKey !== null && rec.brand !== undefined && !brands.has(brandKey) && !state.brands.has(brandKey)) brands.set(brandKey, brandInputOf(rec.brand));
    const code = rec.mfgMpnCode ?? deriveMfgMpnCode(rec.mpn, brandKey);
    const previous = byCode.get(code);
    if (previous) {
      state.result.duplicates++;
      state.warn(previous.index, previous.rec.mpn, `replaced by record ${index} with the same mfgMpnCode ${code}`);
      byCode.delete(code);
    }
    byCode.set(code, { index, rec, code, brandKey, symbolId: null, footprintId: null });
  }
  return { items: [...byCode.values()], brands };
}

function lightCheck(rec: CatalogRecord): string | null {
  if (!rec || typeof rec !== 'object') return 'not a record';
  if (typeof rec.mpn !== 'string' || rec.mpn.trim() === '') return 'mpn: required';
  if (!Number.isInteger(rec.cateId)) return 'cateId: must be an integer';
  if (rec.brand !== undefined) {
    const key = typeof rec.brand === 'string' ? rec.brand : rec.brand?.key;
    if (typeof key !== 'string' || !BRAND_KEY_RE.test(key)) return 'brand: lower-case letters, digits and dashes';
  }
  if (typeof rec.source !== 'string' || rec.source === '' || typeof rec.licence !== 'string' || rec.licence === '') return 'source and licence are required';
  if (rec.mfgMpnCode !== undefined && !/^[A-Za-z0-9._~-]{1,160}$/.test(rec.mfgMpnCode)) return 'mfgMpnCode: URL-safe: letters, digits, . _ ~ -';
  for (const p of rec.params ?? []) {
    if (!p || typeof p.key !== 'string' || (p.value === undefined && p.text === undefined)) return 'params: a parameter needs a key and a value or text';
    if (p.value !== undefined && !Number.isFinite(p.value)) return `params.${p.key}: value must be finite`;
  }
  return null;
}

// ── Import runs ──────────────────────────────────────────────────────────────

async function startRun(r: SqlRunner, run: LoadOptions['run']): Promise<number | undefined> {
  if (!run) return undefined;
  const rows = await r.rows<{ id: number }>('INSERT INTO import_runs (kind, source) VALUES ($1, $2) RETURNING id', [run.kind, run.source]);
  return rows[0]?.id;
}

async function updateRun(r: SqlRunner, id: number | undefined, state: LoadState, finishedRun: boolean): Promise<void> {
  if (id === undefined) return;
  await r.rows(`UPDATE import_runs SET lines_done = $2, imported = $3, skipped = $4${finishedRun ? ', finished_at = now()' : ''} WHERE id = $1`, [
    id,
    state.seen,
    state.result.imported,
    state.result.skipped,
  ]);
}

// ── Entry point ──────────────────────────────────────────────────────────────

export async function loadCatalogRecords(
  database: Database,
  records: AsyncIterable<CatalogRecord> | Iterable<CatalogRecord>,
  options: LoadOptions = {},
): Promise<LoadResult> {
  const mode = options.mode ?? 'upsert';
  const raw = rawOf(database.db);
  const r = runnerOn(raw);
  const state = new LoadState();
  options.signal?.throwIfAborted();
  await state.preload(r);
  const runId = await startRun(r, options.run);
  if (runId !== undefined) state.result.runId = runId;
  if (mode === 'upsert') {
    await ensureCatalogIndexes(database);
    await loadUpsert(raw, state, records, options, runId);
  } else if (raw.kind === 'postgres') {
    await loadFreshPostgres(raw.pool, state, records, options, runId);
  } else {
    await loadFreshPglite(raw.lite, state, records, options, runId);
  }
  await updateRun(r, runId, state, true);
  return state.result;
}

// ── Upsert ───────────────────────────────────────────────────────────────────

const PRODUCT_COLUMNS =
  'mfg_mpn_code, mpn, mpn_normalized, brand_id, cate_id, description_zh, description_en, package, datasheet_url, lifecycle, keywords, symbol_id, footprint_id, source, licence, asset_match';

async function loadUpsert(raw: RawClient, state: LoadState, records: AsyncIterable<CatalogRecord> | Iterable<CatalogRecord>, options: LoadOptions, runId: number | undefined): Promise<void> {
  const r = runnerOn(raw);
  for await (const batch of inBatches(records, Math.max(1, options.batchSize ?? 1000))) {
    options.signal?.throwIfAborted();
    const { items, brands } = prepareBatch(state, batch, true);
    if (brands.size) await state.ensureBrands(r, brands);
    await state.lookupRefs(r, items);
    state.resolveRefs(items);
    if (items.length) {
      await inTransaction(raw, async (tx) => {
        const rows = await tx.rows<{ id: number; mfg_mpn_code: string }>(
          `INSERT INTO products (${PRODUCT_COLUMNS})
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::int[], $13::int[], $14::text[], $15::text[], $16::text[])
           ON CONFLICT (mfg_mpn_code) DO UPDATE SET
             mpn = EXCLUDED.mpn, mpn_normalized = EXCLUDED.mpn_normalized, brand_id = EXCLUDED.brand_id, cate_id = EXCLUDED.cate_id,
             description_zh = EXCLUDED.description_zh, description_en = EXCLUDED.description_en, package = EXCLUDED.package,
             datasheet_url = EXCLUDED.datasheet_url, lifecycle = EXCLUDED.lifecycle, keywords = EXCLUDED.keywords,
             symbol_id = EXCLUDED.symbol_id, footprint_id = EXCLUDED.footprint_id, source = EXCLUDED.source, licence = EXCLUDED.licence,
             asset_match = EXCLUDED.asset_match, updated_at = now()
           RETURNING id, mfg_mpn_code`,
          [
            items.map((p) => p.code),
            items.map((p) => p.rec.mpn),
            items.map((p) => normalizeMpn(p.rec.mpn)),
            items.map((p) => (p.brandKey === null ? null : (state.brands.get(p.brandKey) ?? null))),
            items.map((p) => p.rec.cateId),
            items.map((p) => p.rec.descriptionZh ?? null),
            items.map((p) => p.rec.descriptionEn ?? null),
            items.map((p) => p.rec.package ?? null),
            items.map((p) => p.rec.datasheetUrl ?? null),
            items.map((p) => p.rec.lifecycle ?? 'unknown'),
            items.map((p) => p.rec.keywords ?? null),
            items.map((p) => p.symbolId),
            items.map((p) => p.footprintId),
            items.map((p) => p.rec.source),
            items.map((p) => p.rec.licence),
            items.map((p) => p.rec.assetMatch ?? null),
          ],
        );
        const idOf = new Map(rows.map((row) => [row.mfg_mpn_code, row.id]));
        const ids = items.map((p) => idOf.get(p.code) ?? 0);
        await tx.rows('DELETE FROM product_params WHERE product_id = ANY($1::int[])', [ids]);
        const pid: number[] = [];
        const key: string[] = [];
        const unit: (string | null)[] = [];
        const num: (number | null)[] = [];
        const txt: (string | null)[] = [];
        items.forEach((p, i) => {
          for (const param of p.rec.params ?? []) {
            pid.push(ids[i] ?? 0);
            key.push(param.key);
            unit.push(param.unit ?? null);
            num.push(param.value ?? null);
            txt.push(param.text ?? null);
          }
        });
        if (pid.length) {
          await tx.rows(
            'INSERT INTO product_params (product_id, key, unit, value_num, value_text) SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::float8[], $5::text[])',
            [pid, key, unit, num, txt],
          );
        }
        state.result.params += pid.length;
        await writeSupplierCodes(tx, items, ids);
      });
      state.result.imported += items.length;
    }
    await updateRun(r, runId, state, false);
    options.onProgress?.(state.seen);
  }
}

/** A batch's distributor codes replace the products' earlier ones; a code moves to its new product. */
async function writeSupplierCodes(tx: SqlRunner, items: readonly Prepared[], ids: readonly number[]): Promise<void> {
  const pid: number[] = [];
  const supplier: string[] = [];
  const code: string[] = [];
  items.forEach((p, i) => {
    for (const c of p.rec.supplierCodes ?? []) {
      pid.push(ids[i] ?? 0);
      supplier.push(c.supplier);
      code.push(c.code.toUpperCase());
    }
  });
  await tx.rows('DELETE FROM product_supplier_codes WHERE product_id = ANY($1::int[])', [ids]);
  if (pid.length) {
    await tx.rows(
      `INSERT INTO product_supplier_codes (product_id, supplier, code) SELECT * FROM unnest($1::int[], $2::text[], $3::text[])
       ON CONFLICT (supplier, code) DO UPDATE SET product_id = EXCLUDED.product_id`,
      [pid, supplier, code],
    );
  }
}

// ── Fresh: COPY text format ──────────────────────────────────────────────────

const COPY_SPECIAL = /[\\\n\r\t]/;
const COPY_SPECIAL_G = /[\\\n\r\t]/g;
const COPY_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function copyText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  return COPY_SPECIAL.test(value) ? value.replace(COPY_SPECIAL_G, (c) => COPY_ESCAPES[c] ?? c) : value;
}

function copyNum(value: number | null | undefined): string {
  return value === null || value === undefined ? '\\N' : String(value);
}

const COPY_PRODUCT_COLUMNS = `id, ${PRODUCT_COLUMNS}`;
const COPY_PARAM_COLUMNS = 'product_id, key, unit, value_num, value_text';

/** The COPY lines of one prepared batch with its pre-assigned ids. */
function copyLines(state: LoadState, items: readonly Prepared[], ids: readonly number[]): { products: string; params: string; paramCount: number } {
  let products = '';
  let params = '';
  let paramCount = 0;
  for (let i = 0; i < items.length; i++) {
    const p = items[i] as Prepared;
    const rec = p.rec;
    const id = String(ids[i]);
    products +=
      `${id}\t${copyText(p.code)}\t${copyText(rec.mpn)}\t${copyText(normalizeMpn(rec.mpn))}\t${copyNum(p.brandKey === null ? undefined : state.brands.get(p.brandKey))}\t${rec.cateId}\t` +
      `${copyText(rec.descriptionZh)}\t${copyText(rec.descriptionEn)}\t${copyText(rec.package)}\t${copyText(rec.datasheetUrl)}\t${copyText(rec.lifecycle ?? 'unknown')}\t` +
      `${copyText(rec.keywords)}\t${copyNum(p.symbolId)}\t${copyNum(p.footprintId)}\t${copyText(rec.source)}\t${copyText(rec.licence)}\t${copyText(rec.assetMatch)}\n`;
    for (const param of rec.params ?? []) {
      params += `${id}\t${copyText(param.key)}\t${copyText(param.unit)}\t${copyNum(param.value)}\t${copyText(param.text)}\n`;
      paramCount++;
    }
  }
  return { products, params, paramCount };
}

async function dropForLoad(r: SqlRunner, keepUnique: boolean): Promise<{ indexes: IndexDef[]; fks: ForeignKeyDef[] }> {
  const indexes = await currentIndexes(r);
  const fks = await currentForeignKeys(r);
  for (const fk of fks) await r.rows(`ALTER TABLE "${fk.table}" DROP CONSTRAINT IF EXISTS "${fk.name}"`);
  for (const idx of indexes) {
    if (keepUnique && idx.unique) continue;
    await r.rows(`DROP INDEX IF EXISTS "${idx.name}"`);
  }
  return { indexes, fks };
}

/**
 * Rebuilds indexes (on `workers` connections at once, longest first), restores the foreign keys
 * (added NOT VALID, then validated) and analyses the tables. A duplicate mfg_mpn_code in the
 * loaded rows is resolved before the unique index is built (last row wins).
 */
async function restoreAfterLoad(
  connect: () => Promise<{ r: SqlRunner; done: () => void }>,
  workers: number,
  defs: { indexes: IndexDef[]; fks: ForeignKeyDef[] },
  state: LoadState,
  setup: readonly string[],
): Promise<void> {
  const t0 = performance.now();
  const main = await connect();
  try {
    // Duplicates first, while nothing depends on the rows (a COPY can carry repeated codes).
    const names = await existingIndexNames(main.r);
    if (!names.has('products_code_idx')) {
      const removed = await dedupeProducts(main.r);
      if (removed) {
        state.result.duplicates += removed;
        state.result.imported -= removed;
        state.warn(-1, '', `${removed} rows repeated an mfgMpnCode; the last of each was kept`);
      }
    }
    const existing = await existingForeignKeys(main.r);
    for (const fk of defs.fks) {
      if (!existing.has(fk.name)) await main.r.rows(`ALTER TABLE "${fk.table}" ADD CONSTRAINT "${fk.name}" ${fk.def} NOT VALID`);
    }
  } finally {
    main.done();
  }
  const weight = (d: IndexDef): number => (/\bgin\b/i.test(d.sql) ? 3 : d.table === 'product_params' ? 2 : 1);
  const queue = [...defs.indexes].sort((a, b) => weight(b) - weight(a));
  const perIndex: Record<string, number> = {};
  const validations = defs.fks.map((fk) => `ALTER TABLE "${fk.table}" VALIDATE CONSTRAINT "${fk.name}"`);
  const worker = async (): Promise<void> => {
    const c = await connect();
    try {
      for (const s of setup) await c.r.rows(s);
      for (let job = queue.shift(); job; job = queue.shift()) {
        // PGlite runs each build in this thread and its promises settle as microtasks: without a
        // macrotask turn between builds, timers and requests would wait for all of them (minutes at
        // 600k parts), not just for the one running.
        await new Promise((resolve) => setImmediate(resolve));
        const started = performance.now();
        await c.r.rows(job.sql);
        perIndex[job.name] = Math.round(performance.now() - started) / 1000;
      }
    } finally {
      // Pooled connections (and PGlite's single session) go back with their defaults.
      for (const s of setup) {
        const name = /^SET (\w+)/.exec(s)?.[1];
        if (name) await c.r.rows(`RESET ${name}`).catch(() => {});
      }
      c.done();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, workers) }, worker));
  const t1 = performance.now();
  const tail = await connect();
  try {
    for (const v of validations) await tail.r.rows(v);
  } finally {
    tail.done();
  }
  const analyse = async (table: string): Promise<void> => {
    const c = await connect();
    try {
      await c.r.rows(`ANALYZE "${table}"`);
    } finally {
      c.done();
    }
  };
  const t2 = performance.now();
  await Promise.all([analyse('products'), analyse('product_params')]);
  const t3 = performance.now();
  const sec = (ms: number): number => Math.round(ms) / 1000;
  state.result.timings = { rows: sec(state.rowSeconds * 1000), indexes: sec(t1 - t0), foreignKeys: sec(t2 - t1), analyze: sec(t3 - t2), perIndex };
}

/** A unique violation during a fresh load means the table already holds one of the codes. */
function explainFreshError(error: unknown): unknown {
  const e = error as { code?: string; detail?: string } | null;
  if (e && e.code === '23505') {
    return new Error(`fresh load refused: ${e.detail ?? 'an mfgMpnCode is already in products'}; fresh mode appends new codes only — use mode 'upsert' to merge`, { cause: error });
  }
  return error;
}

async function write(stream: Writable, chunk: string): Promise<void> {
  if (chunk && !stream.write(chunk)) await once(stream, 'drain');
}

// ── Fresh on PostgreSQL: COPY FROM STDIN ─────────────────────────────────────

async function loadFreshPostgres(pool: Pool, state: LoadState, records: AsyncIterable<CatalogRecord> | Iterable<CatalogRecord>, options: LoadOptions, runId: number | undefined): Promise<void> {
  const { from: copyFrom } = await import('pg-copy-streams');
  const r = pgRunner(pool);
  const empty = (await r.rows<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM products) AS empty'))[0]?.empty ?? false;
  const seqRow = await r.rows<{ seq: string }>(`SELECT pg_get_serial_sequence('products', 'id') AS seq`);
  const seq = seqRow[0]?.seq ?? 'products_id_seq';
  const defs = await dropForLoad(r, !empty);
  const connect = async (): Promise<{ r: SqlRunner; done: () => void }> => {
    const c = await pool.connect();
    return { r: pgRunner(c), done: () => c.release() };
  };
  const productClient = await pool.connect();
  const paramClient = await pool.connect();
  let failure: unknown;
  let restoreError: unknown;
  const clients = [productClient, paramClient];
  try {
    // Both COPYs commit together (products first): a failure leaves neither table changed.
    for (const c of clients) await c.query('BEGIN; SET LOCAL synchronous_commit = off');
    // Into empty tables, truncating them in the COPY's own transaction allows COPY … FREEZE: rows
    // are written frozen and all-visible, so the index builds and the first reads do not rewrite
    // every page to set hint bits. (product_params is empty too: its rows need a product.)
    // Checked again under the lock, so no row written meanwhile can be truncated away.
    let freeze = false;
    if (empty) {
      await productClient.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE');
      const still = await productClient.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM products) AS empty');
      // TRUNCATE is refused while another table's foreign key points at products (the BOM
      // tables, migration 0010; product_params' own key is dropped for the load): no FREEZE then.
      const refs = await productClient.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f' AND confrelid = 'products'::regclass`);
      freeze = still.rows[0]?.empty === true && refs.rows[0]?.n === 0;
    }
    if (freeze) {
      await productClient.query('TRUNCATE products');
      await paramClient.query('TRUNCATE product_params');
    }
    const copyOptions = freeze ? ' WITH (FREEZE)' : '';
    const productStream = productClient.query(copyFrom(`COPY products (${COPY_PRODUCT_COLUMNS}) FROM STDIN${copyOptions}`));
    const paramStream = paramClient.query(copyFrom(`COPY product_params (${COPY_PARAM_COLUMNS}) FROM STDIN${copyOptions}`));
    const streams = [productStream, paramStream];
    for (const s of streams) s.on('error', (e) => (failure ??= e));
    try {
      for await (const batch of inBatches(records, Math.max(1, options.batchSize ?? 5000))) {
        options.signal?.throwIfAborted();
        if (failure) throw failure;
        const { items, brands } = prepareBatch(state, batch, false);
        if (brands.size) await state.ensureBrands(r, brands);
        await state.lookupRefs(r, items);
        state.resolveRefs(items);
        if (items.length) {
          const ids = (await r.rows<{ id: string | number }>('SELECT nextval($1::regclass) AS id FROM generate_series(1, $2::int)', [seq, items.length])).map((x) => Number(x.id));
          const lines = copyLines(state, items, ids);
          await Promise.all([write(productStream, lines.products), write(paramStream, lines.params)]);
          state.result.imported += items.length;
          state.result.params += lines.paramCount;
        }
        await updateRun(r, runId, state, false);
        options.onProgress?.(state.seen);
      }
      if (failure) throw failure;
      productStream.end();
      paramStream.end();
      await Promise.all([finished(productStream), finished(paramStream)]);
      await productClient.query('COMMIT');
      await paramClient.query('COMMIT');
      state.rowSeconds = (performance.now() - state.started) / 1000;
    } catch (error) {
      failure ??= error;
      // Abort both COPYs and roll both transactions back.
      for (const s of streams) s.destroy(error instanceof Error ? error : new Error(String(error)));
      await Promise.allSettled(streams.map((s) => finished(s)));
      await Promise.allSettled(clients.map((c) => c.query('ROLLBACK')));
      state.result.imported = 0;
      state.result.params = 0;
      throw explainFreshError(error);
    }
  } finally {
    for (const c of clients) c.release(failure !== undefined);
    try {
      // Two builds at once, each single-threaded; maintenance_work_mem stays the server's (on the
      // 2-core reference machine a larger one made the sorts slower, not faster).
      await restoreAfterLoad(connect, 2, defs, state, ['SET max_parallel_maintenance_workers = 0']);
    } catch (error) {
      // Reported below unless the load itself failed: its error wins (ensureCatalogIndexes repairs later).
      restoreError = error;
    }
  }
  if (restoreError !== undefined) throw restoreError;
}

// ── Fresh on PGlite: COPY FROM '/dev/blob' ───────────────────────────────────

/** Rows between the fresh PGlite load's own checkpoints (see loadFreshPglite). */
const PGLITE_CHECKPOINT_ROWS = 20_000;

async function loadFreshPglite(lite: PGlite, state: LoadState, records: AsyncIterable<CatalogRecord> | Iterable<CatalogRecord>, options: LoadOptions, runId: number | undefined): Promise<void> {
  const r = liteRunner(lite);
  const empty = (await r.rows<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM products) AS empty'))[0]?.empty ?? false;
  const defs = options.keepIndexes ? null : await dropForLoad(r, !empty);
  const connect = async (): Promise<{ r: SqlRunner; done: () => void }> => ({ r, done: () => {} });
  let restoreError: unknown;
  let sinceCheckpoint = 0;
  try {
    for await (const batch of inBatches(records, Math.max(1, options.batchSize ?? 5000))) {
      options.signal?.throwIfAborted();
      // PGlite has no checkpointer process: the checkpoint that max_wal_size (1 GB) forces runs
      // inside a write, on this thread, and flushed the whole load's dirty pages at once (a
      // 87–121 s stall near the end of the 582k-part load; requests answered 408). A checkpoint
      // every PGLITE_CHECKPOINT_ROWS keeps each flush small, with a turn for requests after it.
      if (sinceCheckpoint >= PGLITE_CHECKPOINT_ROWS) {
        await r.rows('CHECKPOINT');
        sinceCheckpoint = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
      sinceCheckpoint += batch.length;
      const { items, brands } = prepareBatch(state, batch, false);
      if (brands.size) await state.ensureBrands(r, brands);
      await state.lookupRefs(r, items);
      state.resolveRefs(items);
      if (items.length) {
        await lite.transaction(async (tx) => {
          try {
            await copyBlock(tx, items);
          } catch (error) {
            throw explainFreshError(error);
          }
        });
        state.result.imported += items.length;
      }
      await updateRun(r, runId, state, false);
      options.onProgress?.(state.seen);
    }
    state.rowSeconds = (performance.now() - state.started) / 1000;
  } finally {
    // PGlite commits block by block: on failure the blocks already written stay (like upsert).
    try {
      if (defs) await restoreAfterLoad(connect, 1, defs, state, []);
      else {
        await r.rows('ANALYZE products');
        await r.rows('ANALYZE product_params');
      }
    } catch (error) {
      restoreError = error;
    }
  }
  // Reached only when the load succeeded (otherwise its own error propagates from the finally).
  if (restoreError !== undefined) throw restoreError;

  async function copyBlock(tx: Transaction, items: readonly Prepared[]): Promise<void> {
    const ids = (await tx.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('products', 'id')) AS id FROM generate_series(1, $1::int)`, [items.length])).rows.map((x) => Number(x.id));
    const lines = copyLines(state, items, ids);
    await tx.query(`COPY products (${COPY_PRODUCT_COLUMNS}) FROM '/dev/blob'`, [], { blob: new Blob([lines.products]) });
    if (lines.params) await tx.query(`COPY product_params (${COPY_PARAM_COLUMNS}) FROM '/dev/blob'`, [], { blob: new Blob([lines.params]) });
    state.result.params += lines.paramCount;
  }
}
