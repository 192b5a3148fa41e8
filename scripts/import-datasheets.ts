// npm run datasheets:import -- <file.pdf…> [--part MPN] [--source "where they come from"]
// Imports catalogue datasheets (owner null: public, attached to the parts named on their first
// pages, and to --part). The PDF is read in the jobs' worker pool like an upload; a file already
// imported (same bytes) is skipped, so re-running is safe. One JSON line per file.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { and, eq, isNull, or } from 'drizzle-orm';
import { ingestDatasheet } from '../src/lib/ai/datasheets/datasheets.server.ts';
import { normalizeMpn } from '../src/lib/catalog/mpn.ts';
import { getFileStore } from '../src/lib/files/file-store.server.ts';
import { sharedWorkerPool } from '../src/lib/jobs/worker-pool.server.ts';
import { getDatabase } from '../src/lib/server/db/runtime.server.ts';
import { datasheets, products } from '../src/lib/server/db/schema/index.ts';
import { AppError } from '../src/lib/server/errors.ts';

const USAGE = 'usage: npm run datasheets:import -- <file.pdf…> [--part MPN] [--source "repository @ commit, licence"]';
const files: string[] = [];
let part: string | undefined;
let source: string | undefined;
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === '--part') part = args[++i];
  else if (a === '--source') source = args[++i];
  else if (a.startsWith('--')) {
    console.error(`datasheets:import: unknown option ${a}\n${USAGE}`);
    process.exit(2);
  } else files.push(a);
}
if (files.length === 0 || (args.includes('--part') && !part) || (args.includes('--source') && !source)) {
  console.error(USAGE);
  process.exit(2);
}
const missing = files.filter((f) => !existsSync(f));
if (missing.length) {
  console.error(`datasheets:import: no such file ${missing.join(', ')}`);
  process.exit(2);
}

const database = await getDatabase();
const db = database.db;
let failed = 0;
try {
  let mfgMpnCode: string | undefined;
  if (part) {
    // --part takes a catalogue code (mfgMpnCode) or a part number.
    const [p] = await db
      .select({ code: products.mfgMpnCode })
      .from(products)
      .where(or(eq(products.mfgMpnCode, part), eq(products.mpnNormalized, normalizeMpn(part))))
      .limit(1);
    if (!p) {
      console.error(`datasheets:import: the catalogue has no part ${part}`);
      process.exit(2);
    }
    mfgMpnCode = p.code;
  }
  for (const file of files) {
    const bytes = new Uint8Array(readFileSync(file));
    const key = createHash('sha256').update(bytes).digest('hex');
    const [known] = await db
      .select({ id: datasheets.id })
      .from(datasheets)
      .where(and(eq(datasheets.fileKey, key), isNull(datasheets.ownerId)));
    if (known) {
      console.log(JSON.stringify({ file, id: known.id, skipped: 'already imported' }));
      continue;
    }
    try {
      const r = await ingestDatasheet(db, getFileStore(), sharedWorkerPool(), {
        bytes,
        name: basename(file),
        ownerId: null,
        mfgMpnCode,
        source: source ?? `operator import: ${basename(file)}`,
        locale: 'en',
      });
      if (r.status !== 'ok') failed++;
      console.log(JSON.stringify({ file, ...r }));
    } catch (error) {
      failed++;
      console.log(JSON.stringify({ file, error: error instanceof AppError ? error.message : String(error) }));
    }
  }
} finally {
  await sharedWorkerPool().close();
  await database.close();
}
process.exit(failed ? 1 : 0);
