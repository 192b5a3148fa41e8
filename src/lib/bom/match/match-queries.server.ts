// The matcher's SQL: one statement per tier for a whole chunk of lines (arrays through unnest /
// = ANY), never one round trip per line. Each answers plain rows; match-lines.server.ts turns
// them into candidates.

import type { SqlRunner } from '../../server/db/raw-sql.server.ts';
import { FAMILY_PREFIX_SQL } from '../../search/mpn-lookup.ts';
import type { BrandRow } from './manufacturer.ts';
import type { ProductFacts } from './parametric.ts';

/** Products listed per looked-up key; more are not useful to a person choosing. */
const PER_KEY = 30;

export async function brandRows(r: SqlRunner): Promise<BrandRow[]> {
  return r.rows<BrandRow>('SELECT key, name_zh AS "nameZh", name_en AS "nameEn" FROM brands');
}

export async function supplierHits(r: SqlRunner, codes: readonly string[]): Promise<Array<{ code: string; supplier: string; productId: number }>> {
  if (codes.length === 0) return [];
  return r.rows('SELECT code, supplier, product_id AS "productId" FROM product_supplier_codes WHERE code = ANY($1::text[])', [codes]);
}

/**
 * Products whose normalised MPN equals one of the keys (at most PER_KEY per key), and whether each
 * can be ordered (has a supplier code): a key whose hits are all library records (KiCad symbols
 * without an offer) is also looked up as the start of makers' ordering codes.
 */
export async function mpnHits(r: SqlRunner, keys: readonly string[]): Promise<Array<{ key: string; id: number; mpn: string; orderable: boolean; package: string | null }>> {
  if (keys.length === 0) return [];
  return r.rows(
    `SELECT k AS key, p.id, p.mpn, p.package, EXISTS (SELECT 1 FROM product_supplier_codes c WHERE c.product_id = p.id) AS orderable
       FROM unnest($1::text[]) AS k
       CROSS JOIN LATERAL (SELECT id, mpn, package FROM products WHERE mpn_normalized = k ORDER BY id LIMIT ${PER_KEY}) p`,
    [keys],
  );
}

/** Orderable MPNs under a family's literal prefix (the caller confirms each with the family's regex). */
export async function prefixHits(r: SqlRunner, prefixes: readonly string[]): Promise<Array<{ prefix: string; id: number; mpn: string; key: string }>> {
  if (prefixes.length === 0) return [];
  return r.rows(
    `SELECT f AS prefix, p.id, p.mpn, p.mpn_normalized AS key FROM unnest($1::text[]) AS f
       CROSS JOIN LATERAL (SELECT id, mpn, mpn_normalized FROM products
                            WHERE mpn_normalized ~>=~ f AND mpn_normalized ~<~ (f || 'ÿ') ORDER BY mpn_normalized, id LIMIT 200) p`,
    [prefixes],
  );
}

/**
 * Part numbers written without their one- or two-letter series prefix ('5819W' for B5819W and
 * 1N5819W, '4148WS' for 1N4148WS): products whose key is those letters and then the line's key
 * (the trigram index serves the expression). At most 30 per key.
 */
export async function prefixedHits(r: SqlRunner, keys: readonly string[]): Promise<Array<{ key: string; id: number; mpn: string }>> {
  // Normalised keys are A-Z and 0-9 only, so each pattern is written into the statement: the
  // trigram index serves a constant pattern, not one built per row (a full scan, seconds).
  const safe = [...new Set(keys)].filter((k) => /^[A-Z0-9]{3,20}$/.test(k)).slice(0, 50);
  if (safe.length === 0) return [];
  const rows = await r.rows<{ id: number; mpn: string; key: string }>(
    `SELECT id, mpn, mpn_normalized AS key FROM products WHERE ${safe.map((k) => `mpn_normalized ~ '^[A-Z]{1,2}${k}$'`).join(' OR ')} ORDER BY id LIMIT ${PER_KEY * safe.length}`,
  );
  const out: Array<{ key: string; id: number; mpn: string }> = [];
  for (const k of safe) {
    const re = new RegExp(`^[A-Z]{1,2}${k}$`);
    for (const x of rows.filter((row) => re.test(row.key)).slice(0, PER_KEY)) out.push({ key: k, id: x.id, mpn: x.mpn });
  }
  return out;
}

/** KiCad family records ('STM32F407VETx') whose literal part is one of the prefixes of a line's key. */
export async function familyRecordHits(r: SqlRunner, prefixes: readonly string[]): Promise<Array<{ id: number; mpn: string }>> {
  if (prefixes.length === 0) return [];
  return r.rows(`SELECT id, mpn FROM products WHERE mpn LIKE '%x%' AND ${FAMILY_PREFIX_SQL} = ANY($1::text[]) LIMIT 500`, [prefixes]);
}

export type ParamGroup = {
  readonly key: string;
  readonly value: number;
  /** A chip size the product's package must equal, or null (compared by the caller). */
  readonly pkg: string | null;
  /**
   * A LIKE pattern the product's package matches when the line states a package the catalogue
   * spells several ways ('HC-49S' → '%HC%49S%', a radial can 'Radial-D8mm' → '插件,D8x%'), or its
   * metric case for tantalum chips ('%-3216-%'), taken with `pkg` when both are given: a
   * pre-filter, the caller compares.
   */
  readonly pkgLike?: string | null;
  /** 'smd' or 'tht' when the line says how the part mounts: leaded / SMD packages are left out. */
  readonly mounting?: 'smd' | 'tht' | null;
  /** Categories the part must be in (parametric.ts categoriesOf), or null. */
  readonly cates?: readonly number[] | null;
  /** Stated attributes, checked here so the few rows fetched all meet them (null: not stated). */
  readonly tolMax: number | null;
  readonly voltMin: number | null;
  readonly powerMin: number | null;
  readonly dielectrics: readonly string[] | null;
};

/** How many index-ordered rows per group the ranking looks at, per row returned. */
const WINDOW_FACTOR = 2;

/**
 * Products holding the value under the key, one statement for every group, at most `limit` per
 * group. A common value has tens of thousands of parts in a large catalogue and ranking them all
 * costs more than the whole match, so each group reads a bounded window in index order
 * (value, product id: the same rows on every database, whatever the physical row order) and
 * ranks that window: active parts first, then by the snapshot's LCSC stock, then parts with a
 * KiCad symbol and footprint, then by MPN (JLC's basic and preferred parts come from
 * preferredParts, not from this window). Stated attributes are required with `strict`; without it they are left for the caller
 * to report.
 */
export async function parametricHits(r: SqlRunner, groups: readonly ParamGroup[], strict: boolean, limit: number): Promise<Array<{ g: number; id: number }>> {
  if (groups.length === 0) return [];
  const has = (key: string, cond: string) => `EXISTS (SELECT 1 FROM product_params a WHERE a.product_id = pp.product_id AND a.key ${key} AND ${cond})`;
  const attributes = strict
    ? `AND (f.tol IS NULL OR ${has("= 'tolerance'", 'a.value_num <= f.tol + 1e-9')})
       AND (f.volt IS NULL OR ${has("IN ('ratedVoltage', 'maxWorkingVoltage')", 'a.value_num >= f.volt - 1e-9')})
       AND (f.pow IS NULL OR ${has("= 'power'", 'a.value_num >= f.pow - 1e-9')})
       AND (f.diel IS NULL OR ${has("= 'dielectric'", "upper(a.value_text) = ANY(string_to_array(f.diel, ','))")})`
    : '';
  const top = Math.max(1, Math.floor(limit));
  const rows = await r.rows<{ g: number | string; id: number | string }>(
    `SELECT f.g, x.id FROM unnest($1::text[], $2::float8[], $3::text[], $4::float8[], $5::float8[], $6::float8[], $7::text[], $8::text[], $9::text[], $10::text[]) WITH ORDINALITY AS f(key, v, pkg, tol, volt, pow, diel, plike, mnt, cates, g)
       CROSS JOIN LATERAL (
         SELECT w.id FROM (
           SELECT pp.product_id AS id, p.lifecycle, p.mpn, (p.symbol_id IS NOT NULL AND p.footprint_id IS NOT NULL) AS kicad,
                  (SELECT max(o.stock) FROM supply_offers o WHERE o.product_id = pp.product_id AND o.distributor = '${STOCK_DISTRIBUTOR}') AS stock
             FROM product_params pp JOIN products p ON p.id = pp.product_id
            WHERE pp.key = f.key AND pp.value_num BETWEEN f.v * (1 - 1e-6) AND f.v * (1 + 1e-6)
              AND ((f.pkg IS NULL AND f.plike IS NULL) OR p.package = f.pkg OR p.package ILIKE f.plike)
              AND (f.cates IS NULL OR p.cate_id = ANY(string_to_array(f.cates, ',')::int[]))
              AND (f.mnt IS NULL OR p.package IS NULL
                   OR (f.mnt = 'tht' AND p.package !~* '^SMD|[-_,]SMD|贴片|卧贴' AND p.cate_id IS DISTINCT FROM 55006)
                   OR (f.mnt = 'smd' AND p.package !~ '^(插件|弯插|直插)' AND p.cate_id IS DISTINCT FROM 55007)) ${attributes}
            ORDER BY pp.value_num, pp.product_id
            LIMIT ${top * WINDOW_FACTOR}) w
          ORDER BY (w.lifecycle = 'active') DESC, w.stock DESC NULLS LAST, w.kicad DESC, w.mpn, w.id
          LIMIT ${top}) x`,
    [
      groups.map((g) => g.key),
      groups.map((g) => g.value),
      groups.map((g) => g.pkg),
      groups.map((g) => g.tolMax),
      groups.map((g) => g.voltMin),
      groups.map((g) => g.powerMin),
      groups.map((g) => (g.dielectrics ? g.dielectrics.join(',') : null)),
      groups.map((g) => g.pkgLike ?? null),
      groups.map((g) => g.mounting ?? null),
      groups.map((g) => (g.cates ? g.cates.join(',') : null)),
    ],
  );
  return rows.map((row) => ({ g: Number(row.g) - 1, id: Number(row.id) }));
}

/** Parameters the matcher compares. */
const FACT_KEYS = ['resistance', 'capacitance', 'inductance', 'impedance', 'frequency', 'tolerance', 'ratedVoltage', 'maxWorkingVoltage', 'power', 'ratedCurrent', 'dielectric', 'jlcPartClass'];

/** The distributor whose snapshot stock ranks equal candidates (supply_offers.distributor). */
export const STOCK_DISTRIBUTOR = 'LCSC';

export async function productFacts(r: SqlRunner, ids: readonly number[]): Promise<Map<number, ProductFacts>> {
  const out = new Map<number, ProductFacts>();
  if (ids.length === 0) return out;
  const rows = await r.rows<{ id: number; mpn: string; mpn_normalized: string; cate_id: number | null; package: string | null; brand_key: string | null; country: string | null; kicad: boolean; lifecycle: string; stock: number | string | null; orderable: boolean }>(
    `SELECT p.id, p.mpn, p.mpn_normalized, p.cate_id, p.package, b.key AS brand_key, b.country,
            (p.symbol_id IS NOT NULL AND p.footprint_id IS NOT NULL) AS kicad, p.lifecycle,
            (SELECT max(o.stock) FROM supply_offers o WHERE o.product_id = p.id AND o.distributor = $2) AS stock,
            (EXISTS (SELECT 1 FROM supply_offers o WHERE o.product_id = p.id)
              OR EXISTS (SELECT 1 FROM product_supplier_codes c WHERE c.product_id = p.id)) AS orderable
       FROM products p LEFT JOIN brands b ON b.id = p.brand_id WHERE p.id = ANY($1::int[])`,
    [ids, STOCK_DISTRIBUTOR],
  );
  const params = await r.rows<{ product_id: number; key: string; value_num: number | null; value_text: string | null }>(
    'SELECT product_id, key, value_num, value_text FROM product_params WHERE product_id = ANY($1::int[]) AND key = ANY($2::text[])',
    [ids, FACT_KEYS],
  );
  const byId = new Map<number, Map<string, { num: number | null; text: string | null }>>();
  for (const p of params) {
    let m = byId.get(p.product_id);
    if (!m) byId.set(p.product_id, (m = new Map()));
    if (!m.has(p.key)) m.set(p.key, { num: p.value_num === null ? null : Number(p.value_num), text: p.value_text });
  }
  for (const row of rows) {
    const ps = byId.get(row.id) ?? new Map();
    out.set(row.id, {
      id: row.id,
      mpn: row.mpn,
      mpnNormalized: row.mpn_normalized,
      cateId: row.cate_id,
      package: row.package,
      brandKey: row.brand_key,
      domestic: row.country === 'CN',
      kicad: row.kicad,
      lifecycle: row.lifecycle,
      params: ps,
      partClass: ps.get('jlcPartClass')?.text ?? null,
      stock: row.stock === null ? null : Number(row.stock),
      orderable: row.orderable,
    });
  }
  return out;
}

/**
 * JLCPCB's basic and preferred parts (about 1,350 of the snapshot's 582,280: the parts JLC keeps
 * on its assembly lines) that hold one of the keys, with that value and their package: the
 * parametric tier offers these first among parts meeting a line. One statement per call.
 */
export async function preferredParts(r: SqlRunner, keys: readonly string[]): Promise<Array<{ id: number; key: string; value: number; package: string | null }>> {
  if (keys.length === 0) return [];
  const rows = await r.rows<{ id: number; key: string; value: number | string; package: string | null }>(
    `SELECT c.product_id AS id, pp.key, pp.value_num AS value, p.package
       FROM product_params c
       JOIN product_params pp ON pp.product_id = c.product_id AND pp.key = ANY($1::text[]) AND pp.value_num IS NOT NULL
       JOIN products p ON p.id = c.product_id
      WHERE c.key = 'jlcPartClass' AND c.value_text IN ('basic', 'preferred')`,
    [keys],
  );
  return rows.map((x) => ({ id: Number(x.id), key: x.key, value: Number(x.value), package: x.package }));
}

export async function idsByCode(r: SqlRunner, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await r.rows<{ id: number; code: string }>('SELECT id, mfg_mpn_code AS code FROM products WHERE mfg_mpn_code = ANY($1::text[])', [codes]);
  return new Map(rows.map((x) => [x.code, x.id]));
}
