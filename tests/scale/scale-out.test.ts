// Two app nodes behind HAProxy on one PostgreSQL primary, catalogue reads on a streaming replica
// (issue #18 item 5). Every process is real: clusters from Debian's PostgreSQL 15, the nodes from
// `node scripts/start.ts --no-build` (a production build must exist), HAProxy from its package.
// Figures (import → other node's search, replica fallback, node kill) are printed as JSON lines.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asPostgres,
  configure,
  NODE_PORTS,
  REPLICA_PORT,
  PRIMARY_PORT,
  primaryAndReplica,
  proxyServerState,
  query,
  removeScratch,
  replicaCaughtUp,
  scratch,
  sleep,
  startCluster,
  startNode,
  startProxy,
  stopCluster,
  stopLeftoverClusters,
  stopNode,
  url,
  METRICS_TOKEN,
  type AppNode,
  type Cluster,
  type Proxy,
} from './cluster.ts';
import { inboxCode, loggedIn, loginOn, phone, powTicket, sendCode, smsLogin } from './sso-client.ts';

let root = '';
let primary: Cluster;
let replica: Cluster;
let a: AppNode;
let b: AppNode;
let proxy: Proxy;
/** The user logged in through node A at the start; the node-kill test checks it last. */
let userToken = '';

const report = (figures: Record<string, unknown>) => console.log(JSON.stringify({ scale: figures }));

beforeAll(async () => {
  if (!existsSync('dist/server/entry.mjs')) throw new Error('no production build: run `npm run build` first (the nodes start with --no-build)');
  stopLeftoverClusters();
  root = scratch('out');
  ({ primary, replica } = await primaryAndReplica(root));
  const readUrl = url(REPLICA_PORT);
  // One after the other: the first start migrates and seeds; the second finds it done.
  a = await startNode(root, 'a', NODE_PORTS[0], readUrl);
  b = await startNode(root, 'b', NODE_PORTS[1], readUrl);
  proxy = await startProxy(root, [a, b]);
}, 300_000);

afterAll(async () => {
  proxy?.proc.kill('SIGTERM');
  await Promise.all([a, b].filter(Boolean).map((n) => stopNode(n, 'SIGKILL')));
  if (replica) stopCluster(replica, 'immediate');
  if (primary) stopCluster(primary, 'immediate');
  if (root && !process.env['KEEP_SCALE_DIR']) removeScratch(root);
}, 60_000);

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function search(base: string, keyword: string): Promise<{ total: number; mpns: string[] }> {
  const res = await fetch(`${base}/api/chiplet/products/queryPage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keyword, pageNum: 1, pageSize: 10 }),
  });
  expect(res.status).toBe(200);
  const body = await json<{ code: number; result: { total: number; list: { mpn: string }[] } }>(res);
  return { total: body.result.total, mpns: body.result.list.map((p) => p.mpn) };
}

/** Connections the nodes hold on the replica's application database (the search and read pools). */
async function replicaClients(): Promise<number> {
  const [row] = await query<{ n: string }>(
    url(REPLICA_PORT, 'postgres'),
    "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = 'chipedia' AND backend_type = 'client backend'",
  );
  return Number(row?.n ?? 0);
}

async function readyz(base: string): Promise<{ ready: boolean; readReplica: { state: string; fallbacks: number }; searchIndex: { parts: number } }> {
  return json(await fetch(`${base}/readyz`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } }));
}

describe('two nodes, one primary, one replica', () => {
  it('a user logged in through node A is logged in on node B and through the proxy', async () => {
    userToken = await loginOn(a.base, phone());
    expect(await loggedIn(b.base, userToken)).toBe(true);
    // Round-robin: consecutive calls alternate between the nodes.
    for (let i = 0; i < 4; i++) expect(await loggedIn(proxy.base, userToken)).toBe(true);
    expect(await loggedIn(b.base, 'not-a-token')).toBe(false);
    // Each node's log lines name it (NODE_ID), so one request can be followed across them.
    expect(readFileSync(a.log, 'utf8')).toMatch(/"node":"a"/);
    expect(readFileSync(b.log, 'utf8')).toMatch(/"node":"b"/);
  });

  it('a captcha ticket issued by node A is accepted once by node B, and not again by either', async () => {
    const ticket = await powTicket(a.base);
    const first = await sendCode(b.base, phone(), ticket);
    expect(first.error_code, first.msg).toBe(0);
    const again = await sendCode(a.base, phone(), ticket);
    expect(again.error_code).toBe(40100);
    const againB = await sendCode(b.base, phone(), ticket);
    expect(againB.error_code).toBe(40100);
  });

  it('SSO limits hold across nodes: one SMS per phone a minute, a code used on A is spent on B', async () => {
    const p = phone();
    const sent = await sendCode(a.base, p, await powTicket(a.base));
    expect(sent.error_code, sent.msg).toBe(0);
    const second = await sendCode(b.base, p, await powTicket(b.base));
    expect(second.error_code).toBe(42900);
    const code = await inboxCode(a.base, p);
    const login = await smsLogin(b.base, p, code);
    expect(login.error_code, login.msg).toBe(0);
    const replay = await smsLogin(a.base, p, code);
    expect(replay.error_code).toBe(40101);
  });

  it('catalogue reads go to the replica', async () => {
    await search(b.base, 'NE555');
    await fetch(`${a.base}/productDetail/NE555D_ti`);
    expect(await replicaClients()).toBeGreaterThan(0);
    const [ready] = await Promise.all([readyz(a.base)]);
    expect(ready.readReplica.state).toBe('up');
  });

  it('a catalogue import run against the primary reaches node B’s search (delay measured)', async () => {
    // A real part (TI's INA228 power monitor) that the demo catalogue does not have.
    const mpn = 'INA228AIDGSR';
    expect((await search(b.base, mpn)).mpns).not.toContain(mpn);
    const file = join(root, 'ina228.ndjson');
    writeFileSync(
      file,
      `${JSON.stringify({
        mpn,
        brand: 'ti',
        cateId: 407,
        descriptionEn: '85-V, 20-bit, ultra-precise power/energy/charge monitor with I2C interface',
        descriptionZh: '85V 20位超高精度功率/电能/电荷监测器，I2C 接口',
        package: 'VSSOP-10',
        datasheetUrl: 'https://www.ti.com/lit/ds/symlink/ina228.pdf',
        lifecycle: 'active',
        source: 'Texas Instruments product page, 2026-11',
        licence: 'manufacturer data',
      })}\n`,
    );
    const run = spawnSync(`${process.cwd()}/node_modules/.bin/node`, ['scripts/import-catalog.ts', file], {
      cwd: process.cwd(),
      env: { ...process.env, DATABASE_URL: url(PRIMARY_PORT), DATABASE_READ_URL: '', DATA_DIR: join(root, 'data-import'), LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const committed = Date.now();
    const lag = await replicaCaughtUp();
    const parts = (await readyz(b.base)).searchIndex.parts;
    let seenAfter = -1;
    for (;;) {
      const waited = Date.now() - committed;
      if ((await search(b.base, mpn)).mpns.includes(mpn)) {
        seenAfter = waited;
        break;
      }
      if (waited > 90_000) break;
      await sleep(100);
    }
    report({ importToOtherNodeSearchMs: seenAfter, replicaCatchUpMs: lag, indexParts: parts });
    expect(seenAfter).toBeGreaterThanOrEqual(0);
    // Small catalogues (≤ 60k parts) re-check the index on every search; large ones every 5 s,
    // with at most one rebuild a minute (search-index.server.ts).
    expect(seenAfter).toBeLessThan(parts <= 60_000 ? 10_000 : 75_000);
    expect((await search(a.base, mpn)).mpns).toContain(mpn);
  });

  it('reads keep working while the replica is down, and return to it when it is back', async () => {
    stopCluster(replica, 'fast');
    const started = Date.now();
    let failures = 0;
    let requests = 0;
    // A category page too: its filter header's aggregates are ORM reads on the replica.
    const cate = (await query<{ c: number }>(url(PRIMARY_PORT), "SELECT cate_id AS c FROM products WHERE mfg_mpn_code = 'NE555D_ti'"))[0]!.c;
    while (Date.now() - started < 3000) {
      for (const path of ['/productDetail/NE555D_ti', '/search?name=LM358', `/filterPage/${cate}`]) {
        const res = await fetch(`${proxy.base}${path}`);
        requests++;
        if (res.status !== 200) failures++;
      }
      const s = await search(proxy.base, 'INA228');
      requests++;
      if (!s.mpns.includes('INA228AIDGSR')) failures++;
    }
    const down = await readyz(a.base);
    expect(down.ready).toBe(true);
    expect(down.readReplica.state).toBe('resting');
    expect(down.readReplica.fallbacks).toBeGreaterThan(0);
    expect(failures).toBe(0);

    startCluster(replica);
    const back = Date.now();
    await replicaCaughtUp(30_000);
    // After its rest (5 s) a node tries the replica again on the next read.
    let returned = -1;
    while (Date.now() - back < 20_000) {
      await Promise.all([search(a.base, 'LM358'), search(b.base, 'LM358')]);
      if ((await replicaClients()) > 0 && (await readyz(a.base)).readReplica.state === 'up') {
        returned = Date.now() - back;
        break;
      }
      await sleep(250);
    }
    report({ replicaDown: { requests, failures, fallbacks: down.readReplica.fallbacks }, replicaBackInUseMs: returned });
    expect(returned).toBeGreaterThanOrEqual(0);
  });

  it('the KiCad download limit (60 a minute per client) holds across nodes', async () => {
    const download = async (base: string) => {
      const res = await fetch(`${base}/api/chiplet/products/downloadZip?mfgMpnCode=NE555D_ti`);
      await res.arrayBuffer();
      return res.status;
    };
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push(await download(i % 2 === 0 ? a.base : b.base));
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    // Thirty on each node: per-node counting would let both of these through.
    expect([await download(a.base), await download(b.base)]).toEqual([429, 429]);
  });

  it('SIGKILL of node A: the proxy routes around it within 5 s and the user stays logged in', async () => {
    expect(await proxyServerState(proxy, 'a')).toMatch(/^UP/);
    let errors = 0;
    let requests = 0;
    let loggedOut = 0;
    let markedDown = -1;
    const killedAt = Date.now();
    a.proc.kill('SIGKILL');
    while (Date.now() - killedAt < 6000) {
      const [detail, login] = await Promise.all([
        fetch(`${proxy.base}/productDetail/NE555D_ti`).then((r) => r.status, () => 0),
        loggedIn(proxy.base, userToken).catch(() => null),
      ]);
      requests += 2;
      if (detail !== 200) errors++;
      if (login === null) errors++;
      else if (!login) loggedOut++;
      if (markedDown < 0 && (await proxyServerState(proxy, 'a')).startsWith('DOWN')) markedDown = Date.now() - killedAt;
      await sleep(50);
    }
    report({ nodeKill: { requests, errors, loggedOut, proxyMarkedDownMs: markedDown } });
    expect(errors).toBe(0);
    expect(loggedOut).toBe(0);
    expect(markedDown).toBeGreaterThanOrEqual(0);
    expect(markedDown).toBeLessThanOrEqual(5000);
    expect(await loggedIn(b.base, userToken)).toBe(true);
  });
});

/** Row count and a digest of every row of each table, to compare a restored copy with the original. */
async function digest(connection: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of ['products', 'product_params', 'brands', 'categories', 'users', 'sessions']) {
    const [row] = await query<{ n: string; d: string | null }>(connection, `SELECT count(*)::text AS n, md5(string_agg(md5(t::text), '' ORDER BY t::text)) AS d FROM ${table} t`);
    out[table] = `${row?.n}:${row?.d ?? ''}`;
  }
  return out;
}

describe('backups (restore tested once here)', () => {
  it('pg_dump of the primary restores into a fresh database with the same rows', async () => {
    const dump = join(root, 'chipedia.dump');
    asPostgres('pg_dump', ['-h', '127.0.0.1', '-p', String(PRIMARY_PORT), '-U', 'postgres', '-Fc', '-f', dump, 'chipedia']);
    await query(url(PRIMARY_PORT, 'postgres'), 'CREATE DATABASE chipedia_restored');
    asPostgres('pg_restore', ['-h', '127.0.0.1', '-p', String(PRIMARY_PORT), '-U', 'postgres', '-d', 'chipedia_restored', '--no-owner', dump]);
    const [original, restored] = await Promise.all([digest(url(PRIMARY_PORT)), digest(url(PRIMARY_PORT, 'chipedia_restored'))]);
    expect(Number(original['products']!.split(':')[0])).toBeGreaterThan(0);
    expect(Number(original['users']!.split(':')[0])).toBeGreaterThan(0);
    expect(restored).toEqual(original);
  });

  it('base backup + archived WAL: point-in-time recovery to just before a mistake', async () => {
    stopCluster(replica, 'fast'); // frees its port for the restored cluster
    const base = join(root, 'base');
    // -X none: the backup is consistent only with the WAL archive, which is what this proves.
    asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(PRIMARY_PORT), '-U', 'replicator', '-D', base, '-X', 'none', '-c', 'fast']);
    const primaryUrl = url(PRIMARY_PORT);
    // Written after the base backup: only the archived WAL carries it.
    await query(primaryUrl, "UPDATE products SET keywords = coalesce(keywords, '') || ' pitr-probe' WHERE mpn = 'INA228AIDGSR'");
    const before = await digest(primaryUrl);
    const started = Date.now();
    await query(primaryUrl, "SELECT pg_create_restore_point('before_mistake')");
    await query(primaryUrl, 'DELETE FROM product_params');
    const wal = (await query<{ wal: string }>(primaryUrl, 'SELECT pg_walfile_name(pg_current_wal_lsn()) AS wal'))[0]!.wal;
    await query(primaryUrl, 'SELECT pg_switch_wal()');
    for (;;) {
      const [row] = await query<{ last: string | null }>(primaryUrl, 'SELECT last_archived_wal AS last FROM pg_stat_archiver');
      if (row?.last && row.last >= wal) break;
      if (Date.now() - started > 30_000) throw new Error('WAL not archived');
      await sleep(100);
    }
    const restoredDir = join(root, 'restored');
    spawnSync('cp', ['-a', base, restoredDir]);
    configure(restoredDir, {
      port: REPLICA_PORT,
      unix_socket_directories: `'${restoredDir}'`,
      archive_mode: 'off',
      restore_command: `'cp ${join(root, 'wal-archive')}/%f %p'`,
      recovery_target_name: "'before_mistake'",
      recovery_target_action: "'promote'",
    });
    writeFileSync(join(restoredDir, 'recovery.signal'), '');
    spawnSync('chown', ['postgres:postgres', join(restoredDir, 'recovery.signal')]);
    const restored: Cluster = { dir: restoredDir, port: REPLICA_PORT, log: `${restoredDir}.log` };
    startCluster(restored);
    try {
      const restoredUrl = url(REPLICA_PORT);
      for (;;) {
        const [row] = await query<{ r: boolean }>(restoredUrl, 'SELECT pg_is_in_recovery() AS r');
        if (row && !row.r) break;
        if (Date.now() - started > 60_000) throw new Error('recovery did not finish');
        await sleep(200);
      }
      const after = await digest(restoredUrl);
      report({ pitrRestoreMs: Date.now() - started });
      expect(after).toEqual(before);
      const [probe] = await query<{ k: string }>(restoredUrl, "SELECT keywords AS k FROM products WHERE mpn = 'INA228AIDGSR'");
      expect(probe?.k).toContain('pitr-probe');
      const left = await query<{ n: string }>(primaryUrl, 'SELECT count(*)::text AS n FROM product_params');
      expect(left[0]?.n).toBe('0'); // the mistake happened on the primary, and the restore is from before it
    } finally {
      stopCluster(restored, 'immediate');
    }
  });
});
