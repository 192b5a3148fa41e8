// The applications-engineer evaluation of issue #33 (tests/eval/ai-engineer.json): each question
// goes through GET /api/chiplet/ai/getProducts (the retrieval assistant, no model), timed; the
// first three parts are checked against the question's constraints with their facts read from
// the database, and a comparison's answer must hold a recommendation sentence. Shared by the API
// test and `npm run bench:ai` (AI_BENCH_ONLY=engineer).

import { readFileSync } from 'node:fs';
import { inFamily } from '../../src/lib/ai/package-family.ts';
import { normalizeMpn } from '../../src/lib/catalog/mpn.ts';
import { parseQuantity } from '../../src/lib/catalog/units.ts';
import type { Db } from '../../src/lib/server/db/client.server.ts';
import { runnerOf } from '../../src/lib/server/db/raw-sql.server.ts';

export type ParamExpect = { key: string; min?: string; max?: string; equals?: string; text?: string };
export type EngineerExpect = {
  cate?: number[];
  params?: ParamExpect[];
  package?: string;
  mpnPrefix?: string[];
  notMpn?: string;
  domestic?: boolean;
  recommend?: boolean;
  recommendMpn?: string;
};
export type EngineerQuestion = { q: string; lang: 'zh' | 'en'; kind: 'selection' | 'comparison' | 'replacement'; expect: EngineerExpect };
export type EngineerOutcome = { q: string; lang: string; kind: string; ok: boolean; why: string; shown: string[]; ms: number; recommendation: string | null };

export function loadEngineerQuestions(): EngineerQuestion[] {
  return (JSON.parse(readFileSync(new URL('../eval/ai-engineer.json', import.meta.url), 'utf8')) as { questions: EngineerQuestion[] }).questions;
}

type Facts = { mpn: string; brand: string; cateIds: number[]; package: string; nums: Map<string, number>; texts: Map<string, string>; country: string | null };

async function factsOf(db: Db, codes: string[]): Promise<Map<string, Facts>> {
  const rows = await runnerOf(db).rows<{ code: string; mpn: string; brand: string; cates: number[] | string; package: string | null; country: string | null; params: Array<[string, number | null, string | null]> | string }>(
    `WITH RECURSIVE up AS (
       SELECT p.mfg_mpn_code AS code, p.cate_id AS cate FROM products p WHERE p.mfg_mpn_code = ANY($1::text[])
       UNION SELECT up.code, c.parent_id FROM up JOIN categories c ON c.cate_id = up.cate WHERE c.parent_id IS NOT NULL)
     SELECT p.mfg_mpn_code AS code, p.mpn, coalesce(b.name_en, '') AS brand, p.package, b.country,
            (SELECT array_agg(cate) FROM up WHERE up.code = p.mfg_mpn_code) AS cates,
            (SELECT coalesce(json_agg(json_build_array(pp.key, pp.value_num, pp.value_text)), '[]'::json) FROM product_params pp WHERE pp.product_id = p.id) AS params
       FROM products p LEFT JOIN brands b ON b.id = p.brand_id WHERE p.mfg_mpn_code = ANY($1::text[])`,
    [codes],
  );
  const out = new Map<string, Facts>();
  for (const r of rows) {
    const params = typeof r.params === 'string' ? (JSON.parse(r.params) as Array<[string, number | null, string | null]>) : r.params;
    const cates = typeof r.cates === 'string' ? r.cates.replace(/[{}]/g, '').split(',').map(Number) : r.cates;
    out.set(r.code, {
      mpn: r.mpn,
      brand: r.brand,
      cateIds: cates.map(Number),
      package: r.package ?? '',
      nums: new Map(params.filter((p) => p[1] !== null).map((p) => [p[0], Number(p[1])])),
      texts: new Map(params.filter((p) => p[2] !== null).map((p) => [p[0], String(p[2])])),
      country: r.country,
    });
  }
  return out;
}

function quantity(text: string): number {
  const q = parseQuantity(text);
  if (!q.ok) throw new Error(`bad quantity in the evaluation set: ${text}`);
  return q.value;
}
const close = (a: number, b: number) => Math.abs(a - b) <= Math.abs(b) * 1e-3 + 1e-15;
const packageKey = (p: string) => p.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The package asked is the part's, or one of the forms of its body (package-family.ts, as the issue defines them). */
function packageMeets(asked: string, pkg: string): boolean {
  return pkg.split('/').some((piece) => packageKey(piece) === packageKey(asked) || inFamily(asked, piece.trim()));
}

/** Why a part fails the constraints ('' when it meets them all). */
export function problemOf(f: Facts, e: EngineerExpect, originalBrands: ReadonlySet<string> = new Set()): string {
  if (e.cate && !e.cate.some((c) => f.cateIds.includes(c))) return `category ${f.cateIds[0]} not in ${e.cate.join('/')}`;
  if (e.package && !packageMeets(e.package, f.package)) return `package ${f.package} ≠ ${e.package}`;
  if (e.mpnPrefix && !e.mpnPrefix.some((m) => normalizeMpn(f.mpn).startsWith(normalizeMpn(m)))) return `MPN ${f.mpn} not ${e.mpnPrefix.join('/')}`;
  // The same number from another maker is a second source; from the original's maker it is the part itself.
  if (e.notMpn && normalizeMpn(f.mpn) === normalizeMpn(e.notMpn) && originalBrands.has(f.brand)) return `the original ${f.mpn} itself`;
  if (e.domestic && f.country !== 'CN') return `brand country ${f.country}`;
  for (const p of e.params ?? []) {
    if (p.text !== undefined) {
      if ((f.texts.get(p.key) ?? '').toLowerCase() !== p.text.toLowerCase()) return `${p.key} ${f.texts.get(p.key) ?? '—'} ≠ ${p.text}`;
      continue;
    }
    const v = f.nums.get(p.key);
    if (v === undefined) return `${p.key} not stated`;
    if (p.equals !== undefined && !close(v, quantity(p.equals))) return `${p.key} ${v} ≠ ${p.equals}`;
    if (p.min !== undefined && v < quantity(p.min) * (1 - 1e-9)) return `${p.key} ${v} < ${p.min}`;
    if (p.max !== undefined && v > quantity(p.max) * (1 + 1e-9)) return `${p.key} ${v} > ${p.max}`;
  }
  return '';
}

/** The original's maker: the brand of the record of that number with the most stock in the offers snapshot. */
async function makersOf(db: Db, mpn: string): Promise<Set<string>> {
  const rows = await runnerOf(db).rows<{ brand: string }>(
    `SELECT coalesce(b.name_en, '') AS brand FROM products p LEFT JOIN brands b ON b.id = p.brand_id
      WHERE p.mpn_normalized = $1 ORDER BY (SELECT coalesce(max(o.stock), 0) FROM supply_offers o WHERE o.product_id = p.id) DESC LIMIT 1`,
    [normalizeMpn(mpn)],
  );
  return new Set(rows.map((r) => r.brand));
}

type Fetcher = (path: string, init: RequestInit) => Response | Promise<Response>;

/** The recommendation sentence of an answer ('结论：…' / 'Recommendation: …'), or null. */
export function recommendationOf(markdown: string): string | null {
  return /^(?:结论：|Recommendation: ).*$/m.exec(markdown)?.[0] ?? null;
}

export async function evaluateEngineer(db: Db, request: Fetcher, item: EngineerQuestion): Promise<EngineerOutcome> {
  const started = performance.now();
  const res = await request(`/api/chiplet/ai/getProducts?question=${encodeURIComponent(item.q)}`, { headers: { 'accept-language': item.lang === 'en' ? 'en' : 'zh-CN' } });
  const body = (await res.json()) as { code: number; result?: { list: Array<{ mfgMpnCode: string; mpn: string }>; answer: string } };
  const ms = performance.now() - started;
  const list = body.result?.list ?? [];
  const shown = list.slice(0, 3).map((p) => p.mpn);
  const base = { q: item.q, lang: item.lang, kind: item.kind, shown, ms };
  if (body.code !== 200000 || !body.result) return { ...base, ok: false, why: `code ${body.code}`, recommendation: null };
  const recommendation = recommendationOf(body.result.answer);
  if (item.kind === 'comparison') {
    if (!recommendation) return { ...base, ok: false, why: 'no recommendation sentence', recommendation };
    const e = item.expect;
    if (e.recommendMpn && !recommendation.toUpperCase().includes(e.recommendMpn.toUpperCase())) return { ...base, ok: false, why: `recommends otherwise: ${recommendation}`, recommendation };
    if (list.length < 2) return { ...base, ok: false, why: 'fewer than two parts compared', recommendation };
    return { ...base, ok: true, why: '', recommendation };
  }
  const top = list.slice(0, 3);
  // Fewer than three only when the catalogue holds fewer meeting everything (the answer's count says so); each shown must meet them.
  if (top.length === 0) return { ...base, ok: false, why: 'no part shown', recommendation };
  const facts = await factsOf(
    db,
    top.map((p) => p.mfgMpnCode),
  );
  const originalBrands = item.expect.notMpn ? await makersOf(db, item.expect.notMpn) : new Set<string>();
  for (const p of top) {
    const f = facts.get(p.mfgMpnCode);
    const why = f ? problemOf(f, item.expect, originalBrands) : 'not in the database';
    if (why) return { ...base, ok: false, why: `${p.mpn}: ${why}`, recommendation };
  }
  return { ...base, ok: true, why: '', recommendation };
}

export function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}
