// `npm run bench:ai`: the budgets of issue #15, printed as one JSON object. Each part lives in
// tests/bench/ai/<part>.ts and exports `bench(log)`, returning its figures and a `budgets` map of
// { limit, value, ok }:
// - retrieval.ts: retrieval mode on the demo catalogue, first token ≤ 300 ms p95, whole answer ≤ 1 s p95;
// - model-overhead.ts: the model path's own time per turn (all but the provider's) ≤ 100 ms;
// - datasheets.ts: a 100-page datasheet indexed ≤ 10 s; passage search p95 ≤ 50 ms with 10,000
//   datasheets' passages on PostgreSQL.
// - engineer.ts: issue #33's evaluation on the catalogue of DATABASE_URL (≥ 95 % met, every comparison recommends, p95 ≤ 300 ms).
// AI_BENCH_ONLY=retrieval,datasheets runs some parts.
import { existsSync } from 'node:fs';

type Budget = { limit: number; value: number; ok: boolean };
type Part = { bench: (log: (m: string) => void) => Promise<Record<string, unknown> & { budgets?: Record<string, Budget> }> };

const PARTS = ['retrieval', 'model-overhead', 'datasheets', 'engineer'] as const;
const only = process.env.AI_BENCH_ONLY?.split(',');
const log = (m: string) => process.stderr.write(`[bench:ai] ${m}\n`);
const result: Record<string, unknown> = {};
const budgets: Record<string, Budget> = {};
for (const name of PARTS) {
  if (only && !only.includes(name)) continue;
  const file = new URL(`./ai/${name}.ts`, import.meta.url);
  if (!existsSync(file)) {
    result[name] = { missing: `tests/bench/ai/${name}.ts` };
    continue;
  }
  log(`${name}…`);
  const part = (await import(file.href)) as Part;
  const figures = await part.bench(log);
  result[name] = figures;
  for (const [key, budget] of Object.entries(figures.budgets ?? {})) budgets[`${name}.${key}`] = budget;
}
result.budgets = budgets;
result.ok = Object.values(budgets).every((b) => b.ok) && PARTS.every((p) => (only && !only.includes(p)) || !(result[p] as { missing?: string }).missing);
console.log(JSON.stringify(result, null, 2));
process.exit(0);
