// bench:ai, engineer part (issue #33 item 4): the applications-engineer evaluation
// (tests/eval/ai-engineer.json) against the catalogue of DATABASE_URL (the shipped JLC snapshot
// once loaded: `npm start` on a fresh install, or import:jlcparts), through the API's
// getProducts, no model. Without DATABASE_URL it is skipped with the reason. Budgets: ≥ 95 % of
// the selection and replacement questions with three parts meeting every constraint, every
// comparison with a recommendation, p95 ≤ 300 ms per answer.
import pino from 'pino';
import { warmSearchIndex } from '../../../src/lib/search/search-index.server.ts';
import { createApp } from '../../../src/lib/server/app.ts';
import { migrateDatabase, openDatabase } from '../../../src/lib/server/db/client.server.ts';
import { runnerOf } from '../../../src/lib/server/db/raw-sql.server.ts';
import { evaluateEngineer, loadEngineerQuestions, p95 } from '../../helpers/ai-engineer-eval.ts';

export async function bench(log: (m: string) => void) {
  const url = process.env.DATABASE_URL;
  if (!url) return { skipped: 'DATABASE_URL is not set: point it at a database holding the shipped catalogue' };
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    await migrateDatabase(database);
    const n = (await runnerOf(database.db).rows<{ n: number }>('SELECT count(*)::int AS n FROM products'))[0]?.n ?? 0;
    log(`engineer: ${n} parts; warming the search index…`);
    await warmSearchIndex(database.db);
    const app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
    const request = (path: string, init: RequestInit) => app.request(path, init);
    const questions = loadEngineerQuestions();
    await evaluateEngineer(database.db, request, questions[0]!);
    const outcomes = [];
    for (const item of questions) outcomes.push(await evaluateEngineer(database.db, request, item));
    const graded = outcomes.filter((o) => o.kind !== 'comparison');
    const compared = outcomes.filter((o) => o.kind === 'comparison');
    const met = graded.filter((o) => o.ok).length / graded.length;
    const recommended = compared.filter((o) => o.recommendation).length / Math.max(1, compared.length);
    const p95ms = +p95(outcomes.map((o) => o.ms)).toFixed(1);
    return {
      parts: n,
      questions: outcomes.length,
      met: +(met * 100).toFixed(1),
      comparisonsRight: compared.filter((o) => o.ok).length,
      failures: outcomes.filter((o) => !o.ok).map((o) => `[${o.kind}/${o.lang}] ${o.q} → ${o.why}`),
      budgets: {
        metPercent: { limit: 95, value: +(met * 100).toFixed(1), ok: met >= 0.95 },
        comparisonsWithRecommendation: { limit: 100, value: +(recommended * 100).toFixed(1), ok: recommended === 1 },
        answerP95Ms: { limit: 300, value: p95ms, ok: p95ms <= 300 },
      },
    };
  } finally {
    await database.close();
  }
}
