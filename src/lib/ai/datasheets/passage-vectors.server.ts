import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embed, embedMany, type EmbeddingModel } from 'ai';
import { sql, type SQL } from 'drizzle-orm';
import { getConfig } from '../../server/config.server.ts';
import type { Db } from '../../server/db/client.server.ts';
import { logger } from '../../server/logger.server.ts';

// Vector search over datasheet passages (issue #15 item 4), an extra ranking signal beside the
// lexical index, used only when both hold:
// - the provider offers embeddings: LLM_BASE_URL and LLM_EMBEDDING_MODEL are set (the AI SDK's
//   OpenAI-compatible embedding model, POST {base}/embeddings);
// - the database has pgvector: PGlite loads it (@electric-sql/pglite-pgvector), Debian's
//   PostgreSQL may lack it. Checked once per database; without it the search stays lexical.
// The side table datasheet_passage_vectors is created here at run time, not by a Drizzle
// migration: a migration with `vector(N)` would fail wherever the extension is missing, and N is
// the embedding model's, known only from its first answer. Vectors are derived data: a failure
// anywhere leaves passages searchable lexically and is logged, never thrown to the caller.

export type EmbeddingSettings = {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  /** LLM_EMBEDDING_MODEL: unset turns vectors off. */
  model: string | undefined;
  /** The longest wait for one embeddings request. */
  timeoutMs: number;
};

/** Passages per embeddings request (providers cap a request's inputs: DashScope at 10, OpenAI at 2048). */
export const EMBED_BATCH = 10;
/** Passages embedded per datasheet at most (a 100-page datasheet has a few hundred). */
export const MAX_EMBEDDED_PASSAGES = 2000;
/** Characters of a passage sent to be embedded. */
const EMBED_CHARS = 2000;
/** A question's embedding must come back fast, or the search answers lexically. */
const QUESTION_TIMEOUT_MS = 3000;
/** Nearest neighbours taken into the ranking. */
export const VECTOR_CANDIDATES = 40;
/** pgvector's HNSW index takes vectors of at most 2000 dimensions; larger ones are scanned exactly. */
const HNSW_MAX_DIMS = 2000;

let override: Partial<EmbeddingSettings> | null = null;

export function embeddingSettings(): EmbeddingSettings {
  const c = getConfig();
  return { baseUrl: c.LLM_BASE_URL, apiKey: c.LLM_API_KEY, model: c.LLM_EMBEDDING_MODEL, timeoutMs: c.LLM_TIMEOUT_MS, ...override };
}

/** Tests and the benchmark point embeddings at their scripted provider; null restores the environment. */
export function setEmbeddingSettings(settings: Partial<EmbeddingSettings> | null): void {
  override = settings;
  modelCache = null;
}

let modelCache: { key: string; model: EmbeddingModel } | null = null;

/** The configured embedding model, or null when none is configured. */
export function embeddingModel(settings = embeddingSettings()): EmbeddingModel | null {
  if (!settings.baseUrl || !settings.model) return null;
  const key = `${settings.baseUrl}\n${settings.model}\n${settings.apiKey ?? ''}`;
  if (modelCache?.key === key) return modelCache.model;
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: settings.baseUrl.replace(/\/+$/, ''),
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
  });
  modelCache = { key, model: provider.embeddingModel(settings.model) };
  return modelCache.model;
}

type VectorState = { available: boolean; dims: number | null; lock?: Promise<void> };

// Per database (a test file opens its own; the server one): the extension check and the table's
// dimension, so the catalogue is asked once, not per search.
const states = new WeakMap<Db, Promise<VectorState>>();

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

async function detect(db: Db): Promise<VectorState> {
  try {
    const offered = rowsOf<{ installed: string | null }>(await db.execute(sql`SELECT installed_version AS installed FROM pg_available_extensions WHERE name = 'vector'`));
    if (offered.length === 0) {
      logger.info('pgvector is not available in this database: datasheet search stays lexical');
      return { available: false, dims: null };
    }
    if (!offered[0]!.installed) {
      try {
        await db.execute(sql`CREATE EXTENSION IF NOT EXISTS vector`);
      } catch (error) {
        // Two processes starting together may race on it; only a still-missing extension matters.
        const now = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'vector'`));
        if (Number(now[0]?.n ?? 0) === 0) {
          logger.info({ err: error }, 'pgvector could not be enabled (CREATE EXTENSION refused): datasheet search stays lexical');
          return { available: false, dims: null };
        }
      }
    }
    return { available: true, dims: await tableDims(db) };
  } catch (error) {
    logger.warn({ err: error }, 'pgvector check failed: datasheet search stays lexical');
    return { available: false, dims: null };
  }
}

/** The dimension of the existing vectors table, or null when there is none. */
async function tableDims(db: Db): Promise<number | null> {
  const rows = rowsOf<{ dims: number }>(
    await db.execute(sql`SELECT a.atttypmod AS dims FROM pg_attribute a
      WHERE a.attrelid = to_regclass('datasheet_passage_vectors') AND a.attname = 'embedding' AND NOT a.attisdropped`),
  );
  const dims = Number(rows[0]?.dims ?? 0);
  return dims > 0 ? dims : null;
}

function vectorState(db: Db): Promise<VectorState> {
  let state = states.get(db);
  if (!state) {
    state = detect(db);
    states.set(db, state);
  }
  return state;
}

/** Whether this database can hold vectors (pgvector present and enabled). */
export async function vectorsAvailable(db: Db): Promise<boolean> {
  return (await vectorState(db)).available;
}

/**
 * Makes the table fit vectors of `dims` dimensions. Another dimension means another embedding
 * model: the old vectors cannot be compared with the new ones, so the table is made anew (the
 * passages themselves are untouched).
 */
async function ensureTable(db: Db, dims: number): Promise<void> {
  const state = await vectorState(db);
  if (state.dims === dims) return;
  // Two uploads at once must not both create (or drop) the table: one at a time in this process.
  const previous = state.lock ?? Promise.resolve();
  const mine = previous.then(() => (state.dims === dims ? undefined : makeTable(db, state, dims)));
  state.lock = mine.catch(() => {});
  await mine;
}

async function makeTable(db: Db, state: VectorState, dims: number): Promise<void> {
  if (state.dims !== null) {
    logger.warn({ from: state.dims, to: dims }, 'embedding dimension changed: datasheet passage vectors are rebuilt from now on');
    await db.execute(sql`DROP TABLE IF EXISTS datasheet_passage_vectors`);
  }
  await db.execute(
    sql.raw(`CREATE TABLE IF NOT EXISTS datasheet_passage_vectors (
      passage_id bigint PRIMARY KEY REFERENCES datasheet_passages (id) ON DELETE CASCADE,
      embedding vector(${dims}) NOT NULL)`),
  );
  if (dims <= HNSW_MAX_DIMS) {
    await db.execute(sql`CREATE INDEX IF NOT EXISTS datasheet_passage_vectors_hnsw ON datasheet_passage_vectors USING hnsw (embedding vector_cosine_ops)`);
  }
  state.dims = dims;
}

function literal(v: readonly number[]): string {
  return `[${v.map((x) => (Number.isFinite(x) ? x : 0)).join(',')}]`;
}

function usable(vectors: readonly (readonly number[])[], dims: number): boolean {
  return dims > 0 && dims <= 16000 && vectors.every((v) => v.length === dims);
}

export type VectorIndexResult = { embedded: number; skipped: 'off' | 'unavailable' | 'failed' | null };

/**
 * Embeds a datasheet's passages (after they are written) in batches of EMBED_BATCH, each request
 * bounded by the timeout. Never throws: a failure is logged and the datasheet stays lexical.
 */
export async function indexPassageVectors(db: Db, datasheetId: string, settings = embeddingSettings()): Promise<VectorIndexResult> {
  const model = embeddingModel(settings);
  if (!model) return { embedded: 0, skipped: 'off' };
  if (!(await vectorsAvailable(db))) return { embedded: 0, skipped: 'unavailable' };
  let embedded = 0;
  try {
    const passages = rowsOf<{ id: string; title: string; text: string }>(
      await db.execute(sql`SELECT p.id::text AS id, d.title, p.text FROM datasheet_passages p JOIN datasheets d ON d.id = p.datasheet_id
        WHERE p.datasheet_id = ${datasheetId} ORDER BY p.page, p.seq LIMIT ${MAX_EMBEDDED_PASSAGES}`),
    );
    for (let i = 0; i < passages.length; i += EMBED_BATCH) {
      const batch = passages.slice(i, i + EMBED_BATCH);
      const { embeddings } = await embedMany({
        model,
        // The title gives a passage its context ('Input Voltage' of which part).
        values: batch.map((p) => `${p.title}\n${p.text}`.slice(0, EMBED_CHARS)),
        maxRetries: 1,
        abortSignal: AbortSignal.timeout(settings.timeoutMs),
      });
      const dims = embeddings[0]?.length ?? 0;
      if (embeddings.length !== batch.length || !usable(embeddings, dims)) throw new Error(`embeddings of unexpected shape (${embeddings.length} for ${batch.length}, ${dims} dimensions)`);
      await ensureTable(db, dims);
      const values: SQL[] = batch.map((p, j) => sql`(${p.id}::bigint, ${literal(embeddings[j]!)}::vector)`);
      await db.execute(sql`INSERT INTO datasheet_passage_vectors (passage_id, embedding) VALUES ${sql.join(values, sql`, `)}
        ON CONFLICT (passage_id) DO UPDATE SET embedding = EXCLUDED.embedding`);
      embedded += batch.length;
    }
    return { embedded, skipped: null };
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message.slice(0, 300) : String(error), datasheetId, embedded }, 'datasheet embeddings failed: the datasheet stays searchable lexically');
    return { embedded, skipped: 'failed' };
  }
}

export type VectorQuery = {
  query: string;
  userId: number | null;
  datasheetId?: string | undefined;
};

/**
 * Passage ids nearest to the question, best first, among datasheets the caller may see (public
 * ones and their own). Empty when vectors are off, unavailable, not built yet, or the provider
 * fails or is slow: the caller then ranks lexically.
 */
export async function nearestPassageIds(db: Db, q: VectorQuery, settings = embeddingSettings()): Promise<string[]> {
  const model = embeddingModel(settings);
  if (!model) return [];
  const state = await vectorState(db);
  if (!state.available) return [];
  try {
    // Another process may have built the table since this one looked.
    if (state.dims === null) state.dims = await tableDims(db);
    if (state.dims === null) return [];
    const { embedding } = await embed({ model, value: q.query.slice(0, EMBED_CHARS), maxRetries: 0, abortSignal: AbortSignal.timeout(Math.min(settings.timeoutMs, QUESTION_TIMEOUT_MS)) });
    if (!usable([embedding], state.dims)) return [];
    const visible = q.userId === null ? sql`d.owner_id IS NULL` : sql`(d.owner_id IS NULL OR d.owner_id = ${q.userId})`;
    const only = q.datasheetId ? sql`AND p.datasheet_id = ${q.datasheetId}` : sql``;
    const rows = rowsOf<{ id: string }>(
      await db.execute(sql`SELECT v.passage_id::text AS id FROM datasheet_passage_vectors v
          JOIN datasheet_passages p ON p.id = v.passage_id JOIN datasheets d ON d.id = p.datasheet_id
         WHERE d.status = 'ok' AND ${visible} ${only}
         ORDER BY v.embedding <=> ${literal(embedding)}::vector LIMIT ${VECTOR_CANDIDATES}`),
    );
    return rows.map((r) => r.id);
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message.slice(0, 300) : String(error) }, 'question embedding failed: datasheet search answers lexically');
    return [];
  }
}

/** Reciprocal-rank fusion constant (the usual 60: a rank's weight falls slowly). */
const RRF_K = 60;

/** Fuses ranked lists of ids (best first) by reciprocal rank; ids in several lists add up. */
export function fuseRanks(lists: readonly (readonly string[])[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const list of lists) list.forEach((id, i) => out.set(id, (out.get(id) ?? 0) + 1 / (RRF_K + i + 1)));
  return out;
}
