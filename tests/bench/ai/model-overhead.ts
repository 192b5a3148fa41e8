// The model path's own time per chat turn (issue #15 budget: ≤ 100 ms), against the scripted
// OpenAI-compatible server (tests/helpers/scripted-llm.ts), which answers at once. Each turn is a
// logged-in question (conversation created and stored) where the model calls searchParts once
// on the demo catalogue and then answers in three chunks. Our overhead is the turn's wall time
// (request sent to the stream's last byte read) minus the time the provider spent on its two
// requests, measured on the provider's side. PGlite by default; TEST_DATABASE_URL for PostgreSQL.
import os from 'node:os';
import pino from 'pino';
import { resetChatThrottles } from '../../../src/lib/ai/chat/chat.routes.ts';
import { setChatModelSettings } from '../../../src/lib/ai/chat/model.server.ts';
import { loadDemoCatalog } from '../../../src/lib/catalog/demo/demo-catalog.server.ts';
import { seedCategories } from '../../../src/lib/catalog/import/seed-categories.server.ts';
import { createApp } from '../../../src/lib/server/app.ts';
import { createSession } from '../../../src/lib/server/auth.server.ts';
import { users } from '../../../src/lib/server/db/schema/index.ts';
import { startScriptedLlm } from '../../helpers/scripted-llm.ts';
import { createTestDatabase } from '../../helpers/test-db.ts';

const TURNS = Number(process.env.AI_BENCH_TURNS ?? 120);
const WARMUP = 10;
const QUERIES = ['LM358', 'AMS1117', 'NE555', '0603 10k', 'STM32F103', 'ESP32', 'LDO 3.3V', 'USB Type-C', 'TL431', '1N4148'];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;

export async function bench(log: (m: string) => void) {
  const database = await createTestDatabase();
  const llm = await startScriptedLlm();
  try {
    const loadStarted = performance.now();
    await seedCategories(database);
    const stats = await loadDemoCatalog(database);
    log(`model-overhead: demo catalogue (${stats?.products ?? 0} parts, ${stats?.passives ?? 0} passives) on ${database.label} in ${Math.round(performance.now() - loadStarted)} ms`);
    const app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
    const [u] = await database.db.insert(users).values({ username: 'bench' }).returning({ id: users.id });
    const { token } = await createSession(database.db, u!.id, Math.floor(Date.now() / 1000));
    setChatModelSettings({ baseUrl: llm.url, apiKey: 'sk-bench', model: 'scripted', dailyTokens: 1e12, timeoutMs: 30_000, maxSteps: 5 });
    resetChatThrottles({ user: { max: 1e9, windowMs: 60_000 }, ip: { max: 1e9, windowMs: 60_000 } });

    const overhead: number[] = [];
    const provider: number[] = [];
    const total: number[] = [];
    // CPU time of this process per turn (server and provider double alike; not the database's):
    // a figure that shared, busy machines disturb less than wall time.
    const cpu: number[] = [];
    for (let i = 0; i < TURNS + WARMUP; i++) {
      const query = QUERIES[i % QUERIES.length]!;
      llm.reset();
      llm.script({ kind: 'tools', calls: [{ name: 'searchParts', args: { keyword: query } }] }, { kind: 'text', chunks: [`For ${query}, `, 'the first part in the table ', 'fits best.'] });
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const res = await app.request('/api/chiplet/ai/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': token, 'accept-language': 'en' },
        body: JSON.stringify({ id: 'bench', messages: [{ id: crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text: `${query} please` }] }], trigger: 'submit-message' }),
      });
      const body = await res.text();
      const elapsed = performance.now() - started;
      const cpuUsed = process.cpuUsage(cpuStarted);
      await llm.settled();
      if (!body.includes('fits best.') || llm.requests.length !== 2) throw new Error(`turn ${i} did not run the tool loop: ${body.slice(0, 300)}`);
      const providerMs = llm.providerMs().reduce((a, b) => a + b, 0);
      if (i < WARMUP) continue;
      total.push(elapsed);
      provider.push(providerMs);
      overhead.push(elapsed - providerMs);
      cpu.push((cpuUsed.user + cpuUsed.system) / 1000);
    }
    const sorted = [...overhead].sort((a, b) => a - b);
    const p95 = round(pct(sorted, 95));
    return {
      database: database.label,
      turns: TURNS,
      overheadMs: { p50: round(pct(sorted, 50)), p95, max: round(sorted.at(-1) ?? 0), mean: round(overhead.reduce((a, b) => a + b, 0) / overhead.length) },
      providerMs: { p50: round(pct([...provider].sort((a, b) => a - b), 50)) },
      cpuMsPerTurn: { p50: round(pct([...cpu].sort((a, b) => a - b), 50)), p95: round(pct([...cpu].sort((a, b) => a - b), 95)) },
      loadAverage: os.loadavg().map(round),
      turnMs: { p50: round(pct([...total].sort((a, b) => a - b), 50)), p95: round(pct([...total].sort((a, b) => a - b), 95)) },
      budgets: { overheadP95Ms: { limit: 100, value: p95, ok: p95 <= 100 } },
    };
  } finally {
    setChatModelSettings(null);
    await llm.close();
    await database.close();
  }
}
