import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';

// A throwaway PostgreSQL cluster for the fault tests: Debian's binaries, run as user postgres, in
// its own directory and port, so stopping and starting it disturbs no other database on the
// machine (the shared cluster on 5432 is never touched).

const BIN = process.env.FAULTS_PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const FAULTS_PG_PORT = Number(process.env.FAULTS_PG_PORT ?? 5442);

export type PgCluster = { dir: string; port: number; url: (database: string) => string };

function asPostgres(args: string[]): string {
  // Root (CI) runs the server as postgres (it refuses to run as root); another user runs it as itself.
  const command = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...args] : args;
  const result = spawnSync(command[0]!, command.slice(1), { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** Creates and starts a cluster in a fresh directory under `parent` (trust auth on 127.0.0.1 only). */
export function createCluster(parent = resolve('data')): PgCluster {
  if (!existsSync(join(BIN, 'initdb'))) throw new Error(`PostgreSQL binaries not found in ${BIN} (set FAULTS_PG_BIN)`);
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'faults-pg-'));
  if (process.getuid?.() === 0) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
  const data = join(dir, 'data');
  asPostgres([join(BIN, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  // Small and fast: the tests care about restarts, not throughput. fsync stays on: "nothing
  // committed is lost" is only meaningful with it.
  const conf = [
    `port = ${FAULTS_PG_PORT}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    'max_connections = 60',
    'shared_buffers = 64MB',
  ].join('\n');
  asPostgres(['sh', '-c', `cat >> '${join(data, 'postgresql.conf')}' <<'CONF'\n${conf}\nCONF`]);
  const cluster = { dir, port: FAULTS_PG_PORT, url: (database: string) => `postgres://postgres@127.0.0.1:${FAULTS_PG_PORT}/${database}` };
  startCluster(cluster);
  return cluster;
}

export function startCluster(cluster: PgCluster): void {
  asPostgres([join(BIN, 'pg_ctl'), '-D', join(cluster.dir, 'data'), '-l', join(cluster.dir, 'server.log'), '-w', '-t', '30', 'start']);
}

/** `pg_ctl stop -m fast`: sessions are terminated, the server shuts down cleanly. */
export function stopCluster(cluster: PgCluster, mode: 'fast' | 'immediate' = 'fast'): void {
  asPostgres([join(BIN, 'pg_ctl'), '-D', join(cluster.dir, 'data'), '-m', mode, '-w', '-t', '30', 'stop']);
}

export function destroyCluster(cluster: PgCluster): void {
  try {
    stopCluster(cluster, 'immediate');
  } catch {
    // Already stopped.
  }
  rmSync(cluster.dir, { recursive: true, force: true });
}

/** Runs SQL on one database of the cluster with a short-lived client. */
export async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function uidOf(user: string): number {
  return Number(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim());
}
function gidOf(user: string): number {
  return Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout.trim());
}

/** Writes the cluster's coordinates where the test files (other processes) find them. */
export function writeClusterFile(path: string, cluster: PgCluster): void {
  writeFileSync(path, JSON.stringify({ dir: cluster.dir, port: cluster.port }));
}
