import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.server.ts';
import { searchIndexStatus } from '../../search/search-index.server.ts';
import { registerGauge } from './metrics.server.ts';
import { readReplicaStatus, type ReplicaStatus } from '../db/read-replica.server.ts';

// /healthz says the process answers; /readyz says this node can serve: the database answers
// within READY_DB_TIMEOUT_MS, the search index is loaded and the first-start demo catalogue is in
// (npm start loads it after listening, ADR 0022). A proxy routes only to ready nodes.

export const READY_DB_TIMEOUT_MS = 2000;

// The read replica is reported but does not decide readiness: its reads fall back to the primary.
export type Readiness = {
  ready: boolean;
  database: 'ok' | 'unreachable';
  searchIndex: { loaded: boolean; parts: number; ageSeconds: number | null };
  /** The demo catalogue is still loading behind the first page. */
  seeding: boolean;
  readReplica: Pick<ReplicaStatus, 'state' | 'fallbacks'>;
};

async function databaseAnswers(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_DB_TIMEOUT_MS);
  });
  try {
    return await Promise.race([database.db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

let seeding = false;
/** scripts/start.ts: on while the demo catalogue loads after listen (one process, one flag). */
export function setSeeding(on: boolean): void {
  seeding = on;
}

export async function readiness(database: Database): Promise<Readiness> {
  const [db, index] = [await databaseAnswers(database), searchIndexStatus(database.db)];
  const replica = readReplicaStatus();
  return { ready: db && index.loaded && !seeding, database: db ? 'ok' : 'unreachable', searchIndex: index, seeding, readReplica: { state: replica.state, fallbacks: replica.fallbacks } };
}

/** The database pool and the search index as gauges read at each scrape. */
export function registerRuntimeGauges(database: Database): void {
  registerGauge('chipedia_search_index_age_seconds', 'Seconds since the in-memory search index was built', () => searchIndexStatus(database.db).ageSeconds);
  registerGauge('chipedia_search_index_parts', 'Parts in the in-memory search index', () => searchIndexStatus(database.db).parts);
  registerGauge('chipedia_db_pool_total', 'Connections open in the PostgreSQL pool (PGlite: 1)', () => database.poolStats?.().total ?? 1);
  registerGauge('chipedia_db_pool_idle', 'Idle connections in the PostgreSQL pool', () => database.poolStats?.().idle ?? null);
  registerGauge('chipedia_db_replica_up', 'Read replica (DATABASE_READ_URL) in use: 1, resting after a failure: 0', () => {
    const s = readReplicaStatus();
    return s.configured ? (s.state === 'up' ? 1 : 0) : null;
  });
  registerGauge('chipedia_db_replica_fallbacks', 'Catalogue reads sent to the primary because the replica failed or rested, since start', () => readReplicaStatus().fallbacks);
  registerGauge('chipedia_db_pool_waiting', 'Queries waiting for a pool connection', () => database.poolStats?.().waiting ?? null);
}
