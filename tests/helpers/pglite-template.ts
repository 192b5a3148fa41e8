import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrateDatabase, migrationsFolder, openDatabase } from '../../src/lib/server/db/client.server.ts';

// Starting PGlite runs initdb (2–3 s on this machine) and the migrations; a dumped, migrated data
// directory loads in well under a second. The dump is made once per migration set (Vitest's global
// set-up) and each test file's in-memory database starts from it.

const CACHE = join('node_modules', '.cache', 'chipedia');

/** The template's path for the current migrations (their contents decide the name). */
export function templatePath(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const path = join(migrationsFolder, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(path));
  }
  return join(CACHE, `pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Makes the template unless it exists. */
export async function ensureTemplate(): Promise<void> {
  const path = templatePath();
  if (existsSync(path)) return;
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
  await migrateDatabase(database);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  mkdirSync(CACHE, { recursive: true });
  // Written under a temporary name and renamed, so a reader never sees half a file.
  const partial = `${path}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
}

/** The template's bytes, or null when no global set-up made it (then the database starts fresh). */
export function readTemplate(): Blob | null {
  const path = templatePath();
  return existsSync(path) ? new Blob([readFileSync(path)]) : null;
}
