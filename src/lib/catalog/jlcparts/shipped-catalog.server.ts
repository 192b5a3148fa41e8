// The catalogue that ships in the repository (catalog/jlcparts-2026-05-21) loaded on a fresh
// install, in the background after the server listens (issue #29 item 8): the first page never
// waits for it, the start log prints progress at least every 10 s, pages show a notice while it
// runs, and a restart does not import again (the finished run is recorded in import_runs).
//
// The status lives on globalThis: `npm start` runs the load, the built server bundle (another
// module instance) renders the notice.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Database } from '../../server/db/client.server.ts';
import { importJlcparts, jlcImportFinished, type JlcImportSummary, type JlcProgress } from './import-jlcparts.server.ts';
import { readManifest } from './jlc-read.ts';

export const SHIPPED_JLC_DIR = resolve(process.cwd(), 'catalog/jlcparts-2026-05-21');

export type CatalogLoadStatus = {
  state: 'idle' | 'loading' | 'done' | 'failed';
  /** The import's phases, then 'search': the parts are in and the search index is being rebuilt. */
  phase: JlcProgress['phase'] | 'search' | null;
  done: number;
  total: number;
};

const KEY = Symbol.for('chipedia.catalogLoad');
type Holder = { [KEY]?: CatalogLoadStatus };

export function catalogLoadStatus(): CatalogLoadStatus {
  return (globalThis as Holder)[KEY] ?? { state: 'idle', phase: null, done: 0, total: 0 };
}

function setStatus(s: CatalogLoadStatus): void {
  (globalThis as Holder)[KEY] = s;
}

/**
 * `npm start` loads the demo catalogue first (the JLC import merges into its KiCad parts, ADR 0022):
 * while it does, pages already say the shipped catalogue is on its way (0 / its total). Nothing
 * when the snapshot is missing or was loaded before.
 */
export async function announceShippedCatalog(database: Database, dir = SHIPPED_JLC_DIR): Promise<void> {
  if (!existsSync(resolve(dir, 'manifest.json'))) return;
  try {
    if (await jlcImportFinished(database, dir)) return;
    setStatus({ state: 'loading', phase: 'parts', done: 0, total: readManifest(dir).totalComponents });
  } catch {
    // The load itself reports an unreadable state or manifest.
  }
}

export type ShippedLoadLog = { info: (line: string) => void; error: (line: string, error: unknown) => void };

/**
 * Loads the shipped snapshot once. Resolves when done (or at once when it was done before, or
 * `CATALOG=kicad`); never rejects: a failure is logged and the next start resumes.
 */
export async function loadShippedCatalog(database: Database, log: ShippedLoadLog, dir = SHIPPED_JLC_DIR, afterLoad?: (s: JlcImportSummary) => Promise<void>): Promise<JlcImportSummary | null> {
  if (!existsSync(resolve(dir, 'manifest.json'))) {
    log.info(`chipedia: no shipped catalogue at ${dir}; only the KiCad parts are loaded`);
    return null;
  }
  try {
    if (await jlcImportFinished(database, dir)) return null;
  } catch (error) {
    log.error('chipedia: could not read the catalogue import state', error);
    return null;
  }
  const status: CatalogLoadStatus = { state: 'loading', phase: 'parts', done: 0, total: 0 };
  setStatus(status);
  let last = 0;
  const started = performance.now();
  const report = (force = false) => {
    const now = performance.now();
    if (!force && now - last < 10_000) return;
    last = now;
    const what =
      status.phase === 'indexes' ? 'parts in, building indexes' : status.phase === 'offers' ? 'parts in, writing offers and LCSC codes' : status.phase === 'search' ? 'parts in, rebuilding the search index' : 'parts';
    log.info(`chipedia: loading the JLCPCB/LCSC catalogue: ${status.done.toLocaleString('en-US')} / ${status.total.toLocaleString('en-US')} (${what}, ${Math.round((now - started) / 1000)} s)`);
  };
  // A timer, so a long index build still prints a line every 10 s.
  const timer = setInterval(() => report(true), 10_000);
  timer.unref();
  try {
    let problems = 0;
    const summary = await importJlcparts(database, dir, {
      onProgress: (p) => {
        status.phase = p.phase;
        // Parts count up once; the later phases (indexes, offers) are named, not counted again.
        status.done = p.phase === 'parts' ? p.done : p.total;
        status.total = p.total;
        report();
      },
      onProblem: (p) => {
        if (problems++ < 20) log.info(`chipedia: catalogue row skipped: ${p.where}: ${p.reason}`);
      },
    });
    status.done = summary.rows;
    log.info(
      `chipedia: JLCPCB/LCSC catalogue loaded: ${summary.imported} parts, ${summary.merged} merged with KiCad parts, ${summary.offers} dated offers, ${summary.skipped} rows skipped, in ${summary.seconds} s`,
    );
    // The notice stays until the parts are searchable (the search index rebuilt on them).
    status.phase = 'search';
    await afterLoad?.(summary);
    status.state = 'done';
    return summary;
  } catch (error) {
    status.state = 'failed';
    log.error('chipedia: loading the JLCPCB/LCSC catalogue failed (the next start resumes it)', error);
    return null;
  } finally {
    clearInterval(timer);
  }
}
