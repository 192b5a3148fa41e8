import { getConfig } from '../config.server.ts';
import { migrateDatabase, openDatabase, type Database, type Db } from './client.server.ts';

// One database per process. `npm start` opens it before importing the built server; both share
// it through globalThis because the server bundle holds its own copy of this module.
const key = Symbol.for('chipedia.database');
type Holder = { [key]?: Promise<Database> };
const holder = globalThis as Holder;

export function databaseOptionsFromConfig() {
  const config = getConfig();
  return config.DATABASE_URL
    ? ({ kind: 'postgres', url: config.DATABASE_URL } as const)
    : ({ kind: 'pglite', dataDir: config.DATA_DIR } as const);
}

/** Opens (once) and migrates the configured database. */
export function getDatabase(): Promise<Database> {
  holder[key] ??= (async () => {
    const database = await openDatabase(databaseOptionsFromConfig());
    await migrateDatabase(database);
    return database;
  })();
  return holder[key];
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Lets tests and scripts install their own database as the process-wide one. */
export function setDatabase(database: Database): void {
  holder[key] = Promise.resolve(database);
}
