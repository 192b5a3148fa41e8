import type { Locale } from '../i18n/i18n.ts';
import type { Db } from '../server/db/client.server.ts';
import { inTransaction, rawOf, runnerOf, type SqlRunner } from '../server/db/raw-sql.server.ts';
import { AppError, Code } from '../server/errors.ts';
import { loggableError } from '../server/db-failure.server.ts';
import { logger as rootLogger, type Logger } from '../server/logger.server.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import type { CounterName, Counters, MarkType } from './catalog.schema.ts';

// Tracking marks in batches (issue #14 item 6; budget: 2,000 mark/* calls a second without slowing
// page renders). A call is checked at once (the part, and for MODULE the module, must exist: a
// cached lookup), then waits for the next flush: under load one every FLUSH_MS (or MAX_BATCH marks),
// for a trickle of marks within LINGER_MS. A flush is one
// transaction: one INSERT … ON CONFLICT DO NOTHING RETURNING into tracking_marks (a client moves
// each counter of a part at most once a day), one UPDATE … FROM unnest(…) adding the fresh counts,
// one SELECT for parts whose marks were all repeats. Each caller then gets its part's new values.
// A failed flush is logged and answered 50300 to its callers; nothing of it is counted.

export const FLUSH_MS = 200;
export const MAX_BATCH = 500;
/** While fewer marks than BUSY_MARKS came in the last window, a mark waits only LINGER_MS (gathering a burst), not a whole window. */
export const LINGER_MS = 5;
export const BUSY_MARKS = 64;

/** Who counts once a day: `u:<user id>` for a signed-in caller, else a keyed hash of the IP; day = days since the epoch. */
export type MarkClient = { client: string; day: number };

export type MarkRequest = { mKey: string; mType: MarkType; names: readonly CounterName[]; client: MarkClient; locale: Locale };

type Pending = MarkRequest & { resolve: (c: Counters) => void; reject: (e: unknown) => void };

const COLUMN: Record<CounterName, string> = {
  pdfCount: 'pdf_count',
  edaCount: 'eda_count',
  likeCount: 'like_count',
  moduleCount: 'module_count',
  componentPlacementCount: 'component_placement_count',
  modulePlacementCount: 'module_placement_count',
  tagClickCount: 'tag_click_count',
};
const NAMES = Object.keys(COLUMN) as CounterName[];
const RETURNING = NAMES.map((n) => `${COLUMN[n]} AS "${n}"`).join(', ');

/** How long a part's existence is trusted: known parts a minute, unknown ones a few seconds (an import may add them). */
const KNOWN_TTL_MS = 60_000;
const UNKNOWN_TTL_MS = 5_000;
const MAX_CACHED_KEYS = 100_000;
/** Marks remembered as already counted today (beyond it, tracking_marks still de-duplicates). */
const MAX_SEEN = 500_000;

type Lookup = { ok: 'part' | 'noPart' | 'noModule'; at: number };

export class MarkBatcher {
  private queue: Pending[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  private readonly known = new Map<string, Lookup | Promise<Lookup>>();
  private readonly seen = new Set<string>();
  private seenDay = -1;
  private purgedBefore = 0;
  private lastFlushAt = 0;
  private windowStart = 0;
  private windowMarks = 0;
  private prevWindowMarks = 0;

  private readonly db: Db;
  private readonly options: { flushMs?: number; maxBatch?: number; logger?: Logger };

  constructor(db: Db, options: { flushMs?: number; maxBatch?: number; logger?: Logger } = {}) {
    this.db = db;
    this.options = options;
  }

  private get flushMs() {
    return this.options.flushMs ?? FLUSH_MS;
  }
  private get maxBatch() {
    return this.options.maxBatch ?? MAX_BATCH;
  }
  private get log() {
    return this.options.logger ?? rootLogger;
  }

  /** Counts the named counters (each once per client, part and day) at the next flush; resolves with the part's values after it. */
  async mark(req: MarkRequest): Promise<Counters> {
    if (req.names.length === 0) throw new AppError(Code.badInput, serverMessage('catalog.noCounter', req.locale));
    const found = await this.lookup(req.mKey, req.mType);
    if (found === 'noModule') throw new AppError(Code.notFound, serverMessage('catalog.noModuleKey', req.locale, { key: req.mKey }));
    if (found === 'noPart') throw new AppError(Code.notFound, serverMessage('catalog.noPart', req.locale, { code: req.mKey }));
    if (this.closed) throw new AppError(Code.unavailable, serverMessage('top200.markUnavailable', req.locale));
    this.countArrival();
    return new Promise<Counters>((resolve, reject) => {
      this.queue.push({ ...req, names: [...new Set(req.names)], resolve, reject });
      if (this.queue.length >= this.maxBatch) {
        this.clearTimer();
        void this.drain(false);
      } else this.schedule();
    });
  }

  /** Writes everything queued (shutdown, tests). */
  async flush(): Promise<void> {
    this.clearTimer();
    await this.drain(true);
  }

  /** Takes no more marks and writes the queued ones. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  /** Forgets cached part lookups (after an import or in tests that delete parts). */
  forgetParts(): void {
    this.known.clear();
  }

  /** Marks per window, this one and the one before: tells load from a trickle. */
  private countArrival(): void {
    const now = Date.now();
    if (now - this.windowStart >= this.flushMs) {
      this.prevWindowMarks = now - this.windowStart < 2 * this.flushMs ? this.windowMarks : 0;
      this.windowMarks = 0;
      this.windowStart = now;
    }
    this.windowMarks++;
  }

  /** Under load at most one flush per window; a trickle of marks goes out almost at once. */
  private schedule(): void {
    if (this.timer || this.running) return;
    const busy = Math.max(this.windowMarks, this.prevWindowMarks) >= BUSY_MARKS;
    const since = Date.now() - this.lastFlushAt;
    const delay = busy && since < this.flushMs ? this.flushMs - since : Math.min(LINGER_MS, this.flushMs);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.drain(false);
    }, delay);
    this.timer.unref?.();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private drain(all: boolean): Promise<void> {
    if (this.running) return this.running.then(() => (all ? this.drain(true) : undefined));
    // `finally` runs in a later microtask, so `running` is always set before it is cleared.
    const run = this.writeQueued(all).finally(() => {
      this.running = null;
      if (this.queue.length > 0) this.schedule();
    });
    this.running = run;
    return run;
  }

  private async writeQueued(all: boolean): Promise<void> {
    do {
      const batch = this.queue.splice(0, this.maxBatch);
      this.lastFlushAt = Date.now();
      if (batch.length > 0) await this.write(batch);
    } while (this.queue.length >= this.maxBatch || (all && this.queue.length > 0));
  }

  private lookup(mKey: string, mType: MarkType): Promise<Lookup['ok']> | Lookup['ok'] {
    const key = `${mType}|${mKey}`;
    const now = Date.now();
    const hit = this.known.get(key);
    if (hit && !(hit instanceof Promise)) {
      if (now - hit.at < (hit.ok === 'part' ? KNOWN_TTL_MS : UNKNOWN_TTL_MS)) return hit.ok;
    } else if (hit) return hit.then((h) => h.ok);
    if (this.known.size >= MAX_CACHED_KEYS) this.known.clear();
    // Concurrent calls for one part share one query.
    const query = (async (): Promise<Lookup> => {
      const rows = await runnerOf(this.db).rows<{ part: boolean; module: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM products WHERE mfg_mpn_code = $1) AS part,
                ($2::text <> 'MODULE' OR EXISTS (SELECT 1 FROM modules WHERE mfg_mpn_code = $1)) AS module`,
        [mKey, mType],
      );
      const r = rows[0]!;
      return { ok: !r.module ? 'noModule' : !r.part ? 'noPart' : 'part', at: Date.now() };
    })();
    this.known.set(key, query);
    return query.then(
      (l) => {
        this.known.set(key, l);
        return l.ok;
      },
      (error: unknown) => {
        this.known.delete(key);
        throw error;
      },
    );
  }

  private async write(batch: Pending[]): Promise<void> {
    let values: Map<string, Counters>;
    let counted: string[];
    try {
      ({ values, counted } = await this.writeBatch(batch));
    } catch (error) {
      // The statement and the reason, never the parameters (client digests).
      this.log.error({ ...loggableError(error), marks: batch.length }, 'tracking marks not written (batch answered 503)');
      for (const p of batch) p.reject(new AppError(Code.unavailable, serverMessage('top200.markUnavailable', p.locale)));
      return;
    }
    for (const k of counted) this.seen.add(k);
    for (const p of batch) {
      const v = values.get(p.mKey);
      if (v) p.resolve(v);
      else p.reject(new AppError(Code.notFound, serverMessage('catalog.noPart', p.locale, { code: p.mKey })));
    }
  }

  private async writeBatch(batch: Pending[]): Promise<{ values: Map<string, Counters>; counted: string[] }> {
    const today = Math.max(...batch.map((p) => p.client.day));
    if (today !== this.seenDay) {
      this.seen.clear();
      this.seenDay = today;
    }
    if (this.seen.size > MAX_SEEN) this.seen.clear();
    // Marks not yet known as counted, each once.
    const rows: { day: number; client: string; mKey: string; mType: MarkType; counter: CounterName; key: string }[] = [];
    const claimed = new Set<string>();
    for (const p of batch) {
      for (const counter of p.names) {
        const key = `${p.client.day}|${p.client.client}|${p.mKey}|${p.mType}|${counter}`;
        if (this.seen.has(key) || claimed.has(key)) continue;
        claimed.add(key);
        rows.push({ day: p.client.day, client: p.client.client, mKey: p.mKey, mType: p.mType, counter, key });
      }
    }
    const codes = [...new Set(batch.map((p) => p.mKey))];
    const values = await inTransaction(rawOf(this.db), async (run) => {
      await this.purgeOldMarks(run, today);
      const fresh = new Map<string, Record<CounterName, number>>();
      if (rows.length > 0) {
        const inserted = await run.rows<{ m_key: string; counter: CounterName }>(
          `INSERT INTO tracking_marks (day, client, m_key, m_type, counter)
           SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[])
           ON CONFLICT DO NOTHING RETURNING m_key, counter`,
          [rows.map((r) => r.day), rows.map((r) => r.client), rows.map((r) => r.mKey), rows.map((r) => r.mType), rows.map((r) => r.counter)],
        );
        for (const r of inserted) {
          const add = fresh.get(r.m_key) ?? (Object.fromEntries(NAMES.map((n) => [n, 0])) as Record<CounterName, number>);
          add[r.counter] += 1;
          fresh.set(r.m_key, add);
        }
      }
      const out = new Map<string, Counters>();
      if (fresh.size > 0) {
        const keys = [...fresh.keys()].sort();
        const updated = await run.rows<Counters & { code: string }>(
          `UPDATE products p SET ${NAMES.map((n) => `${COLUMN[n]} = p.${COLUMN[n]} + v.${COLUMN[n]}`).join(', ')}
             FROM unnest($1::text[], ${NAMES.map((_, i) => `$${i + 2}::int[]`).join(', ')}) AS v(code, ${NAMES.map((n) => COLUMN[n]).join(', ')})
            WHERE p.mfg_mpn_code = v.code
            RETURNING p.mfg_mpn_code AS code, ${NAMES.map((n) => `p.${COLUMN[n]} AS "${n}"`).join(', ')}`,
          [keys, ...NAMES.map((n) => keys.map((k) => fresh.get(k)![n]))],
        );
        for (const r of updated) out.set(r.code, countersOf(r));
      }
      const rest = codes.filter((c) => !out.has(c));
      if (rest.length > 0) {
        const read = await run.rows<Counters & { code: string }>(`SELECT mfg_mpn_code AS code, ${RETURNING} FROM products WHERE mfg_mpn_code = ANY($1::text[])`, [rest]);
        for (const r of read) out.set(r.code, countersOf(r));
      }
      return out;
    });
    return { values, counted: rows.map((r) => r.key) };
  }

  /** Once a day: marks older than yesterday are no longer needed. */
  private async purgeOldMarks(run: SqlRunner, today: number): Promise<void> {
    if (this.purgedBefore >= today - 1) return;
    await run.rows(`DELETE FROM tracking_marks WHERE day < $1`, [today - 1]);
    this.purgedBefore = today - 1;
  }
}

function countersOf(r: Counters): Counters {
  return Object.fromEntries(NAMES.map((n) => [n, Number(r[n])])) as Counters;
}

// One batcher per database, registered on globalThis: `npm start` flushes them on shutdown from
// outside the server bundle (which holds its own copy of this module).
const registryKey = Symbol.for('chipedia.markBatchers');
type Registry = { [registryKey]?: Map<Db, MarkBatcher> };
function registry(): Map<Db, MarkBatcher> {
  const holder = globalThis as Registry;
  return (holder[registryKey] ??= new Map());
}

/** The database's batcher, made on first use (with `logger` for its failures). */
export function markBatcherOf(db: Db, logger?: Logger): MarkBatcher {
  const all = registry();
  let batcher = all.get(db);
  if (!batcher) {
    batcher = new MarkBatcher(db, { logger });
    all.set(db, batcher);
  }
  return batcher;
}

/** Writes every queued mark and stops taking new ones (process shutdown, before the database closes). */
export async function closeMarkBatchers(): Promise<void> {
  const all = registry();
  await Promise.all([...all.values()].map((b) => b.close()));
  all.clear();
}
