// The in-memory side of the search: per product its category, brand, package and popularity,
// and per parameter key an inverted list (value → products). Parametric filters, facets and
// category browsing run here in a few milliseconds at a million parts, where the same work in SQL
// needs one random probe per candidate row (see docs in search.server.ts). PostgreSQL keeps doing
// what it indexes well: part-number and text matching.
//
// Rows are numbered in mfg_mpn_code order, so a row number is also the 'sort by MPN' rank.
// The index is rebuilt when the catalogue changes: a small catalogue (≤ SMALL_CATALOGUE rows) is
// checked on every search and rebuilt before answering; a large one is checked every few seconds
// in the background and swapped in when the rebuild is done (searches meanwhile see the previous
// state). invalidateSearchIndex() forces a synchronous rebuild (importers, tests).
//
// A build queries here (the database, PGlite included, lives in this thread) and crunches the
// rows in a worker thread (computeIndexData), so a million-part rebuild does not stall requests.
// The warm-up and the large catalogue's background rebuilds are `search-index` jobs (ADR 0007).

import type { Db } from '../server/db/client.server.ts';
import { packageParts, buildDictionary, popularityPrior, stockPrior, wildcardKey, type BrandLite, type CategoryLite, type Dictionary } from './search.ts';
import { runnerOf, type SqlRunner } from './search-db.server.ts';
import { readRunnerOf } from '../server/db/read-replica.server.ts';
import { defineJob, jobRunnerOf } from '../jobs/runner.server.ts';
import { sharedWorkerPool } from '../jobs/worker-pool.server.ts';
import { workerTask, type WorkerTask } from '../jobs/worker-task.ts';

export type ParamColumn = {
  readonly key: string;
  readonly unit: string | null;
  /** Distinct numeric values, ascending, and the rows holding each. */
  readonly nums: Float64Array;
  readonly numRows: readonly Int32Array[];
  /** Text values by lower-cased text. */
  readonly texts: ReadonlyMap<string, { text: string; rows: Int32Array }>;
};

export type SearchIndex = {
  /** Number of products. */
  readonly n: number;
  /** Row → product id; rows are in mfg_mpn_code order. */
  readonly ids: Int32Array;
  readonly cate: Int32Array;
  readonly brand: Int32Array;
  readonly pkg: Int32Array;
  readonly pop: Float64Array;
  /** Rows by popularity (desc), then row; null when every part is equally popular. */
  readonly popOrder: Int32Array | null;
  readonly packages: readonly string[];
  /** Per package code, each '/'-separated package as its letter and digit runs ('SOT-23-5' → SOT, 23, 5). */
  readonly packageParts: readonly (readonly (readonly string[])[])[];
  readonly packageRows: readonly Int32Array[];
  readonly cateRows: ReadonlyMap<number, Int32Array>;
  /** Per category, flattened (brand, package code, count) triples: facets of whole categories without a row scan. */
  readonly cateTriples: ReadonlyMap<number, Int32Array>;
  readonly brandRows: ReadonlyMap<number, Int32Array>;
  readonly params: ReadonlyMap<string, ParamColumn>;
  /**
   * Small catalogues only (≤ MEMORY_FUZZY_LIMIT parts): per row the MPN as displayed and its key for
   * typo matching (normalised, KiCad wildcards as '?'), so typos are found without a trigram scan.
   */
  readonly mpns: readonly string[] | null;
  readonly mpnKeys: readonly string[] | null;
  readonly keysByUnit: ReadonlyMap<string, readonly string[]>;
  readonly categories: ReadonlyMap<number, CategoryLite>;
  readonly children: ReadonlyMap<number, readonly number[]>;
  readonly brands: ReadonlyMap<number, BrandLite>;
  readonly dict: Dictionary;
  /** Largest category id (sizes lookup tables). */
  readonly maxCateId: number;
  readonly maxBrandId: number;
  readonly builtAt: number;
  readonly buildMs: number;
  readonly signature: string;
  rowOf(id: number): number;
  /** The category and all its descendants. */
  subtree(cateId: number): readonly number[];
};

/** Catalogues up to this many parts keep their MPNs in memory for typo matching. */
export const MEMORY_FUZZY_LIMIT = 200_000;
/** Catalogues up to this many parts are checked for changes on every search. */
export const SMALL_CATALOGUE = 60_000;
/** Large catalogues are checked at most this often (ms)… */
export const LARGE_CHECK_INTERVAL_MS = 5_000;
/** …and rebuilt (in the background, a few seconds of work per million parts) at most this often. */
export const LARGE_REBUILD_MIN_INTERVAL_MS = 60_000;

const POPULARITY_SQL = '(component_placement_count * 3 + module_placement_count * 2 + eda_count * 2 + like_count * 2 + pdf_count + tag_click_count + module_count)';

/** Parses "12,5,7" into ids without creating strings. */
function parseIdList(text: string, out: number[]): void {
  let v = 0;
  let any = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      v = v * 10 + (c - 48);
      any = true;
    } else {
      if (any) out.push(v);
      v = 0;
      any = false;
    }
  }
  if (any) out.push(v);
}

/**
 * What the index was built from, cheaply: row counts, the largest product id and the latest
 * product update (products_updated_at_idx makes that an index probe). Loaders touch updated_at
 * whenever they rewrite a product or its parameters.
 */
async function signatureOf(r: SqlRunner): Promise<string> {
  const rows = await r.arrays(
    `SELECT (SELECT count(*) FROM products), (SELECT coalesce(max(id), 0) FROM products), (SELECT max(updated_at) FROM products)::text,
            (SELECT count(*) FROM categories), (SELECT count(*) FROM brands),
            (SELECT coalesce(sum(length(cate_name) + length(cate_name_en) + coalesce(parent_id, 0)), 0) FROM categories),
            (SELECT coalesce(sum(length(name_zh) + length(name_en)), 0) FROM brands)`,
  );
  return JSON.stringify(rows[0]);
}

/** PGlite: the next transaction id changes only when something was written. */
async function writeMarker(r: SqlRunner): Promise<string> {
  const rows = await r.arrays('SELECT pg_snapshot_xmax(pg_current_snapshot())::text');
  return String(rows[0]?.[0] ?? '');
}

/**
 * The worker's input: products and parameter groups as one JSON text each. The database builds
 * the text, so the main thread neither parses a million rows nor clones them for the worker
 * (a string is handed over as one block).
 */
export type IndexSource = {
  /** Chunks of products in mfg_mpn_code order, each a JSON array of rows. */
  productsJson: string[];
  /** Chunks of parameter groups (a group may recur across chunks: the worker merges them). */
  paramsJson: string[];
  categories: CategoryLite[];
  brands: BrandLite[];
  maxCateId: number;
  maxBrandId: number;
};

/** The CPU-heavy part of the index, computed in a worker thread; its typed arrays are transferred back. */
export type IndexData = Pick<
  SearchIndex,
  'n' | 'ids' | 'cate' | 'brand' | 'pkg' | 'pop' | 'popOrder' | 'packages' | 'packageParts' | 'packageRows' | 'cateRows' | 'cateTriples' | 'brandRows' | 'params' | 'mpns' | 'mpnKeys' | 'keysByUnit' | 'dict'
> & {
  /** id → row as a dense table when ids are compact (serial ids), else a map. */
  rowTable: Int32Array | null;
  rowMap: Map<number, number> | null;
};

/** A worker task's view of its job (see src/lib/jobs/worker-task.ts); optional so the function also runs in place. */
type TaskContext = { progress(report: { done?: number; total?: number | null; phase?: string | null }): void; throwIfStopped(): void };

// In chunks: PGlite runs each statement in this thread, so one statement over the whole catalogue
// would stall requests for as long as it runs; small chunks keep each stall short. PostgreSQL runs
// them in its own process: larger chunks there only bound the size of one answer.
const chunkSize = (r: SqlRunner) => (r.kind === 'pglite' ? 4000 : 50_000);
// The snapshot's stock (supply_offers) orders otherwise equal parts: a maker's 10-million-reel
// 0603 resistor before a thermistor of the same value nobody stocks (ties only, below one count).
const STOCK_SQL = '(SELECT max(o.stock) FROM supply_offers o WHERE o.product_id = p.id)';
const PRODUCT_ROW = `json_build_array(id, cate_id, brand_id, package, ${POPULARITY_SQL}, mpn_normalized, mpn, ${STOCK_SQL})`;
const PRODUCTS_FIRST_SQL = `SELECT json_agg(${PRODUCT_ROW} ORDER BY mfg_mpn_code)::text, max(mfg_mpn_code), count(*)
  FROM (SELECT * FROM products ORDER BY mfg_mpn_code LIMIT $1) AS p`;
const PRODUCTS_NEXT_SQL = `SELECT json_agg(${PRODUCT_ROW} ORDER BY mfg_mpn_code)::text, max(mfg_mpn_code), count(*)
  FROM (SELECT * FROM products WHERE mfg_mpn_code > $2 ORDER BY mfg_mpn_code LIMIT $1) AS p`;
const PARAMS_SQL = `SELECT json_agg(json_build_array(key, unit, value_num, value_text, ids))::text
  FROM (SELECT key, max(unit) AS unit, value_num, value_text, string_agg(product_id::text, ',') AS ids
          FROM product_params WHERE product_id >= $1 AND product_id < $2 GROUP BY key, value_num, value_text) AS g`;

/** Lets waiting requests run between two statements. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

async function loadProductChunks(r: SqlRunner): Promise<string[]> {
  const chunks: string[] = [];
  const size = chunkSize(r);
  let last: string | null = null;
  for (;;) {
    const rows: unknown[][] = last === null ? await r.arrays(PRODUCTS_FIRST_SQL, [size]) : await r.arrays(PRODUCTS_NEXT_SQL, [size, last]);
    const [json, maxCode, count] = rows[0] ?? [];
    if (json === null || json === undefined) break;
    chunks.push(String(json));
    if (Number(count) < size) break;
    last = String(maxCode);
    await yieldToEventLoop();
  }
  return chunks;
}

async function loadParamChunks(r: SqlRunner): Promise<string[]> {
  const [range] = await r.arrays('SELECT min(product_id), max(product_id) FROM product_params');
  const chunks: string[] = [];
  if (!range || range[0] === null) return chunks;
  const max = Number(range[1]);
  const size = chunkSize(r);
  for (let from = Number(range[0]); from <= max; from += size) {
    const [row] = await r.arrays(PARAMS_SQL, [from, from + size]);
    if (row?.[0] !== null && row?.[0] !== undefined) chunks.push(String(row[0]));
    await yieldToEventLoop();
  }
  return chunks;
}

/** Runs in a worker thread: turns the source rows into the index's arrays and lists. */
export function computeIndexData(source: IndexSource, ctx?: TaskContext): IndexData {
  const prod: unknown[][] = [];
  for (const chunk of source.productsJson) for (const row of JSON.parse(chunk) as unknown[][]) prod.push(row);
  const n = prod.length;
  const { maxCateId, maxBrandId } = source;
  const keepMpns = n <= MEMORY_FUZZY_LIMIT;
  const mpns: string[] | null = keepMpns ? new Array<string>(n) : null;
  const mpnKeys: string[] | null = keepMpns ? new Array<string>(n) : null;
  const ids = new Int32Array(n);
  const cate = new Int32Array(n);
  const brand = new Int32Array(n);
  const pkg = new Int32Array(n);
  const pop = new Float64Array(n);
  const pkgCode = new Map<string, number>();
  const packages: string[] = [];
  let maxId = 0;
  let anyPop = false;
  for (let i = 0; i < n; i++) {
    if ((i & 0xffff) === 0xffff) {
      ctx?.throwIfStopped();
      ctx?.progress({ done: i, total: n, phase: 'products' });
    }
    const row = prod[i]!;
    const id = Number(row[0]);
    ids[i] = id;
    if (id > maxId) maxId = id;
    cate[i] = row[1] === null ? -1 : Number(row[1]);
    brand[i] = row[2] === null ? -1 : Number(row[2]);
    const p = row[3] === null ? null : String(row[3]);
    if (p === null || p === '') pkg[i] = -1;
    else {
      let code = pkgCode.get(p);
      if (code === undefined) {
        code = packages.length;
        packages.push(p);
        pkgCode.set(p, code);
      }
      pkg[i] = code;
    }
    // Usage counters, plus a prior below one count for well-known parts (ties only).
    const pv = Number(row[4] ?? 0) + popularityPrior(String(row[5] ?? '')) + stockPrior(Number(row[7] ?? 0));
    if (mpns && mpnKeys) {
      const raw = String(row[6] ?? '');
      mpns[i] = raw;
      mpnKeys[i] = raw.includes('x') ? wildcardKey(raw) : String(row[5] ?? '');
    }
    pop[i] = pv;
    if (pv !== 0) anyPop = true;
  }
  prod.length = 0;
  ctx?.progress({ done: n, total: n, phase: 'products' });

  let rowTable: Int32Array | null = null;
  let rowMap: Map<number, number> | null = null;
  if (maxId <= Math.max(4 * n, 1_000_000) && maxId < 50_000_000) {
    rowTable = new Int32Array(maxId + 1).fill(-1);
    for (let i = 0; i < n; i++) rowTable[ids[i]!] = i;
  } else {
    rowMap = new Map<number, number>();
    for (let i = 0; i < n; i++) rowMap.set(ids[i]!, i);
  }
  const rowOf = rowOfLookup(rowTable, rowMap);

  const group = (values: Int32Array, size: number): Int32Array[] => {
    const counts = new Int32Array(size);
    for (let i = 0; i < n; i++) {
      const v = values[i]!;
      if (v >= 0 && v < size) counts[v]!++;
    }
    const lists = Array.from({ length: size }, (_, k) => new Int32Array(counts[k]!));
    const fill = new Int32Array(size);
    for (let i = 0; i < n; i++) {
      const v = values[i]!;
      if (v >= 0 && v < size) lists[v]![fill[v]!++] = i;
    }
    return lists;
  };
  const cateLists = group(cate, maxCateId + 1);
  const cateRows = new Map<number, Int32Array>();
  cateLists.forEach((l, k) => {
    if (l.length) cateRows.set(k, l);
  });
  const brandLists = group(brand, maxBrandId + 1);
  const brandRows = new Map<number, Int32Array>();
  brandLists.forEach((l, k) => {
    if (l.length) brandRows.set(k, l);
  });
  const packageRows = group(pkg, packages.length);
  const tripleCounts = new Map<number, Map<number, number>>();
  const width = packages.length + 1;
  for (let i = 0; i < n; i++) {
    const c = cate[i]!;
    let m = tripleCounts.get(c);
    if (!m) tripleCounts.set(c, (m = new Map()));
    const key = (brand[i]! + 1) * width + (pkg[i]! + 1);
    m.set(key, (m.get(key) ?? 0) + 1);
  }
  const cateTriples = new Map<number, Int32Array>();
  for (const [c, m] of tripleCounts) {
    const arr = new Int32Array(m.size * 3);
    let j = 0;
    for (const [key, count] of m) {
      arr[j++] = Math.floor(key / width) - 1;
      arr[j++] = (key % width) - 1;
      arr[j++] = count;
    }
    cateTriples.set(c, arr);
  }

  let popOrder: Int32Array | null = null;
  if (anyPop) {
    popOrder = new Int32Array(n);
    for (let i = 0; i < n; i++) popOrder[i] = i;
    popOrder.sort((a, b) => pop[b]! - pop[a]! || a - b);
  }
  ctx?.throwIfStopped();

  // Parameters, one row per (key, value) with its product ids.
  const paramGroups: unknown[][] = [];
  for (const chunk of source.paramsJson) for (const group of JSON.parse(chunk) as unknown[][]) paramGroups.push(group);
  type Building = {
    unit: string | null;
    nums: Map<number, number[]>;
    texts: Map<string, { text: string; rows: number[] }>;
  };
  const building = new Map<string, Building>();
  const scratch: number[] = [];
  const groups = paramGroups.length;
  for (let g = 0; g < groups; g++) {
    if ((g & 0x3fff) === 0x3fff) {
      ctx?.throwIfStopped();
      ctx?.progress({ done: g, total: groups, phase: 'parameters' });
    }
    const [key, unit, valueNum, valueText, idList] = paramGroups[g]!;
    const k = String(key);
    let b = building.get(k);
    if (!b) {
      b = {
        unit: unit === null ? null : String(unit),
        nums: new Map(),
        texts: new Map(),
      };
      building.set(k, b);
    }
    if (b.unit === null && unit !== null) b.unit = String(unit);
    scratch.length = 0;
    parseIdList(String(idList ?? ''), scratch);
    const rows: number[] = [];
    for (const id of scratch) {
      const row = rowOf(id);
      if (row >= 0) rows.push(row);
    }
    // JSON carries NaN and ±Infinity as strings; Number() turns them back and isFinite drops them.
    if (valueNum !== null && valueNum !== undefined) {
      const v = Number(valueNum);
      if (Number.isFinite(v)) {
        const list = b.nums.get(v);
        if (list) for (const x of rows) list.push(x);
        else b.nums.set(v, rows.slice());
      }
    }
    if (valueText !== null && valueText !== undefined) {
      const t = String(valueText);
      const lk = t.toLowerCase();
      const entry = b.texts.get(lk);
      if (entry) for (const x of rows) entry.rows.push(x);
      else b.texts.set(lk, { text: t, rows: rows.slice() });
    }
  }
  paramGroups.length = 0;
  ctx?.progress({ done: groups, total: groups, phase: 'parameters' });
  const params = new Map<string, ParamColumn>();
  const keysByUnit = new Map<string, string[]>();
  for (const [key, b] of building) {
    const values = [...b.nums.keys()].sort((x, y) => x - y);
    params.set(key, {
      key,
      unit: b.unit,
      nums: Float64Array.from(values),
      numRows: values.map((v) => Int32Array.from(b.nums.get(v)!)),
      texts: new Map([...b.texts].map(([lk, e]) => [lk, { text: e.text, rows: Int32Array.from(e.rows) }])),
    });
    if (b.unit && values.length) {
      const list = keysByUnit.get(b.unit) ?? [];
      list.push(key);
      keysByUnit.set(b.unit, list);
    }
  }

  // The term dictionary is plain Maps and Sets, cheap to send back and a second of CPU to build.
  ctx?.progress({ phase: 'dictionary' });
  const dict = buildDictionary(source.categories, source.brands);
  return {
    n,
    ids,
    cate,
    brand,
    pkg,
    pop,
    popOrder,
    dict,
    packages,
    packageParts: packages.map((p) => p.split('/').map((part) => packageParts(part))),
    packageRows,
    cateRows,
    cateTriples,
    brandRows,
    params,
    mpns,
    mpnKeys,
    keysByUnit,
    rowTable,
    rowMap,
  };
}

function rowOfLookup(rowTable: Int32Array | null, rowMap: Map<number, number> | null): (id: number) => number {
  if (rowTable) {
    const maxId = rowTable.length - 1;
    return (id) => (id >= 0 && id <= maxId ? rowTable[id]! : -1);
  }
  const m = rowMap ?? new Map<number, number>();
  return (id) => m.get(id) ?? -1;
}

const computeIndexTask = workerTask<IndexSource, IndexData>('src/lib/search/search-index.server.ts', 'computeIndexData');

export type IndexBuildOptions = {
  /** Runs the compute step off this thread: the job's worker (with its cancel and progress) or the shared pool. */
  inWorker?: <D, R>(task: WorkerTask<D, R>, data: D) => Promise<R>;
  progress?: (report: { done?: number; total?: number | null; phase?: string | null }) => void;
};

/**
 * Builds the index: the queries here (the database lives in this thread), the row crunching and
 * the term dictionary in a worker thread, the small category and brand lookups here.
 */
export async function buildSearchIndex(db: Db, options: IndexBuildOptions = {}): Promise<SearchIndex> {
  const started = performance.now();
  // The replica when configured: signature and rows come from the same server, so a lagging
  // replica gives an index that the next check sees as out of date, never a mixed one.
  const r = readRunnerOf(db);
  options.progress?.({ phase: 'load' });
  const signature = await signatureOf(r);
  const catRows = await r.arrays('SELECT cate_id, cate_name, cate_name_en, level, parent_id FROM categories');
  const brandRowsRaw = await r.arrays('SELECT id, key, name_zh, name_en, country FROM brands');
  const categories = new Map<number, CategoryLite>();
  let maxCateId = 0;
  for (const [cateId, cateName, cateNameEn, level, parentId] of catRows) {
    const id = Number(cateId);
    categories.set(id, {
      cateId: id,
      cateName: String(cateName),
      cateNameEn: String(cateNameEn),
      level: Number(level),
      parentId: parentId === null ? null : Number(parentId),
    });
    maxCateId = Math.max(maxCateId, id);
  }
  const children = new Map<number, number[]>();
  for (const c of categories.values()) {
    if (c.parentId === null) continue;
    const list = children.get(c.parentId) ?? [];
    list.push(c.cateId);
    children.set(c.parentId, list);
  }
  const brands = new Map<number, BrandLite>();
  let maxBrandId = 0;
  for (const [id, key, nameZh, nameEn, country] of brandRowsRaw) {
    brands.set(Number(id), {
      id: Number(id),
      key: String(key),
      nameZh: String(nameZh),
      nameEn: String(nameEn),
      country: country === null || country === undefined ? null : String(country),
    });
    maxBrandId = Math.max(maxBrandId, Number(id));
  }

  const productsJson = await loadProductChunks(r);
  const paramsJson = await loadParamChunks(r);
  const inWorker = options.inWorker ?? (<D, R>(task: WorkerTask<D, R>, data: D) => sharedWorkerPool().run(task, data));
  const data = await inWorker(computeIndexTask, { productsJson, paramsJson, categories: [...categories.values()], brands: [...brands.values()], maxCateId, maxBrandId });
  options.progress?.({ phase: 'assemble' });

  const subtreeCache = new Map<number, number[]>();
  const subtree = (cateId: number): number[] => {
    const hit = subtreeCache.get(cateId);
    if (hit) return hit;
    const out: number[] = [];
    const stack = [cateId];
    const seen = new Set<number>();
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(id);
      for (const c of children.get(id) ?? []) stack.push(c);
    }
    subtreeCache.set(cateId, out);
    return out;
  };

  const { rowTable, rowMap, ...arrays } = data;
  return {
    ...arrays,
    categories,
    children,
    brands,
    maxCateId,
    maxBrandId,
    builtAt: Date.now(),
    buildMs: Math.round(performance.now() - started),
    signature,
    rowOf: rowOfLookup(rowTable, rowMap),
    subtree,
  };
}

type Holder = {
  index: SearchIndex | null;
  building: Promise<SearchIndex> | null;
  stale: boolean;
  lastCheck: number;
  marker: string;
  checking: boolean;
  lastBuild: number;
};

// On globalThis: `npm start` warms the index from its own copy of this module, and the server
// bundle (a second copy) must find it.
const holderKey = Symbol.for('chipedia.searchIndexHolders');
const holders: WeakMap<Db, Holder> = ((globalThis as Record<symbol, unknown>)[holderKey] ??= new WeakMap<Db, Holder>()) as WeakMap<Db, Holder>;

function holderOf(db: Db): Holder {
  let h = holders.get(db);
  if (!h) {
    h = {
      index: null,
      building: null,
      stale: false,
      lastCheck: 0,
      marker: '',
      checking: false,
      lastBuild: 0,
    };
    holders.set(db, h);
  }
  return h;
}

async function buildAndInstall(db: Db, h: Holder, options: IndexBuildOptions = {}): Promise<SearchIndex> {
  const r = runnerOf(db);
  // Taken before the build, so a change made while building is seen by the next check.
  const marker = r.kind === 'pglite' ? await writeMarker(r) : '';
  const index = await buildSearchIndex(db, options);
  h.index = index;
  h.stale = false;
  h.lastCheck = Date.now();
  h.lastBuild = Date.now();
  h.marker = marker;
  return index;
}

/** The operator job `search-index`: a rebuild with a row in `jobs`, its compute step in the job's worker. */
export const searchIndexJob = defineJob('search-index', async (_input, ctx) => {
  const index = await buildAndInstall(ctx.db, holderOf(ctx.db), { inWorker: ctx.inWorker, progress: (p) => ctx.progress(p) });
  ctx.progress({ phase: 'built', done: index.n, total: index.n });
  return { parts: index.n, ms: index.buildMs };
});

/**
 * One build at a time. The warm-up and the background rebuilds of a large catalogue run as jobs
 * (`reason` given): they take seconds and an operator may want to see or cancel them. The
 * rebuild a small catalogue makes before answering a search (milliseconds, possibly after every
 * change) runs the same build without a job row.
 */
function rebuild(db: Db, h: Holder, reason: string | null): Promise<SearchIndex> {
  h.building ??= (reason === null ? buildAndInstall(db, h) : buildAsJob(db, h, reason)).finally(() => {
    h.building = null;
  });
  return h.building;
}

async function buildAsJob(db: Db, h: Holder, reason: string): Promise<SearchIndex> {
  const { done } = await jobRunnerOf(db).submit(searchIndexJob, { reason });
  const final = await done;
  if (final.state !== 'succeeded' || !h.index) throw new Error(`search index rebuild ${final.state}: ${final.error?.message ?? ''}`);
  return h.index;
}

async function changed(db: Db, h: Holder, index: SearchIndex): Promise<boolean> {
  const r = runnerOf(db);
  if (r.kind === 'pglite') {
    const marker = await writeMarker(r);
    if (marker === h.marker) return false;
    h.marker = marker;
  }
  return (await signatureOf(readRunnerOf(db, r))) !== index.signature;
}

/**
 * The current index of the database: built on first use; a small catalogue is re-checked on every
 * call, a large one every LARGE_CHECK_INTERVAL_MS in the background.
 */
export async function getSearchIndex(db: Db): Promise<SearchIndex> {
  const h = holderOf(db);
  const index = h.index;
  if (!index || h.stale) {
    if (index && index.n > SMALL_CATALOGUE) {
      void rebuild(db, h, 'invalidated').catch(() => {});
      return index;
    }
    return rebuild(db, h, null);
  }
  if (index.n <= SMALL_CATALOGUE) {
    if (await changed(db, h, index)) return rebuild(db, h, null);
    return index;
  }
  const now = Date.now();
  if (now - h.lastCheck >= LARGE_CHECK_INTERVAL_MS && now - h.lastBuild >= LARGE_REBUILD_MIN_INTERVAL_MS && !h.checking && !h.building) {
    h.lastCheck = now;
    h.checking = true;
    void changed(db, h, index)
      .then((c) => (c ? rebuild(db, h, 'catalogue changed') : null))
      .catch(() => {})
      .finally(() => {
        h.checking = false;
      });
  }
  return index;
}

/** Marks the index stale: the next search rebuilds it (synchronously for small catalogues). */
export function invalidateSearchIndex(db: Db): void {
  holderOf(db).stale = true;
}

/** Builds the index ahead of the first search (e.g. at server start), as a `search-index` job. */
export async function warmSearchIndex(db: Db): Promise<{ parts: number; ms: number }> {
  const h = holderOf(db);
  const index = h.index && !h.stale ? await getSearchIndex(db) : await rebuild(db, h, 'warm-up');
  return { parts: index.n, ms: index.buildMs };
}

/** For /readyz and /metrics: whether an index is loaded, its size and the time since it was built. */
export function searchIndexStatus(db: Db): { loaded: boolean; parts: number; ageSeconds: number | null } {
  const h = holders.get(db);
  if (!h?.index) return { loaded: false, parts: 0, ageSeconds: null };
  return { loaded: true, parts: h.index.n, ageSeconds: h.lastBuild ? (Date.now() - h.lastBuild) / 1000 : null };
}
