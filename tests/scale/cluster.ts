// Real processes for the scale-out tests (issue #18 item 5): a PostgreSQL 15 primary with WAL
// archiving and a replication slot, a streaming replica made by pg_basebackup, app nodes
// (`node scripts/start.ts --no-build`) and HAProxy in front. Everything lives in one temp
// directory and on this helper's own ports; the shared 5432 cluster is never touched.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const PRIMARY_PORT = 5452;
export const REPLICA_PORT = 5453;
// Apart from the end-to-end server's ports (4396–4400), since npm test may run the two side by side.
export const NODE_PORTS = [4600, 4601] as const;
export const PROXY_PORT = 4620;
export const DB_NAME = 'chipedia';
/** Every node gets the same secret, so the SSO's HMACs (tickets, codes) verify on either. */
export const SSO_SECRET = 'scale-test-secret-0123456789-abcdefghijklmnop';
/** /readyz's details and /metrics need the operator's token on the public port (issue #36 item 4). */
export const METRICS_TOKEN = 'scale-test-metrics-token-0123456789';

const pgUid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim());
const pgGid = Number(spawnSync('id', ['-g', 'postgres']).stdout.toString().trim());

/** A directory tree for one test file; the clusters in it belong to user postgres. */
export function scratch(prefix: string): string {
  const root = mkdtempSync(join(tmpdir(), `chipedia-scale-${prefix}-`));
  chownSync(root, pgUid, pgGid);
  return root;
}

/** Runs a PostgreSQL binary as user postgres; throws with its output when it fails. */
export function asPostgres(bin: string, args: string[], env: Record<string, string> = {}): string {
  const res = spawnSync('runuser', ['-u', 'postgres', '--', `${PG_BIN}/${bin}`, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 });
  if (res.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed (${res.status}): ${res.stderr || res.stdout}`);
  return res.stdout;
}

export type Cluster = { dir: string; port: number; log: string };

/** A fresh cluster (C locale, trust on loopback) with `settings` appended to postgresql.conf. */
export function initCluster(dir: string, port: number, settings: Record<string, string | number> = {}): Cluster {
  asPostgres('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-instructions']);
  configure(dir, { port, listen_addresses: "'127.0.0.1'", unix_socket_directories: `'${dir}'`, ...settings });
  return { dir, port, log: `${dir}.log` };
}

export function configure(dir: string, settings: Record<string, string | number>): void {
  const lines = Object.entries(settings).map(([k, v]) => `${k} = ${v}`);
  appendFileSync(`${dir}/postgresql.conf`, `\n# chipedia scale test\n${lines.join('\n')}\n`);
}

export function startCluster(c: Cluster): void {
  asPostgres('pg_ctl', ['-D', c.dir, '-l', c.log, '-w', '-t', '60', 'start']);
}

/** Stops a cluster (`immediate` is a crash as far as the server is concerned); a stopped one is left alone. */
export function stopCluster(c: Cluster, mode: 'fast' | 'immediate' = 'fast'): void {
  spawnSync('runuser', ['-u', 'postgres', '--', `${PG_BIN}/pg_ctl`, '-D', c.dir, '-m', mode, '-w', 'stop'], { encoding: 'utf8' });
}

export function url(port: number, db = DB_NAME, user = 'postgres'): string {
  return `postgres://${user}@127.0.0.1:${port}/${db}`;
}

export async function query<T = Record<string, unknown>>(connection: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: connection, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * The primary (WAL level replica, archiving every segment into `archive`, a replication role and
 * slot) and the application database; then a replica by `pg_basebackup -R` on the slot, streaming.
 */
export async function primaryAndReplica(root: string): Promise<{ primary: Cluster; replica: Cluster; archive: string }> {
  const archive = join(root, 'wal-archive');
  mkdirSync(archive);
  chownSync(archive, pgUid, pgGid);
  const primary = initCluster(join(root, 'primary'), PRIMARY_PORT, {
    wal_level: 'replica',
    max_wal_senders: 5,
    max_replication_slots: 5,
    archive_mode: 'on',
    // Never overwrite a segment already archived (the documented safe form of the command).
    archive_command: `'test ! -f ${archive}/%f && cp %p ${archive}/%f'`,
    shared_buffers: "'64MB'",
    // Test clusters only: a crash of the machine is not what these tests are about.
    fsync: 'off',
    full_page_writes: 'on',
  });
  startCluster(primary);
  const admin = url(PRIMARY_PORT, 'postgres');
  await query(admin, "CREATE ROLE replicator WITH REPLICATION LOGIN");
  await query(admin, "SELECT pg_create_physical_replication_slot('replica1')");
  await query(admin, `CREATE DATABASE ${DB_NAME}`);
  const replicaDir = join(root, 'replica');
  asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(PRIMARY_PORT), '-U', 'replicator', '-D', replicaDir, '-R', '-S', 'replica1', '-X', 'stream', '-c', 'fast']);
  // The copy carries the primary's settings; the replica listens on its own port and socket directory.
  configure(replicaDir, { port: REPLICA_PORT, unix_socket_directories: `'${replicaDir}'`, archive_mode: 'off', hot_standby: 'on' });
  const replica: Cluster = { dir: replicaDir, port: REPLICA_PORT, log: `${replicaDir}.log` };
  startCluster(replica);
  return { primary, replica, archive };
}

/** Waits until the replica has replayed everything the primary had written when called. */
export async function replicaCaughtUp(timeoutMs = 10_000): Promise<number> {
  const started = Date.now();
  const lsn = (await query<{ lsn: string }>(url(PRIMARY_PORT), 'SELECT pg_current_wal_insert_lsn()::text AS lsn'))[0]?.lsn;
  for (;;) {
    const [row] = await query<{ ok: boolean }>(url(REPLICA_PORT), 'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [lsn]);
    if (row?.ok) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error('replica did not catch up');
    await sleep(50);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type AppNode = { name: string; port: number; base: string; proc: ChildProcess; log: string };

const NODE = `${process.cwd()}/node_modules/.bin/node`;

/** The environment both nodes share (a deployment's common EnvironmentFile). */
export function nodeEnv(root: string, name: string, port: number, readUrl: string | null): Record<string, string> {
  const dataDir = join(root, `data-${name}`);
  mkdirSync(dataDir, { recursive: true });
  return {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: process.env['HOME'] ?? '/root',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_ENV: 'test',
    NODE_ID: name,
    DATABASE_URL: url(PRIMARY_PORT),
    ...(readUrl ? { DATABASE_READ_URL: readUrl } : {}),
    DATA_DIR: dataDir,
    SSO_SECRET,
    METRICS_TOKEN,
    SMS_PROVIDER: 'dev',
    WECHAT_PROVIDER: 'dev',
    DEMO_DESIGNS: 'off',
    CATALOG: 'kicad',
    LOG_LEVEL: 'info',
    RANKINGS_REFRESH_SECONDS: '86400',
  };
}

/** Starts `node scripts/start.ts --no-build` and waits until /readyz answers 200. */
export async function startNode(root: string, name: string, port: number, readUrl: string | null, timeoutMs = 180_000): Promise<AppNode> {
  const log = join(root, `node-${name}.log`);
  const out = createWriteStream(log, { flags: 'a' });
  const proc = spawn(NODE, ['scripts/start.ts', '--no-build'], { cwd: process.cwd(), env: nodeEnv(root, name, port, readUrl), stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout!.pipe(out);
  proc.stderr!.pipe(out);
  const node: AppNode = { name, port, base: `http://127.0.0.1:${port}`, proc, log };
  const started = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`node ${name} exited ${proc.exitCode}: ${readFileSync(log, 'utf8').slice(-2000)}`);
    try {
      const res = await fetch(`${node.base}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return node;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`node ${name} not ready in ${timeoutMs} ms: ${readFileSync(log, 'utf8').slice(-2000)}`);
    await sleep(250);
  }
}

export function stopNode(node: AppNode, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (node.proc.exitCode !== null || node.proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    node.proc.once('exit', () => resolve());
    node.proc.kill(signal);
  });
}

export type Proxy = { base: string; proc: ChildProcess; config: string; stats: string };

/**
 * HAProxy round-robin over the nodes: active health (GET /readyz every 500 ms; 2 failures take a
 * node out, 2 successes bring it back) and passive (a refused connection is retried on the other
 * node at once: retry-on + redispatch), so a killed node costs no failed request.
 */
export async function startProxy(root: string, nodes: readonly { port: number; name: string }[], port = PROXY_PORT): Promise<Proxy> {
  const config = join(root, 'haproxy.cfg');
  const stats = join(root, 'haproxy.sock');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 2000',
      `  stats socket ${stats} mode 600 level admin`,
      'defaults',
      '  mode http',
      '  timeout connect 1s',
      '  timeout client 30s',
      '  timeout server 30s',
      '  retries 3',
      '  option redispatch 1',
      '  retry-on conn-failure empty-response 503',
      '  option http-buffer-request',
      'frontend site',
      `  bind 127.0.0.1:${port}`,
      '  default_backend app',
      'backend app',
      '  balance roundrobin',
      '  option httpchk GET /readyz',
      '  http-check expect status 200',
      '  default-server inter 500ms fall 2 rise 2',
      ...nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.port} check`),
      '',
    ].join('\n'),
  );
  const check = spawnSync('haproxy', ['-c', '-f', config], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy config: ${check.stdout}${check.stderr}`);
  const proc = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) });
      return { base, proc, config, stats };
    } catch {
      await sleep(100);
    }
  }
  throw new Error('haproxy did not start');
}

/** HAProxy's view of a server: 'UP', 'DOWN', … (its stats socket's `show stat`, CSV column 18). */
export function proxyServerState(proxy: Proxy, server: string): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const socket = createConnection(proxy.stats, () => socket.end('show stat\n'));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => resolve('unknown'));
    socket.on('close', () => resolve(text.split('\n').find((l) => l.startsWith(`app,${server},`))?.split(',')[17] ?? 'unknown'));
  });
}

export function removeScratch(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

/** Frees our ports from a previous run that died before its cleanup (only clusters in our own scratch dirs). */
export function stopLeftoverClusters(): void {
  const res = spawnSync('bash', ['-c', `ls -d ${tmpdir()}/chipedia-scale-*/*/postmaster.pid 2>/dev/null`], { encoding: 'utf8' });
  for (const pid of res.stdout.split('\n').filter(Boolean)) {
    stopCluster({ dir: pid.replace(/\/postmaster\.pid$/, ''), port: 0, log: '' }, 'immediate');
  }
}
