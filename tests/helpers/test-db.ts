import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../../src/lib/server/db/client.server.ts';
import { readTemplate } from './pglite-template.ts';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new
 * PostgreSQL database (dropped afterwards) when TEST_DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<Database & { label: string }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const template = readTemplate();
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory', ...(template ? { loadDataDir: template } : {}) });
    await migrateDatabase(database); // nothing to do when the template is current

    return { ...database, label: 'pglite' };
  }
  const name = `chipedia_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
  await migrateDatabase(database);
  return {
    ...database,
    label: 'postgres',
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
