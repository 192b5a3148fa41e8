import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { setFileStore } from '../../src/lib/files/file-store.server.ts';
import { LocalFileStore } from '../../src/lib/files/local-file-store.server.ts';
import { normalizeMpn } from '../../src/lib/catalog/mpn.ts';
import type { JobView } from '../../src/lib/jobs/jobs.ts';
import { jobRunnerOf } from '../../src/lib/jobs/runner.server.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { brands, categories, footprints, products, symbols } from '../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from './test-db.ts';
import { makeUser } from './test-user.ts';

// The BOM API tests' world: a database (PGlite, or TEST_DATABASE_URL's PostgreSQL), a local file
// store in a temp directory, a handful of catalogue parts (test rows, not real data), two users.

export type Env<T> = { code: number; msg: string; result: T };
export type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;

export type World = {
  database: TestDb;
  app: ReturnType<typeof createApp>;
  store: LocalFileStore;
  alice: { id: number; token: string };
  bob: { id: number; token: string };
  close: () => Promise<void>;
};

export async function createWorld(): Promise<World> {
  const database = await createTestDatabase();
  const dir = await mkdtemp(join(tmpdir(), 'chipedia-bom-files-'));
  const store = new LocalFileStore(dir);
  setFileStore(store);
  const app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
  const db = database.db;
  const make = (username: string) => makeUser(db, username);
  await db.insert(categories).values([
    { cateId: 9001, cateName: '运算放大器', cateNameEn: 'Op amps', level: 2, parentId: null },
    { cateId: 9002, cateName: '贴片电阻', cateNameEn: 'Chip resistors', level: 2, parentId: null },
  ]);
  const [ti] = await db.insert(brands).values({ key: 'ti', nameZh: '德州仪器', nameEn: 'Texas Instruments', country: 'US' }).returning();
  const [uniroyal] = await db.insert(brands).values({ key: 'uniroyal', nameZh: '厚声', nameEn: 'UNI-ROYAL', country: 'CN' }).returning();
  const [sym] = await db.insert(symbols).values({ library: 'Test', name: 'R', content: '(symbol "R")', source: 'test fixture', licence: 'CC0-1.0' }).returning();
  const [fp] = await db.insert(footprints).values({ library: 'Test', name: 'R_0603', content: '(footprint "R_0603")', source: 'test fixture', licence: 'CC0-1.0' }).returning();
  const part = (mpn: string, brandId: number, cateId: number, pkg: string, extra: Partial<typeof products.$inferInsert> = {}) => ({
    mfgMpnCode: `${mpn}-test`,
    mpn,
    mpnNormalized: normalizeMpn(mpn),
    brandId,
    cateId,
    package: pkg,
    descriptionZh: `测试件 ${mpn}`,
    descriptionEn: `Test part ${mpn}`,
    source: 'test fixture',
    licence: 'CC0-1.0',
    ...extra,
  });
  await db.insert(products).values([
    part('LM358DR', ti!.id, 9001, 'SOIC-8'),
    part('NE555P', ti!.id, 9001, 'DIP-8'),
    part('0603WAF1002T5E', uniroyal!.id, 9002, '0603', { symbolId: sym!.id, footprintId: fp!.id }),
    part('TLV9062IDR', ti!.id, 9001, 'SOIC-8'),
  ]);
  const alice = await make('bom-alice');
  const bob = await make('bom-bob');
  return {
    database,
    app,
    store,
    alice,
    bob,
    close: async () => {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `browser`: the bom_owner secret the calling browser holds (issue #36 item 3: an anonymous BOM
 * belongs to the browser that uploaded it). Unset: one browser for every call of a test file, as
 * a person clicking through the site; null: a browser without one; a string: another browser
 * (43 base64url characters, as `ownerSecret()` makes).
 */
export type Caller = { token?: string | null; locale?: 'zh' | 'en'; browser?: string | null };

/** The browser of every call that names none. */
export const DEFAULT_BROWSER = 'test-browser-owner-secret-0123456789abcdefg';

/** A new browser's owner secret. */
export const ownerSecret = (): string => randomBytes(32).toString('base64url');

function headersOf(caller: Caller, extra: Record<string, string> = {}): Record<string, string> {
  const browser = caller.browser === undefined ? DEFAULT_BROWSER : caller.browser;
  const cookies = [...(caller.locale ? [`locale=${caller.locale}`] : []), ...(browser ? [`bom_owner=${browser}`] : [])];
  return { ...(caller.token ? { 'x-token': caller.token } : {}), ...(cookies.length > 0 ? { cookie: cookies.join('; ') } : {}), ...extra };
}

export async function call<T>(world: World, method: string, path: string, caller: Caller = {}, body?: unknown): Promise<{ status: number; body: Env<T> }> {
  const res = await world.app.request(`/api${path}`, {
    method,
    headers: headersOf(caller, body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Env<T> };
}

export async function upload<T = unknown>(world: World, bytes: Uint8Array | string, fileName: string, caller: Caller = {}): Promise<{ status: number; body: Env<T> }> {
  const fd = new FormData();
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  fd.append('file', new Blob([data as Uint8Array<ArrayBuffer>]), fileName);
  const res = await world.app.request('/api/chiplet/bom/upload', { method: 'POST', headers: headersOf(caller), body: fd });
  return { status: res.status, body: (await res.json()) as Env<T> };
}

/** Waits for a job this process runs (the BOM routes submit on the database's runner). */
export async function settled(world: World, jobId: string): Promise<JobView> {
  const done = jobRunnerOf(world.database.db).settled(jobId);
  if (done) return done;
  for (let i = 0; i < 500; i++) {
    const res = await world.app.request(`/api/jobs/${jobId}`);
    const body = (await res.json()) as Env<JobView>;
    if (body.result && ['succeeded', 'failed', 'cancelled'].includes(body.result.state)) return body.result;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('job did not finish');
}

export { parseEvents, type SseEvent } from './sse-events.ts';

/** A KiCad-style CSV BOM (a test file written for these tests). */
export const KICAD_CSV = [
  '"Reference","Value","Footprint","Datasheet","Qty","MPN","Manufacturer"',
  '"U1","LM358","Package_SO:SOIC-8_3.9x4.9mm_P1.27mm","~","1","LM358DR","TI"',
  '"R1,R2","10k","Resistor_SMD:R_0603_1608Metric","~","2","0603WAF1002T5E","UNI-ROYAL"',
  '"U2","NE555","Package_DIP:DIP-8_W7.62mm","~","1","NE555P","TI"',
  '"U3","LM358","Package_SO:SOIC-8_3.9x4.9mm_P1.27mm","~","1","XYZ-NOSUCH-1","ACME"',
  '"J1","Conn","","~","1","=HYPERLINK(""http://evil.example"",""x"")",""',
  '"R9","DNP","Resistor_SMD:R_0603_1608Metric","~","1","0603WAF1002T5E","UNI-ROYAL"',
].join('\r\n');
