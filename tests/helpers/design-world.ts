import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createBrotliDecompress } from 'node:zlib';
import pino from 'pino';
import { CatalogRecordSchema, type CatalogRecord } from '../../src/lib/catalog/import/catalog-record.ts';
import { loadCatalogRecords } from '../../src/lib/catalog/import/bulk-load.server.ts';
import { seedCategories } from '../../src/lib/catalog/import/seed-categories.server.ts';
import { DEMO_FILE } from '../../src/lib/catalog/demo/demo-catalog.server.ts';
import { createApp } from '../../src/lib/server/app.ts';
import type { World } from './bom-world.ts';

// The designs API tests' helpers: multipart uploads to /api/design/user, the KiCad files of a
// fixture project, catalogue parts taken from the committed demo catalogue (real records, only
// the ones a test needs, so the test does not load all 15,000), and an app with its own clock.

export const FIXTURES = join(import.meta.dirname, '../fixtures/kicad/projects');
export const KICAD_DEMOS = '/usr/share/kicad/demos';
export const haveDemoCatalogue = existsSync(DEMO_FILE);

export type Part = { name: string; bytes: Uint8Array | string };
export type Env<T> = { code: number; msg: string; result: T };

export function projectParts(dir: string): Part[] {
  return readdirSync(dir)
    .filter((n) => /\.kicad_(pro|sch|pcb)$/.test(n))
    .sort()
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(dir, name))) }));
}

export async function createDesign<T>(
  app: { request: World['app']['request'] },
  parts: Part[],
  opts: { token?: string | null; locale?: 'zh' | 'en'; fields?: Record<string, string> } = {},
): Promise<{ status: number; body: Env<T> }> {
  const fd = new FormData();
  for (const p of parts) fd.append('file', new Blob([(typeof p.bytes === 'string' ? new TextEncoder().encode(p.bytes) : p.bytes) as Uint8Array<ArrayBuffer>]), p.name);
  for (const [k, v] of Object.entries(opts.fields ?? {})) fd.append(k, v);
  const headers: Record<string, string> = { ...(opts.token ? { 'x-token': opts.token } : {}), cookie: `locale=${opts.locale ?? 'en'}` };
  const res = await app.request('/api/design/user', { method: 'POST', headers, body: fd });
  return { status: res.status, body: (await res.json()) as Env<T> };
}

/** The demo catalogue's records whose part number is one of `mpns` (upper-cased), loaded with the category tree. */
export async function loadDemoParts(database: World['database'], mpns: readonly string[]): Promise<CatalogRecord[]> {
  const wanted = new Set(mpns.map((m) => m.toUpperCase()));
  const found: CatalogRecord[] = [];
  const rl = createInterface({ input: createReadStream(DEMO_FILE).pipe(createBrotliDecompress()), crlfDelay: Infinity });
  for await (const text of rl) {
    if (!text.startsWith('{"t":"product"')) continue;
    const { t: _t, ...row } = JSON.parse(text) as { t: string };
    const parsed = CatalogRecordSchema.safeParse(row);
    if (parsed.success && wanted.has(parsed.data.mpn.toUpperCase())) found.push(parsed.data);
  }
  await seedCategories(database);
  await loadCatalogRecords(database, found, { mode: 'upsert' });
  return found;
}

/** An app on the world's database whose clock the test sets (seconds since the epoch). */
export function appWithClock(world: World, clock: { now: number }) {
  return createApp({ db: world.database.db, logger: pino({ level: 'silent' }), now: () => clock.now });
}
