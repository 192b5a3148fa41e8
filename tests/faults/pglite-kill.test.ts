import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../../src/lib/server/db/client.server.ts';
import { startServer, type AppServer } from './helpers/app-server.ts';
import { freshDataDir } from './helpers/databases.ts';
import { smsLogin } from './helpers/sso-login.ts';
import { bomCsv, bomForm } from './helpers/uploads.ts';

// Issue #18 item 1c: the embedded database (PGlite, no DATABASE_URL) SIGKILLed with its server in
// the middle of writes (BOM lines added one after another, BOM uploads). The next start opens the
// same DATA_DIR and every write that was answered 200 is there, and so is the session.
// The demo catalogue is not what is tested and takes minutes to load into PGlite on a busy machine:
// the data directory is prepared as an installation that already has it (migrated, the demo runs
// recorded as done), so the server's first start skips it.

const PORT = 4703;
let dataDir: string;
let server: AppServer | undefined;

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Env<T> = { code: number; msg: string; result: T };

describe('PGlite killed mid-writes', () => {
  it('starts again on the same data directory with every acknowledged write', async () => {
    dataDir = freshDataDir('pglite');
    const prepared = await openDatabase({ kind: 'pglite', dataDir });
    await migrateDatabase(prepared);
    await prepared.exec("INSERT INTO import_runs (kind, source, finished_at) VALUES ('demo', 'fault test: not loaded', now()), ('demo-3d', 'fault test: not loaded', now())");
    await prepared.close();
    server = await startServer({ port: PORT, dataDir });
    const base = server.base;
    const token = await smsLogin(base, () => {});
    expect(token).toBeTruthy();
    const auth = { 'X-token': token!, 'Accept-Language': 'en' };
    const first = await fetch(`${base}/api/chiplet/bom/upload`, { method: 'POST', headers: auth, body: bomForm(bomCsv(5, 'pglite'), 'pglite') });
    expect(first.status).toBe(200);
    const bomId = ((await first.json()) as Env<{ bomId: string }>).result.bomId;

    // Writes until the kill: lines added one by one, uploads beside them.
    const acknowledged: string[] = [];
    const uploaded: string[] = [];
    let stop = false;
    const adds = (async () => {
      for (let i = 0; !stop; i++) {
        const mpn = `PGLITE-${i}`;
        const res = await fetch(`${base}/api/chiplet/bom/add`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ bomId, fields: { mpn, quantity: '1' } }) }).catch(() => null);
        if (res?.status === 200) acknowledged.push(mpn);
      }
    })();
    const uploads = (async () => {
      for (let i = 0; !stop; i++) {
        const res = await fetch(`${base}/api/chiplet/bom/upload`, { method: 'POST', headers: auth, body: bomForm(bomCsv(200, `up${i}`), `up${i}`) }).catch(() => null);
        if (res?.status === 200) uploaded.push(((await res.json()) as Env<{ bomId: string }>).result.bomId);
      }
    })();
    await sleep(2500);
    await server.kill('SIGKILL');
    stop = true;
    await Promise.all([adds, uploads]);
    expect(acknowledged.length, 'no write was acknowledged before the kill').toBeGreaterThan(0);

    const started = Date.now();
    server = await startServer({ port: PORT, dataDir });
    console.log(`faults: PGlite killed after ${acknowledged.length} line adds and ${uploaded.length} uploads acknowledged; restarted in ${Date.now() - started} ms`);
    const login = (await (await fetch(`${server.base}/api/chiplet/user/getLogin`, { headers: auth })).json()) as Env<{ login: boolean }>;
    expect(login.result.login).toBe(true);
    const page = (await (await fetch(`${server.base}/api/chiplet/bom/queryMatch?bomId=${bomId}&pageSize=5000`, { headers: auth })).json()) as Env<{ list: { source: { mpn?: string } }[] }>;
    const present = new Set(page.result.list.map((l) => l.source.mpn));
    expect(acknowledged.filter((m) => !present.has(m))).toEqual([]);
    for (const id of uploaded) {
      const res = await fetch(`${server.base}/api/chiplet/bom/headerMatch?bomId=${id}`, { headers: auth });
      expect(res.status, `upload ${id} lost`).toBe(200);
    }
  });
});
