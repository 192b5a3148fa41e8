import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type AppServer } from './helpers/app-server.ts';
import { freshDataDir, freshDatabase } from './helpers/databases.ts';
import { sql, startCluster, stopCluster, type PgCluster } from './helpers/pg-cluster.ts';
import { smsLogin } from './helpers/sso-login.ts';

// Issue #18 item 1a: PostgreSQL stopped (`pg_ctl stop -m fast`) and started again under mixed
// traffic (search API and page, detail pages, SSO logins, BOM edits). While it is down every answer
// is 200 (served from memory) or 503 with Retry-After, in the API's envelope or as an error page;
// the process never exits; every kind of request succeeds again within 10 s of the database's
// return; each BOM edit is all there or not at all.

const PORT = 4701;
const DOWN_MS = 4000;
const RECOVERY_BUDGET_MS = 10_000;

type Answer = { kind: string; at: number; status: number; retryAfter: string | null; type: string; body: string };

let server: AppServer;
let url: string;
let dataDir: string;
const cluster = (): PgCluster => ({ dir: inject('pgDir'), port: inject('pgPort'), url: (d) => `postgres://postgres@127.0.0.1:${inject('pgPort')}/${d}` });

beforeAll(async () => {
  url = await freshDatabase('restart');
  dataDir = freshDataDir('restart');
  server = await startServer({ port: PORT, dataDir, databaseUrl: url });
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PostgreSQL restarted under mixed traffic', () => {
  it('answers 200 or 503 + Retry-After while it is down, recovers within 10 s, and leaves no half-written edit', async () => {
    const base = server.base;
    const answers: Answer[] = [];
    const record = async (kind: string, res: Response) => {
      const body = await res.text().catch(() => '');
      answers.push({ kind, at: Date.now(), status: res.status, retryAfter: res.headers.get('retry-after'), type: res.headers.get('content-type') ?? '', body: body.slice(0, 300) });
      return body;
    };
    const get = async (kind: string, path: string, init?: RequestInit) => {
      try {
        const res = await fetch(base + path, { ...init, signal: AbortSignal.timeout(15_000) });
        const body = await record(kind, res);
        return { status: res.status, body };
      } catch (error) {
        answers.push({ kind, at: Date.now(), status: 0, retryAfter: null, type: '', body: String(error) });
        return { status: 0, body: '' };
      }
    };

    // The world before the fault: parts to look at, a logged-in user and a BOM of theirs.
    const parts = await sql<{ code: string; mpn: string }>(url, 'SELECT mfg_mpn_code AS code, mpn FROM products ORDER BY id LIMIT 20');
    expect(parts.length).toBeGreaterThan(5);
    const token = await smsLogin(base, (step, res) => void record(step, res));
    expect(token, JSON.stringify(answers.slice(-3))).toBeTruthy();
    const auth = { 'X-token': token!, 'Accept-Language': 'en' };
    const csv = 'Designator,Quantity,MPN\nR1,1,LM358DR\nR2,2,NE555P\n';
    const form = new FormData();
    form.append('file', new File([csv], 'restart.csv', { type: 'text/csv' }));
    const upload = await get('bom:upload', '/api/chiplet/bom/upload', { method: 'POST', headers: auth, body: form });
    expect(upload.status, upload.body).toBe(200);
    const bomId = (JSON.parse(upload.body) as { result: { bomId: string } }).result.bomId;
    const [before] = await sql<{ version: number; lines: number }>(url, 'SELECT version, (SELECT count(*)::int FROM bom_lines WHERE bom_id = $1) AS lines FROM boms WHERE id = $1', [bomId]);

    // One of each kind of request; `round` answers whether every one of them succeeded.
    let added = 0;
    const addedOk: string[] = [];
    const kinds: Record<string, () => Promise<boolean>> = {
      searchApi: async () =>
        (await get('api:search', '/api/chiplet/products/queryPage', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ keyword: parts[added % parts.length]!.mpn, pageNum: 1, pageSize: 10 }) })).status === 200,
      searchPage: async () => (await get('page:search', `/search?name=${encodeURIComponent(parts[(added + 3) % parts.length]!.mpn)}`)).status === 200,
      detailPage: async () => (await get('page:detail', `/productDetail/${encodeURIComponent(parts[(added + 7) % parts.length]!.code)}`)).status === 200,
      login: async () => (await smsLogin(base, (step, res) => void record(step, res))) !== null,
      bomEdit: async () => {
        const mpn = `FAULT-${++added}`;
        const res = await get('api:bom-add', '/api/chiplet/bom/add', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ bomId, fields: { mpn, quantity: '1' } }) });
        if (res.status === 200) addedOk.push(mpn);
        return res.status === 200;
      },
    };
    const round = async () => (await Promise.all(Object.values(kinds).map((k) => k()))).every(Boolean);
    expect(await round(), JSON.stringify(answers.filter((a) => a.status !== 200).slice(-5))).toBe(true);

    // Traffic in four loops while the database goes away and comes back.
    let stopTraffic = false;
    const loops = Object.values(kinds).map(async (k) => {
      while (!stopTraffic) {
        await k();
        await sleep(50);
      }
    });
    await sleep(1500);
    const downAt = Date.now();
    stopCluster(cluster(), 'fast');
    let backAt: number;
    try {
      await sleep(DOWN_MS);
    } finally {
      // Whatever happened meanwhile, the cluster comes back: the other test files use it.
      startCluster(cluster());
      backAt = Date.now();
      stopTraffic = true;
      await Promise.all(loops);
    }
    expect(server.hasExited(), `the server exited while PostgreSQL was down:\n${server.output().slice(-3000)}`).toBe(false);

    // Recovery: the first moment a full round of every kind succeeds.
    let recoveredAt = 0;
    while (Date.now() - backAt < RECOVERY_BUDGET_MS + 20_000) {
      if (await round()) {
        recoveredAt = Date.now();
        break;
      }
      await sleep(200);
    }
    const recoveryMs = recoveredAt ? recoveredAt - backAt : Infinity;
    const during = answers.filter((a) => a.at >= downAt && a.at <= backAt);
    const refused = answers.filter((a) => a.status === 503);
    console.log(
      `faults: PostgreSQL down ${DOWN_MS} ms; ${answers.length} answers (${during.length} while down: ${during.filter((a) => a.status === 200).length} × 200, ${during.filter((a) => a.status === 503).length} × 503); recovered ${recoveryMs} ms after it was back`,
    );

    // Every answer: 200, or 503 with Retry-After (API/SSO: JSON envelope; pages: an HTML error page).
    const wrong = answers.filter((a) => a.status !== 200 && a.status !== 503);
    const tally = (list: Answer[]) => [...new Set(list.map((a) => `${a.kind} ${a.status}`))].map((k) => `${list.filter((a) => `${a.kind} ${a.status}` === k).length} × ${k}`);
    expect(tally(wrong), `first: ${wrong[0]?.body ?? ''}`).toEqual([]);
    for (const a of refused) {
      expect(a.retryAfter, `${a.kind} 503 without Retry-After: ${a.body}`).toMatch(/^\d+$/);
      if (a.kind.startsWith('page:')) expect(a.type, a.kind).toMatch(/^text\/html/);
      else if (a.kind.startsWith('api:')) expect(JSON.parse(a.body)).toMatchObject({ code: 50300, result: null, msg: expect.any(String) });
      else expect(JSON.parse(a.body)).toMatchObject({ error_code: 50300 });
    }
    expect(during.some((a) => a.status === 503), 'the outage was not seen by any request').toBe(true);
    expect(server.hasExited(), server.output().slice(-3000)).toBe(false);
    expect(recoveryMs).toBeLessThanOrEqual(RECOVERY_BUDGET_MS);

    // No half-written edit: every add is one line plus one BOM version, together or not at all;
    // every add that was answered 200 is there.
    const [after] = await sql<{ version: number; lines: number }>(url, 'SELECT version, (SELECT count(*)::int FROM bom_lines WHERE bom_id = $1) AS lines FROM boms WHERE id = $1', [bomId]);
    expect(after!.lines - before!.lines).toBe(after!.version - before!.version);
    const stored = await sql<{ mpn: string }>(url, "SELECT source->'fields'->>'mpn' AS mpn FROM bom_lines WHERE bom_id = $1", [bomId]);
    const storedMpns = new Set(stored.map((r) => r.mpn));
    expect(addedOk.filter((m) => !storedMpns.has(m))).toEqual([]);
    expect(server.pid).toBe(server.child.pid);
  });
});
