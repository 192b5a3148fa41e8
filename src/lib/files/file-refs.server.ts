import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.server.ts';
import type { FileKey, FileStore } from './file-store.ts';

// Content-addressed files are shared: two rows may hold the same key. A file is deleted only when
// no row references it, and that check and the delete run under a per-key advisory lock that every
// writer of a reference also takes, so a new reference cannot slip in between count and delete.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Serialises reference changes and deletes of one key (released at the end of the transaction). */
export async function lockFileKey(tx: Tx, key: FileKey): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`file:${key}`}, 0))`);
}

/**
 * Links a key to a row: under the key's lock, puts the bytes back if a concurrent release removed
 * them after our put, then runs `link` (which writes the reference) in the same transaction.
 */
export async function linkFile<T>(db: Db, store: FileStore, key: FileKey, restore: () => Promise<unknown>, link: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockFileKey(tx, key);
    if (!(await store.exists(key))) await restore();
    return link(tx);
  });
}

/** Deletes the file when `references` counts none left; true when it was deleted. */
export async function releaseFile(db: Db, store: FileStore, key: FileKey, references: (tx: Tx) => Promise<number>): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockFileKey(tx, key);
    if ((await references(tx)) > 0) return false;
    await store.delete(key);
    return true;
  });
}
