import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import type { Writable } from 'node:stream';
import type { Database } from '../server/db/client.server.ts';
import { liteRunner, pgRunner, rawOf, type SqlRunner } from '../server/db/raw-sql.server.ts';
import { CURRENCIES } from '../users/account.server.ts';
import { readOfferBatches, type OfferRecord, type OfferRefusal } from './offers-import.ts';

// The operator's offers import (`npm run import:offers -- file [--skip-bad]`, ADR 0015 §4). All or
// nothing: every line is read and checked first, the good ones streamed with COPY into a
// temporary table inside one transaction; parts are resolved there by mfgMpnCode; then, unless
// some line was refused (and --skip-bad was not given), one INSERT … ON CONFLICT DO UPDATE moves
// them into supply_offers and the transaction commits. A refused file therefore changes nothing
// stored, and an interrupted import (Ctrl-C, a crash) rolls back: running it again is the resume.
// PostgreSQL streams COPY FROM STDIN while the file is read; PGlite (one process, one connection)
// collects the COPY text first and loads it with COPY FROM '/dev/blob' in one transaction.

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
const COPY_CHUNK_CHARS = 1 << 20;

// COPY text format: backslash, tab and line breaks escaped; \N is NULL.
const COPY_SPECIAL = /[\\\n\r\t]/g;
const copyEscapes: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const copyText = (v: string | null) => (v === null ? '\\N' : v.replace(COPY_SPECIAL, (c) => copyEscapes[c] ?? c));

function copyLine(line: number, o: OfferRecord): string {
  return `${line}\t${copyText(o.mfgMpnCode)}\t${copyText(o.distributor)}\t${copyText(o.distributorSku)}\t${o.stock}\t${o.moq}\t${o.multiple}\t${copyText(o.packaging)}\t${o.currency}\t${copyText(JSON.stringify(o.priceBreaks))}\t${copyText(o.url)}\t${o.dataTime.toISOString()}\n`;
}

async function* textChunks(path: string): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) yield decoder.write(chunk as Buffer);
  const rest = decoder.end();
  if (rest) yield rest;
}

/** Where accepted lines go: a live COPY stream (PostgreSQL) or collected text (PGlite). */
type CopySink = { write(text: string): Promise<void> };

/** Reads the file through the sink; returns the counts and the reader's refusals. */
async function readInto(path: string, sink: CopySink, options: OfferImportOptions, tally: Tally): Promise<void> {
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
    if (buffer.length >= COPY_CHUNK_CHARS) {
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

/** After the COPY, in the same transaction: refuse unknown parts, then (if allowed) upsert. */
async function resolveAndApply(r: SqlRunner, source: string, options: OfferImportOptions, tally: Tally): Promise<{ imported: number; runId: number | null }> {
  const max = options.maxListed ?? 200;
  const unknown = await r.rows<{ line: number; code: string; total: number }>(
    `SELECT i.line, i.code, count(*) OVER ()::int AS total FROM offers_in i WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.mfg_mpn_code = i.code) ORDER BY i.line LIMIT $1`,
    [Math.max(1, max)],
  );
  const unknownTotal = unknown[0]?.total ?? 0;
  for (const u of unknown) tally.refuse({ line: u.line, key: 'offers.refuse.unknownPart', vars: { code: u.code } });
  // Those past the listing cap are still counted.
  tally.refused += Math.max(0, unknownTotal - unknown.length);
  tally.accepted -= unknownTotal;
  if (tally.refused > 0 && !options.skipBad) return { imported: 0, runId: null };
  const run = await r.rows<{ id: number }>(`INSERT INTO import_runs (kind, source, lines_done, imported, skipped, finished_at) VALUES ('offers', $1, $2, $3, $4, now()) RETURNING id`, [
    source,
    tally.lines,
    tally.accepted,
    tally.refused,
  ]);
  const runId = run[0]!.id;
  const written = await r.rows<{ n: number }>(
    `WITH up AS (
       INSERT INTO supply_offers (product_id, distributor, distributor_sku, stock, moq, multiple, packaging, currency, price_breaks, url, data_time, source, import_job_id, updated_at)
       SELECT p.id, i.distributor, i.sku, i.stock, i.moq, i.multiple, i.packaging, i.currency, i.price_breaks, i.url, i.data_time, 'import', $1, now()
       FROM offers_in i JOIN products p ON p.mfg_mpn_code = i.code
       ON CONFLICT (product_id, distributor, distributor_sku) DO UPDATE SET
         stock = excluded.stock, moq = excluded.moq, multiple = excluded.multiple, packaging = excluded.packaging, currency = excluded.currency,
         price_breaks = excluded.price_breaks, url = excluded.url, data_time = excluded.data_time, source = excluded.source,
         import_job_id = excluded.import_job_id, updated_at = excluded.updated_at
       RETURNING 1)
     SELECT count(*)::int AS n FROM up`,
    [runId],
  );
  return { imported: written[0]?.n ?? 0, runId };
}

export async function importOffersFile(database: Database, file: string, options: OfferImportOptions = {}): Promise<OfferImportSummary> {
  const started = performance.now();
  const path = resolve(file);
  const info = await stat(path);
  const source = `${path}:${info.size}`;
  const tally = new Tally(options);
  const raw = rawOf(database.db);
  let outcome: { imported: number; runId: number | null };

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
      await client.query(TEMP_TABLE);
      const stream: Writable = client.query(copyFrom(`COPY offers_in (${COLUMNS}) FROM STDIN`));
      let streamError: unknown;
      stream.on('error', (e) => (streamError ??= e));
      try {
        await readInto(path, { write: async (t) => {
          if (streamError) throw streamError;
          if (!stream.write(t)) await once(stream, 'drain');
        } }, options, tally);
        stream.end();
        await finished(stream);
      } catch (error) {
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
        await finished(stream).catch(() => {});
        throw error;
      }
      outcome = await resolveAndApply(pgRunner(client), source, options, tally);
      await client.query(outcome.runId === null ? 'ROLLBACK' : 'COMMIT');
    } catch (error) {
      failed = true;
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release(failed);
    }
  } else {
    // PGlite: read and check everything before the transaction (the job's progress writes need
    // the one connection meanwhile), then load and apply in one transaction.
    const chunks: string[] = [];
    await readInto(path, { write: async (t) => void chunks.push(t) }, options, tally);
    outcome = await raw.lite.transaction(async (tx) => {
      await tx.query(TEMP_TABLE);
      for (const chunk of chunks) await tx.query(`COPY offers_in (${COLUMNS}) FROM '/dev/blob'`, [], { blob: new Blob([chunk]) });
      // A refused file writes nothing but the temporary table, which the commit drops.
      return resolveAndApply(liteRunner(tx), source, options, tally);
    });
  }

  return {
    file: path,
    lines: tally.lines,
    imported: outcome.imported,
    refused: tally.refused,
    applied: outcome.runId !== null,
    refusals: [...tally.listed].sort((a, b) => a.line - b.line),
    runId: outcome.runId,
    seconds: +((performance.now() - started) / 1000).toFixed(3),
  };
}
