import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '../../scripts/lib/ensure-built.ts';
import { rmSync } from 'node:fs';
import { startServer } from './helpers/app-server.ts';
import { freshDataDirIn } from './helpers/data-dir.ts';
import { createCluster, destroyCluster, sql, type PgCluster } from './helpers/pg-cluster.ts';

// Once per run: the built site (rebuilt when sources are newer than dist/.build-stamp, as
// `npm start` does), and a throwaway PostgreSQL cluster on FAULTS_PG_PORT (5442) that the test files
// create their databases in. Kept after the run with FAULTS_KEEP=1 for a post-mortem.

declare module 'vitest' {
  export interface ProvidedContext {
    pgDir: string;
    pgPort: number;
    pgTemplate: string;
  }
}

let cluster: PgCluster | undefined;
const TEMPLATE = 'faults_template';
const TEMPLATE_PORT = 4700;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await ensureBuilt();
  cluster = createCluster();
  // The demo catalogue is seeded once, by the server's own first start, into a template database.
  await sql(cluster.url('postgres'), `CREATE DATABASE ${TEMPLATE}`);
  const dataDir = freshDataDirIn('template');
  const started = Date.now();
  const server = await startServer({ port: TEMPLATE_PORT, dataDir, databaseUrl: cluster.url(TEMPLATE) });
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`faults: template database seeded by a first start in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('pgDir', cluster.dir);
  project.provide('pgPort', cluster.port);
  project.provide('pgTemplate', TEMPLATE);
  return async () => {
    if (cluster && process.env.FAULTS_KEEP !== '1') destroyCluster(cluster);
  };
}
