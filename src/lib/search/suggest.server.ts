// Search-box suggestions (SPEC §7 /api/chiplet/products/suggest): part numbers starting with the
// text (or KiCad families and catalogue MPNs matching a full part number: mpn-lookup.ts), brands
// and categories whose names start with or contain it. Part numbers first when the text has a
// digit, names first otherwise.

import { categoryName, filterPageHref } from '../catalog/catalog.ts';
import { normalizeMpn } from '../catalog/mpn.ts';
import type { Locale } from '../server/api-locale.ts';
import type { Db } from '../server/db/client.server.ts';
import { cleanKeyword, escapeLike, hasCjk, termKey, WEIGHT_EXACT_CATEGORY, type BrandLite, type CategoryLite } from './search.ts';
import { DEFAULT_SUGGESTIONS, MAX_KEYWORD_LENGTH, MAX_SUGGESTIONS, type Suggestion } from './search.schema.ts';
import { withSearchRunner, type SqlRunner } from './search-db.server.ts';
import { getSearchIndex, type SearchIndex } from './search-index.server.ts';
import { FAMILY_PREFIX_SQL, familyMatches, familyPrefixes, prefixKeysSql, reversePrefixes } from './mpn-lookup.ts';

type Ranked = Suggestion & { rank: number };

function localePrefix(locale: Locale): string {
  return locale === 'en' ? '/en' : '';
}

export async function suggest(db: Db, typed: string, locale: Locale, limit = DEFAULT_SUGGESTIONS): Promise<Suggestion[]> {
  const text = cleanKeyword(typed ?? '').slice(0, MAX_KEYWORD_LENGTH);
  const max = Math.max(1, Math.min(MAX_SUGGESTIONS, Math.floor(limit)));
  if (text === '') return [];
  const index = await getSearchIndex(db);
  const names = nameSuggestions(index, termKey(text), locale);
  const mpnKey = normalizeMpn(text);
  const mpns = mpnKey.length >= 2 && !hasCjk(text) ? mpnSuggestions(index, await withSearchRunner(db, (runner) => mpnRows(runner, mpnKey, max)), locale) : [];
  const named = names.slice(0, Math.max(2, max - mpns.length)).map(({ rank: _rank, ...suggestion }) => suggestion);
  const merged = /[0-9]/.test(text) ? [...mpns, ...named] : [...named, ...mpns];
  const seen = new Set<string>();
  return merged.filter((s) => (seen.has(s.href) ? false : (seen.add(s.href), true))).slice(0, max);
}

/** Per index, the match keys of its category and brand names, made once (a suggestion only compares strings). */
type NameKeys = {
  /** Categories with parts in their subtree, with their Chinese and English keys. */
  categories: { cate: CategoryLite; zh: string; en: string }[];
  /** Brands with parts, with the keys of their Chinese name, English name and key. */
  brands: { brand: BrandLite; forms: string[] }[];
};

// The real catalogue has thousands of brands and over a thousand categories: normalising every
// name on every keystroke cost more than the rest of a suggestion (issue #29 item 9).
const nameKeysOf = new WeakMap<SearchIndex, NameKeys>();

function nameKeys(index: SearchIndex): NameKeys {
  let keys = nameKeysOf.get(index);
  if (keys) return keys;
  const categories: NameKeys['categories'] = [];
  for (const cate of index.categories.values()) {
    const hasParts = index.cateRows.has(cate.cateId) || (index.children.get(cate.cateId) ?? []).some((child) => index.subtree(child).some((id) => index.cateRows.has(id)));
    if (hasParts) categories.push({ cate, zh: termKey(cate.cateName), en: termKey(cate.cateNameEn) });
  }
  const brands: NameKeys['brands'] = [];
  for (const brand of index.brands.values()) {
    if (index.brandRows.has(brand.id)) brands.push({ brand, forms: [brand.nameZh, brand.nameEn, brand.key].map((form) => termKey(form)) });
  }
  keys = { categories, brands };
  nameKeysOf.set(index, keys);
  return keys;
}

/** Categories (and synonyms pointing at them) and brands for a typed key, best first. */
function nameSuggestions(index: SearchIndex, key: string, locale: Locale): Ranked[] {
  const names: Ranked[] = [];
  if (key.length < 1) return names;
  const keys = nameKeys(index);
  for (const { cate, zh, en } of keys.categories) {
    const rank = zh.startsWith(key) || en.startsWith(key) ? 0 : key.length >= 2 && (zh.includes(key) || en.includes(key)) ? 1 : -1;
    if (rank < 0) continue;
    const name = categoryName(cate, locale);
    const parent = cate.parentId === null ? undefined : index.categories.get(cate.parentId);
    names.push({
      kind: 'category',
      text: name,
      href: filterPageHref(cate, name, locale),
      ...(parent ? { sub: categoryName(parent, locale) } : {}),
      rank: rank * 10 + cate.level,
    });
  }
  // Synonyms ('运放' → 运算放大器) point at their first category.
  const sense = index.dict.terms.get(key);
  if (sense) {
    for (const [cateId, weight] of sense.cates) {
      const cate = index.categories.get(cateId);
      if (!cate || weight < WEIGHT_EXACT_CATEGORY || names.some((x) => x.kind === 'category' && x.href === filterPageHref(cate, categoryName(cate, locale), locale))) continue;
      const name = categoryName(cate, locale);
      names.push({ kind: 'category', text: name, href: filterPageHref(cate, name, locale), rank: -1 });
    }
  }
  for (const { brand, forms } of keys.brands) {
    const aliasHit = sense?.brands.has(brand.id) ?? false;
    const rank = aliasHit || forms.some((form) => form.startsWith(key)) ? 0 : key.length >= 2 && forms.some((form) => form.includes(key)) ? 1 : -1;
    if (rank < 0) continue;
    const name = locale === 'en' ? brand.nameEn : brand.nameZh;
    names.push({
      kind: 'brand',
      text: name,
      href: `${localePrefix(locale)}/search?name=${encodeURIComponent(name)}`,
      sub: locale === 'en' ? brand.nameZh : brand.nameEn,
      rank: rank * 10,
    });
  }
  return names.sort((a, b) => a.rank - b.rank || a.text.length - b.text.length);
}

/** Rows (id, mpn, mfg_mpn_code, brand_id, cate_id) of part numbers for a typed key. */
async function mpnRows(runner: SqlRunner, mpnKey: string, max: number): Promise<unknown[][]> {
  const found = await runner.arrays(`SELECT id, mpn, mfg_mpn_code, brand_id, cate_id FROM products WHERE mpn_normalized LIKE $1 ORDER BY mpn_normalized USING ~<~ LIMIT $2`, [
    `${escapeLike(mpnKey)}%`,
    max,
  ]);
  if (found.length > 0 || mpnKey.length < 5 || !/[0-9]/.test(mpnKey)) return found;
  const values: unknown[] = [familyPrefixes(mpnKey)];
  // A full orderable number: its KiCad family, or the catalogue MPN it extends (x: family name or normalised MPN, k: which).
  const candidates = await runner.arrays(
    `(SELECT id, mpn, mfg_mpn_code, brand_id, cate_id, mpn AS x, 'f' AS k FROM products WHERE mpn LIKE '%x%' AND ${FAMILY_PREFIX_SQL} = ANY($1::text[]) LIMIT 200)
     UNION ALL (SELECT id, mpn, mfg_mpn_code, brand_id, cate_id, mpn_normalized, 'r' FROM products WHERE ${prefixKeysSql('mpn_normalized', reversePrefixes(mpnKey, 4), (v) => `$${values.push(v)}`)} LIMIT 50)`,
    values,
  );
  const families = candidates.filter((row) => row[6] === 'f' && familyMatches(String(row[5]), mpnKey));
  const extended = candidates.filter((row) => row[6] === 'r').sort((a, b) => String(b[5]).length - String(a[5]).length);
  return [...families, ...extended].slice(0, max);
}

function mpnSuggestions(index: SearchIndex, rows: readonly unknown[][], locale: Locale): Suggestion[] {
  return rows.map(([, mpn, code, brandId, cateId]) => {
    const brand = brandId === null ? undefined : index.brands.get(Number(brandId));
    const cate = cateId === null ? undefined : index.categories.get(Number(cateId));
    const sub = [brand ? (locale === 'en' ? brand.nameEn : brand.nameZh) : '', cate ? categoryName(cate, locale) : ''].filter(Boolean).join(' · ');
    return { kind: 'mpn', text: String(mpn), href: `${localePrefix(locale)}/productDetail/${encodeURIComponent(String(code))}`, ...(sub ? { sub } : {}) };
  });
}
