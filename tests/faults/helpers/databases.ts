import { inject } from 'vitest';
import { freshDataDirIn } from './data-dir.ts';
import { sql } from './pg-cluster.ts';

// Each test file gets its own database in the run's throwaway cluster, copied from the template
// the global set-up seeded once (the demo catalogue), and its own DATA_DIR under data/.

export function clusterUrl(database: string): string {
  return `postgres://postgres@127.0.0.1:${inject('pgPort')}/${database}`;
}

export async function freshDatabase(name: string): Promise<string> {
  const database = `faults_${name}_${process.pid}`;
  await sql(clusterUrl('postgres'), `DROP DATABASE IF EXISTS ${database}`);
  await sql(clusterUrl('postgres'), `CREATE DATABASE ${database} TEMPLATE ${inject('pgTemplate')}`);
  return clusterUrl(database);
}

export const freshDataDir = freshDataDirIn;
