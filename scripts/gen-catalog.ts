// `npm run gen:catalog -- --parts N [--seed S] [--out file.ndjson] [--mode fresh|upsert]`
// Generates N synthetic catalogue records (src/lib/catalog/generate/synthetic.ts: real makers'
// part-numbering schemes, labelled synthetic). With --out they are written as NDJSON (the
// operator import format, docs/data-format.md); without, they are bulk-loaded into the configured
// database (DATABASE_URL, else PGlite in DATA_DIR), after seeding the category tree. 'fresh'
// (default) streams with COPY and rebuilds indexes; 'upsert' merges into existing rows.
// Progress goes to stderr; a JSON summary to stdout.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { ConfigError } from '../src/lib/server/config.server.ts';
import { generateCatalog } from '../src/lib/catalog/generate/synthetic.ts';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = process.argv[i + 1];
  if (value === undefined || value.startsWith('--')) fail(`--${name} needs a value`);
  return value;
}

function fail(message: string): never {
  console.error(`gen:catalog: ${message}`);
  process.exit(1);
}

function count(name: string, fallback: number | undefined): number {
  const text = option(name);
  if (text === undefined) {
    if (fallback === undefined) fail(`--${name} is required (e.g. --${name} 100000)`);
    return fallback;
  }
  const n = Number(text.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a non-negative integer, got '${text}'`);
  return n;
}

const parts = count('parts', undefined);
const seed = count('seed', 1);
const out = option('out');
const mode = option('mode') ?? 'fresh';
if (mode !== 'fresh' && mode !== 'upsert') fail(`--mode must be fresh or upsert, got '${mode}'`);

const started = performance.now();
let lastReport = started;
function progress(done: number): void {
  const now = performance.now();
  if (now - lastReport < 2000 && done < parts) return;
  lastReport = now;
  const s = (now - started) / 1000;
  process.stderr.write(`gen:catalog: ${done}/${parts} parts, ${s.toFixed(1)} s, ${Math.round(done / s)} parts/s\n`);
}

function summary(extra: Record<string, unknown>, done: number, params: number): void {
  const seconds = (performance.now() - started) / 1000;
  const result = {
    parts: done,
    params,
    seconds: +seconds.toFixed(2),
    partsPerSecond: Math.round(done / Math.max(seconds, 1e-9)),
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    seed,
    ...extra,
  };
  console.log(JSON.stringify(result, null, 2));
}

if (out) {
  const stream = createWriteStream(out);
  let done = 0;
  let params = 0;
  let chunk = '';
  for (const record of generateCatalog({ parts, seed })) {
    chunk += `${JSON.stringify(record)}\n`;
    params += record.params.length;
    done++;
    if (chunk.length > 1 << 20) {
      if (!stream.write(chunk)) await once(stream, 'drain');
      chunk = '';
      progress(done);
    }
  }
  stream.end(chunk);
  await finished(stream);
  progress(done);
  summary({ out }, done, params);
} else {
  let database;
  try {
    const { getDatabase } = await import('../src/lib/server/db/runtime.server.ts');
    database = await getDatabase();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const { seedCategories } = await import('../src/lib/catalog/import/seed-categories.server.ts');
  const { loadCatalogRecords } = await import('../src/lib/catalog/import/bulk-load.server.ts');
  const controller = new AbortController();
  process.once('SIGINT', () => {
    process.stderr.write('gen:catalog: cancelling…\n');
    controller.abort();
  });
  try {
    await seedCategories(database);
    process.stderr.write(`gen:catalog: loading ${parts} synthetic parts into ${database.kind} (${mode})\n`);
    const result = await loadCatalogRecords(database, generateCatalog({ parts, seed }), {
      mode,
      onProgress: progress,
      signal: controller.signal,
      run: { kind: 'synthetic', source: `gen:catalog --parts ${parts} --seed ${seed}` },
    });
    summary(
      {
        database: database.kind,
        mode,
        skipped: result.skipped,
        duplicates: result.duplicates,
        unresolvedRefs: result.unresolvedRefs,
        ...(result.timings ? { phasesSeconds: result.timings } : {}),
      },
      result.imported,
      result.params,
    );
  } catch (error) {
    await database.close().catch(() => {});
    fail(error instanceof Error ? error.message : String(error));
  }
  await database.close();
}
