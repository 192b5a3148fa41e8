import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import type { Writable } from 'node:stream';
import type { Database } from '../server/db/client.server.ts';
import { liteRunner, pgRunner, rawOf, type SqlRunner } from '../server/db/raw-sql.server.ts';
import { CURRENCIES } from '../users/account.server.ts';
import { readOfferBatches, type OfferRecord, type OfferRefusal } from './offers-import.ts';

// The operator's offers import (`npm run import:offers -- file [--skip-bad]`, ADR 0015 §4). All or
// nothing, in one transaction: the file is read and checked in blocks; each block of accepted
// lines is loaded with COPY into a temporary table, its parts resolved there by mfgMpnCode
// (unknown ones refused), and moved into supply_offers with one INSERT … ON CONFLICT DO UPDATE.
// At the end, if any line was refused (and --skip-bad was not given), the transaction rolls
// back: a refused file changes nothing stored, and an interrupted import (Ctrl-C, a crash) rolls
// back too, so running it again is the resume. On PostgreSQL the next block is read while the
// database applies the previous one (JavaScript and PostgreSQL each keep one core busy); PGlite
// (one process, one connection) reads the whole file first, then applies the blocks.

export type ListedRefusal = { line: number } & OfferRefusal;

export type OfferImportOptions = {
  /** Import the good lines of a file that has refused ones (they are still reported). */
  skipBad?: boolean;
  signal?: AbortSignal;
  /** Every refusal as it is found (the script prints the first ones). */
  onRefusal?: (r: ListedRefusal) => void;
  onProgress?: (p: { lines: number; accepted: number; refused: number }) => void;
  /** How many refusals the summary lists (all are counted). */
  maxListed?: number;
  /** 'now' for the future-time check (tests). */
  now?: Date;
  /** COPY text per block (default 8 MiB); tests use small blocks to cover several. */
  blockChars?: number;
};

export type OfferImportSummary = {
  file: string;
  /** Non-blank lines read (CSV: rows after the header). */
  lines: number;
  /** Offers written (inserted or replaced); 0 when nothing was applied. */
  imported: number;
  refused: number;
  /** False when the file had refusals and --skip-bad was not given: nothing changed. */
  applied: boolean;
  /** The first refusals by line number. */
  refusals: ListedRefusal[];
  /** The import_runs row of an applied import (stored in supply_offers.import_job_id). */
  runId: number | null;
  seconds: number;
};

const COLUMNS = 'line, code, distributor, sku, stock, moq, multiple, packaging, currency, price_breaks, url, data_time';
const TEMP_TABLE = `CREATE TEMP TABLE offers_in (line integer NOT NULL, code text NOT NULL, distributor text NOT NULL, sku text NOT NULL, stock integer NOT NULL,
  moq integer NOT NULL, multiple integer NOT NULL, packaging text, currency text NOT NULL, price_breaks jsonb NOT NULL, url text, data_time timestamptz NOT NULL) ON COMMIT DROP`;
/** Characters of COPY text per block (about 25,000 offers). */
const COPY_CHUNK_CHARS = 8 << 20;

// COPY text format: backslash, tab and line breaks escaped; \N is NULL. The reader has refused
// control characters in every text field (and JSON.stringify escapes them), so only the
// backslash can occur here; checking for it first keeps the common case a plain copy.
const copyText = (v: string | null) => (v === null ? '\\N' : v.includes('\\') ? v.replaceAll('\\', '\\\\') : v);

function copyLine(line: number, o: OfferRecord): string {
  return `${line}\t${copyText(o.mfgMpnCode)}\t${copyText(o.distributor)}\t${copyText(o.distributorSku)}\t${o.stock}\t${o.moq}\t${o.multiple}\t${copyText(o.packaging)}\t${o.currency}\t${copyText(JSON.stringify(o.priceBreaks))}\t${copyText(o.url)}\t${o.dataTime.toISOString()}\n`;
}

// Small reads: each one is checked in a few milliseconds, so the event loop keeps feeding the
// previous block's COPY to PostgreSQL in between (1 MiB reads starved it: measured ~10% slower).
async function* textChunks(path: string): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of createReadStream(path, { highWaterMark: 64 << 10 })) yield decoder.write(chunk as Buffer);
  const rest = decoder.end();
  if (rest) yield rest;
}

/** Where blocks of accepted lines (COPY text) go; `write` may return before the block is applied. */
type BlockSink = { write(text: string): Promise<void> };

/** Reads the file into the sink in blocks of about COPY_CHUNK_CHARS, counting and refusing lines. */
async function readInto(path: string, sink: BlockSink, options: OfferImportOptions, tally: Tally): Promise<void> {
  const currencies = new Set(CURRENCIES.map((c) => c.code));
  let buffer = '';
  for await (const batch of readOfferBatches(path, textChunks(path), { currencies, ...(options.now ? { now: options.now } : {}) })) {
    options.signal?.throwIfAborted();
    for (const item of batch) {
      tally.lines++;
      if ('refusal' in item) tally.refuse({ line: item.line, ...item.refusal });
      else {
        tally.accepted++;
        buffer += copyLine(item.line, item.offer);
      }
    }
    if (buffer.length >= (options.blockChars ?? COPY_CHUNK_CHARS)) {
      await sink.write(buffer);
      buffer = '';
    }
    options.onProgress?.({ lines: tally.lines, accepted: tally.accepted, refused: tally.refused });
  }
  if (buffer) await sink.write(buffer);
  options.signal?.throwIfAborted();
  options.onProgress?.({ lines: tally.lines, accepted: tally.accepted, refused: tally.refused });
}

class Tally {
  lines = 0;
  accepted = 0;
  refused = 0;
  imported = 0;
  readonly listed: ListedRefusal[] = [];
  private readonly options: OfferImportOptions;
  constructor(options: OfferImportOptions) {
    this.options = options;
  }
  refuse(r: ListedRefusal): void {
    this.refused++;
    if (this.listed.length < (this.options.maxListed ?? 200)) this.listed.push(r);
    this.options.onRefusal?.(r);
  }
}

/** The database side of one import, inside its transaction. */
type Target = {
  r: SqlRunner;
  /** Runs a statement and answers how many rows it wrote (the driver's count). */
  write: (text: string, params: unknown[]) => Promise<number>;
  /** COPY this text into offers_in. */
  copy: (text: string) => Promise<void>;
};

const UPSERT =
  // In key order, so the unique index is filled page by page instead of at random.
  `INSERT INTO supply_offers (product_id, distributor, distributor_sku, stock, moq, multiple, packaging, currency, price_breaks, url, data_time, source, import_job_id, updated_at)
   SELECT p.id, i.distributor, i.sku, i.stock, i.moq, i.multiple, i.packaging, i.currency, i.price_breaks, i.url, i.data_time, 'import', $1, now()
   FROM offers_in i JOIN products p ON p.mfg_mpn_code = i.code
   ORDER BY p.id, i.distributor, i.sku
   ON CONFLICT (product_id, distributor, distributor_sku) DO UPDATE SET
     stock = excluded.stock, moq = excluded.moq, multiple = excluded.multiple, packaging = excluded.packaging, currency = excluded.currency,
     price_breaks = excluded.price_breaks, url = excluded.url, data_time = excluded.data_time, source = excluded.source,
     import_job_id = excluded.import_job_id, updated_at = excluded.updated_at`;

/** One block: load it, refuse its unknown parts, upsert the rest (rolled back later if the file is refused). */
async function applyBlock(t: Target, text: string, runId: number, options: OfferImportOptions, tally: Tally): Promise<void> {
  await t.r.rows('TRUNCATE offers_in');
  await t.copy(text);
  const room = Math.max(1, (options.maxListed ?? 200) - tally.listed.length);
  const unknown = await t.r.rows<{ line: number; code: string; total: number }>(
    `SELECT i.line, i.code, count(*) OVER ()::int AS total FROM offers_in i WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.mfg_mpn_code = i.code) ORDER BY i.line LIMIT $1`,
    [room],
  );
  const unknownTotal = unknown[0]?.total ?? 0;
  for (const u of unknown) tally.refuse({ line: u.line, key: 'offers.refuse.unknownPart', vars: { code: u.code } });
  // Those past the listing cap are still counted.
  tally.refused += Math.max(0, unknownTotal - unknown.length);
  tally.accepted -= unknownTotal;
  // Once the file is refused, further upserts would only be rolled back.
  if (tally.refused > 0 && !options.skipBad) return;
  tally.imported += await t.write(UPSERT, [runId]);
}

async function begin(t: Target, source: string): Promise<number> {
  await t.r.rows(TEMP_TABLE);
  const run = await t.r.rows<{ id: number }>(`INSERT INTO import_runs (kind, source) VALUES ('offers', $1) RETURNING id`, [source]);
  return run[0]!.id;
}

/** True when the import may commit; the run row gets its counts. */
async function finish(t: Target, runId: number, options: OfferImportOptions, tally: Tally): Promise<boolean> {
  if (tally.refused > 0 && !options.skipBad) return false;
  await t.r.rows(`UPDATE import_runs SET lines_done = $2, imported = $3, skipped = $4, finished_at = now() WHERE id = $1`, [runId, tally.lines, tally.imported, tally.refused]);
  return true;
}

export async function importOffersFile(database: Database, file: string, options: OfferImportOptions = {}): Promise<OfferImportSummary> {
  const started = performance.now();
  const path = resolve(file);
  const info = await stat(path);
  const source = `${path}:${info.size}`;
  const tally = new Tally(options);
  const raw = rawOf(database.db);
  let runId: number;
  let applied: boolean;

  if (raw.kind === 'postgres') {
    const { from: copyFrom } = await import('pg-copy-streams');
    const client = await raw.pool.connect();
    let failed = false;
    try {
      // The temporary table stays in memory when it fits (the default 8 MB spills to disk). Only
      // settable before the connection's first temporary table: a pooled one keeps its value.
      await client.query(`SET temp_buffers = '128MB'`).catch(() => {});
      await client.query('BEGIN');
      await client.query('SET LOCAL synchronous_commit = off');
      // The upsert sorts a block by key: in memory, not in temporary files. The temporary table
      // has no statistics; the planner may then probe products row by row, three times slower
      // than a hash join over the block (measured), and ANALYZE per block costs more than it saves.
      await client.query(`SET LOCAL work_mem = '64MB'`);
      await client.query('SET LOCAL enable_nestloop = off');
      const target: Target = {
        r: pgRunner(client),
        write: async (text, params) => (await client.query(text, params)).rowCount ?? 0,
        copy: async (text) => {
          const stream: Writable = client.query(copyFrom(`COPY offers_in (${COLUMNS}) FROM STDIN`));
          stream.end(text);
          await finished(stream);
        },
      };
      runId = await begin(target, source);
      // Double buffering: a block is applied while the next one is read.
      let pending: Promise<void> = Promise.resolve();
      const sink: BlockSink = {
        write: async (text) => {
          await pending;
          pending = applyBlock(target, text, runId, options, tally);
          pending.catch(() => {}); // awaited below; not an unhandled rejection meanwhile
        },
      };
      try {
        await readInto(path, sink, options, tally);
      } finally {
        await pending.catch((error: unknown) => {
          failed = true;
          throw error;
        });
      }
      applied = await finish(target, runId, options, tally);
      await client.query(applied ? 'COMMIT' : 'ROLLBACK');
    } catch (error) {
      failed = true;
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release(failed);
    }
  } else {
    // PGlite: read and check everything before the transaction (the job's progress writes need
    // the one connection meanwhile), then apply the blocks in one transaction. A refused file
    // writes nothing that stays: the transaction is rolled back.
    const blocks: string[] = [];
    await readInto(path, { write: async (t) => void blocks.push(t) }, options, tally);
    const outcome = await raw.lite.transaction(async (tx) => {
      const target: Target = {
        r: liteRunner(tx),
        write: async (text, params) => (await tx.query(text, params)).affectedRows ?? 0,
        copy: async (text) => void (await tx.query(`COPY offers_in (${COLUMNS}) FROM '/dev/blob'`, [], { blob: new Blob([text]) })),
      };
      const id = await begin(target, source);
      for (const block of blocks) await applyBlock(target, block, id, options, tally);
      const ok = await finish(target, id, options, tally);
      if (!ok) await tx.rollback();
      return { id, ok };
    });
    runId = outcome.id;
    applied = outcome.ok;
  }

  return {
    file: path,
    lines: tally.lines,
    imported: applied ? tally.imported : 0,
    refused: tally.refused,
    applied,
    refusals: [...tally.listed].sort((a, b) => a.line - b.line),
    runId: applied ? runId : null,
    seconds: +((performance.now() - started) / 1000).toFixed(3),
  };
}
