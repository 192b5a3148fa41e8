import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ingestDatasheet } from '../../src/lib/ai/datasheets/datasheets.server.ts';
import { searchPassages, type Passage } from '../../src/lib/ai/datasheets/passage-search.server.ts';
import { setEmbeddingSettings, vectorsAvailable } from '../../src/lib/ai/datasheets/passage-vectors.server.ts';
import { sharedWorkerPool } from '../../src/lib/jobs/worker-pool.server.ts';
import { createWorld, type World } from '../helpers/bom-world.ts';
import { startScriptedLlm, type ScriptedLlm } from '../helpers/scripted-llm.ts';

// Vector search over datasheet passages (issue #15 item 4) with the provider's embeddings: the
// scripted provider's /v1/embeddings (real HTTP, the OpenAI embeddings protocol, deterministic
// concept vectors: the test double at the edge) and a real database. On PGlite, which loads
// pgvector (@electric-sql/pglite-pgvector), a question sharing no word with the datasheet finds
// its page only through vectors; with embeddings off the lexical path is unchanged; a failing
// embeddings endpoint leaves ingest and search working. On a PostgreSQL without pgvector
// (Debian's, here) the same calls must answer lexically.

const FIXTURES = join(import.meta.dirname, '../fixtures/datasheets');
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));
const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

// No word of it is in the AMS1117 datasheet; its concepts (max, in, volt) are those of the
// Absolute Maximum Ratings table on page 2 ('VIN | Input Voltage | 20 | V').
const PARAPHRASE = 'greatest permissible feed potential';

let w: World;
let llm: ScriptedLlm;
let dsId: string;
let hasVector: boolean;

const rowsOf = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? []) as T[];

async function vectorCount(datasheetId: string): Promise<number> {
  if (!hasVector) return 0;
  const exists = rowsOf<{ t: string | null }>(await w.database.db.execute(sql`SELECT to_regclass('datasheet_passage_vectors')::text AS t`));
  if (!exists[0]?.t) return 0;
  const r = rowsOf<{ n: number }>(await w.database.db.execute(sql`SELECT count(*)::int AS n FROM datasheet_passage_vectors v JOIN datasheet_passages p ON p.id = v.passage_id WHERE p.datasheet_id = ${datasheetId}`));
  return Number(r[0]?.n ?? 0);
}

const embeddingsOn = () => setEmbeddingSettings({ baseUrl: llm.url, model: 'scripted-embed', apiKey: 'test-key', timeoutMs: 5000 });
const embeddingsOff = () => setEmbeddingSettings({ baseUrl: undefined, model: undefined });

beforeAll(async () => {
  llm = await startScriptedLlm();
  w = await createWorld();
  hasVector = await vectorsAvailable(w.database.db);
  embeddingsOn();
  const r = await ingestDatasheet(w.database.db, w.store, sharedWorkerPool(), { bytes: fixture('AMS1117-wpmtek.pdf'), name: 'AMS1117-wpmtek.pdf', ownerId: w.alice.id, locale: 'en' });
  dsId = r.id;
}, 120_000);

afterEach(() => {
  llm.embeddings = {};
});

afterAll(async () => {
  setEmbeddingSettings(null);
  await w?.close();
  await llm?.close();
});

const top = (list: Passage[]) => list.map((p) => `${p.title} p${p.page} ${p.kind}`);

describe(`datasheet vectors (${label})`, () => {
  it('embeds every passage at ingest where pgvector is present, and none where it is not', async () => {
    const [{ n }] = rowsOf<{ n: number }>(await w.database.db.execute(sql`SELECT count(*)::int AS n FROM datasheet_passages WHERE datasheet_id = ${dsId}`)) as [{ n: number }];
    expect(n).toBeGreaterThan(15);
    if (label === 'pglite') expect(hasVector).toBe(true);
    if (hasVector) {
      expect(await vectorCount(dsId)).toBe(n);
      expect(llm.embeddedTexts.length).toBe(n);
    } else {
      // Debian's PostgreSQL here has no pgvector: the provider is not even asked.
      expect(await vectorCount(dsId)).toBe(0);
      expect(llm.embeddedTexts.length).toBe(0);
    }
  });

  it('finds the page of a question sharing no word with the datasheet only through vectors', async () => {
    embeddingsOff();
    const lexical = await searchPassages(w.database.db, { query: PARAPHRASE, userId: w.alice.id, limit: 5 });
    expect(lexical.some((p) => p.page === 2)).toBe(false);
    embeddingsOn();
    const fused = await searchPassages(w.database.db, { query: PARAPHRASE, userId: w.alice.id, limit: 5 });
    if (hasVector) {
      expect(fused[0]).toMatchObject({ datasheetId: dsId, page: 2, kind: 'table' });
      expect(fused[0]!.text).toContain('VIN | Input Voltage | 20 | V');
    } else {
      expect(fused).toEqual(lexical);
    }
  });

  it('keeps vectors to what the caller may see: another user and a guest get nothing of a private datasheet', async () => {
    embeddingsOn();
    for (const userId of [w.bob.id, null]) {
      const found = await searchPassages(w.database.db, { query: PARAPHRASE, userId, limit: 10 });
      expect(found.filter((p) => p.datasheetId === dsId)).toEqual([]);
    }
  });

  it('leaves the lexical path as it was with embeddings off: same answers, no call to the provider', async () => {
    const question = 'maximum input voltage';
    embeddingsOff();
    const before = llm.embeddedTexts.length;
    const off = await searchPassages(w.database.db, { query: question, userId: w.alice.id, limit: 5 });
    expect(llm.embeddedTexts.length).toBe(before);
    expect(off.length).toBeGreaterThan(2);
    expect(off.every((p) => p.datasheetId === dsId)).toBe(true);
    // Lexical scores (words matched + ranks), not fused ones (those are below 0.04).
    expect(off[0]!.score).toBeGreaterThan(0.5);
    expect(off.some((p) => p.page === 2 && p.kind === 'table')).toBe(true);
    embeddingsOn();
    const on = await searchPassages(w.database.db, { query: question, userId: w.alice.id, limit: 5 });
    if (hasVector) {
      // Fused: the lexical answers stay, and the ratings table both signals agree on comes first.
      expect(top(on)).toContain(top(off)[0]);
      expect(on[0]).toMatchObject({ page: 2, kind: 'table' });
      expect(on[0]!.score).toBeLessThan(0.04);
    } else {
      expect(on).toEqual(off);
    }
  });

  it('ingests and searches when the embeddings endpoint fails: the datasheet is searchable lexically', async () => {
    embeddingsOn();
    llm.embeddings = { status: 500 };
    const r = await ingestDatasheet(w.database.db, w.store, sharedWorkerPool(), { bytes: fixture('CH340DS1.pdf'), name: 'CH340DS1.pdf', ownerId: null, locale: 'en' });
    expect(r).toMatchObject({ status: 'ok', error: null });
    expect(r.passages).toBeGreaterThan(5);
    expect(await vectorCount(r.id)).toBe(0);
    const found = await searchPassages(w.database.db, { query: 'CH340 crystal oscillator', userId: null, limit: 5 });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.datasheetId === r.id)).toBe(true);
    // The question's embedding fails too: the answer is the lexical one.
    embeddingsOff();
    const lexical = await searchPassages(w.database.db, { query: 'CH340 crystal oscillator', userId: null, limit: 5 });
    expect(found).toEqual(lexical);
  });

  it('drops a datasheet\'s vectors with it', async () => {
    const { deleteDatasheet } = await import('../../src/lib/ai/datasheets/datasheets.server.ts');
    await deleteDatasheet(w.database.db, w.store, w.alice.id, dsId, 'en');
    expect(await vectorCount(dsId)).toBe(0);
    if (hasVector) {
      const [{ n }] = rowsOf<{ n: number }>(await w.database.db.execute(sql`SELECT count(*)::int AS n FROM datasheet_passage_vectors`)) as [{ n: number }];
      expect(n).toBe(0);
    }
  });
});
