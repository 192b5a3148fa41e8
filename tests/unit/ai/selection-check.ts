// The selection evaluation (tests/eval/ai-selection.json): runs each question through the
// retrieval assistant and checks the first three parts shown against the question's expectations,
// reading each part's facts (category path, package, parameters, brand country) from the database.
// Shared by the evaluation test and the bench.

import { readFileSync } from 'node:fs';
import { inFamily } from '../../../src/lib/ai/package-family.ts';
import { answerByRetrieval } from '../../../src/lib/ai/retrieval.server.ts';
import { aiTools } from '../../../src/lib/ai/tools.server.ts';
import { normalizeMpn } from '../../../src/lib/catalog/mpn.ts';
import { parseQuantity } from '../../../src/lib/catalog/units.ts';
import type { Db } from '../../../src/lib/server/db/client.server.ts';
import { runnerOf } from '../../../src/lib/server/db/raw-sql.server.ts';

export type ParamExpect = {
  key: string;
  min?: string;
  max?: string;
  equals?: string;
  text?: string;
};
export type Expect = {
  cate?: number[];
  params?: ParamExpect[];
  package?: string;
  mpnPrefix?: string[];
  mpnAll?: string[];
  notMpn?: string;
  domestic?: boolean;
};
export type EvalQuestion = {
  q: string;
  lang: 'zh' | 'en';
  kind: string;
  expect: Expect;
};

export function loadQuestions(): EvalQuestion[] {
  const doc = JSON.parse(readFileSync(new URL('../../eval/ai-selection.json', import.meta.url), 'utf8')) as { questions: EvalQuestion[] };
  return doc.questions;
}

type Facts = {
  mpn: string;
  cateIds: number[];
  packages: string[];
  rawPackages: string[];
  nums: Map<string, number>;
  texts: Map<string, string>;
  country: string | null;
};

async function factsOf(db: Db, codes: string[]): Promise<Map<string, Facts>> {
  const rows = await runnerOf(db).rows<{
    code: string;
    mpn: string;
    cates: number[] | string;
    package: string | null;
    country: string | null;
    params: Array<[string, number | null, string | null]> | string;
  }>(
    `WITH RECURSIVE up AS (
       SELECT p.mfg_mpn_code AS code, p.cate_id AS cate FROM products p WHERE p.mfg_mpn_code = ANY($1::text[])
       UNION SELECT up.code, c.parent_id FROM up JOIN categories c ON c.cate_id = up.cate WHERE c.parent_id IS NOT NULL)
     SELECT p.mfg_mpn_code AS code, p.mpn, p.package, b.country,
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
      cateIds: cates.map(Number),
      packages: (r.package ?? '').split('/').map(packageKey).filter(Boolean),
      rawPackages: (r.package ?? '').split('/').map((p) => p.trim()).filter(Boolean),
      nums: new Map(params.filter((p) => p[1] !== null).map((p) => [p[0], Number(p[1])])),
      texts: new Map(params.filter((p) => p[2] !== null).map((p) => [p[0], String(p[2])])),
      country: r.country,
    });
  }
  return out;
}

const packageKey = (p: string) => p.toUpperCase().replace(/[^A-Z0-9]/g, '');

function quantity(text: string): number {
  const q = parseQuantity(text);
  if (!q.ok) throw new Error(`bad quantity in the evaluation set: ${text}`);
  return q.value;
}

const close = (a: number, b: number) => Math.abs(a - b) <= Math.abs(b) * 1e-3 + 1e-15;

/** Why a part fails the expectations ('' when it meets them). */
function problemOf(f: Facts, e: Expect): string {
  if (e.cate && !e.cate.some((c) => f.cateIds.includes(c))) return `category ${f.cateIds[0]} not in ${e.cate.join('/')}`;
  // A package is its body, as issue #33 defines it (SOT-23 also SOT-23-5, SOIC-8 also SOP-8): package-family.ts.
  if (e.package && !f.packages.includes(packageKey(e.package)) && !f.rawPackages.some((p) => inFamily(e.package!, p))) return `package ${f.packages.join('/')} ≠ ${e.package}`;
  if (e.mpnPrefix && !e.mpnPrefix.some((m) => normalizeMpn(f.mpn).startsWith(normalizeMpn(m)))) return `MPN ${f.mpn} not ${e.mpnPrefix.join('/')}`;
  if (e.notMpn && normalizeMpn(f.mpn) === normalizeMpn(e.notMpn)) return `the original ${f.mpn} itself`;
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

export type EvalOutcome = {
  q: string;
  lang: string;
  kind: string;
  ok: boolean;
  why: string;
  shown: string[];
  ms: number;
  firstMs: number;
};

/** Runs one question and checks its first three parts. */
export async function evaluate(db: Db, item: EvalQuestion): Promise<EvalOutcome> {
  const started = performance.now();
  let firstMs = -1;
  const answer = await answerByRetrieval({ db, locale: item.lang, userId: null, design: null }, item.q, aiTools(), {
    onText: () => {
      if (firstMs < 0) firstMs = performance.now() - started;
    },
  });
  const ms = performance.now() - started;
  const top = answer.parts.slice(0, 3);
  const shown = top.map((p) => p.mpn);
  const base = {
    q: item.q,
    lang: item.lang,
    kind: item.kind,
    shown,
    ms,
    firstMs,
  };
  if (top.length === 0) return { ...base, ok: false, why: 'no part shown' };
  const facts = await factsOf(
    db,
    top.map((p) => p.mfgMpnCode),
  );
  for (const p of top) {
    const f = facts.get(p.mfgMpnCode);
    if (!f)
      return {
        ...base,
        ok: false,
        why: `${p.mfgMpnCode} is not a catalogue part`,
      };
    const why = problemOf(f, item.expect);
    if (why) return { ...base, ok: false, why: `${p.mpn}: ${why}` };
  }
  if (item.expect.mpnAll) {
    const missing = item.expect.mpnAll.filter((m) => !top.some((p) => normalizeMpn(p.mpn).startsWith(normalizeMpn(m))));
    if (missing.length) return { ...base, ok: false, why: `not shown: ${missing.join(', ')}` };
  }
  return { ...base, ok: true, why: '' };
}
