import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.server.ts';
import { boms, componentSubmissions, datasheets, designBlocks, designFiles, designs, persistedFiles, userAssets, users } from '../server/db/schema/index.ts';
import type { FileKey } from './file-store.ts';

// Every column that holds a file-store key, counted together: keys are content addresses, so an
// avatar, a BOM, a design document, a design cover, a datasheet, a library asset, a design block's files and a persisted file with the same bytes share one file, and a domain releasing
// its reference must see the others' (releaseFile's `references`).

type Reader = Pick<Db, 'select'>;

export const fileKeyReferences = (key: FileKey) => async (tx: Reader) => {
  const [b] = await tx.select({ n: count() }).from(boms).where(eq(boms.fileKey, key));
  const [u] = await tx.select({ n: count() }).from(users).where(eq(users.avatarKey, key));
  const [d] = await tx.select({ n: count() }).from(designFiles).where(eq(designFiles.fileKey, key));
  const [c] = await tx.select({ n: count() }).from(designs).where(eq(designs.coverKey, key));
  const [p] = await tx.select({ n: count() }).from(datasheets).where(eq(datasheets.fileKey, key));
  // The personal library (#16): own components' assets, design blocks' sheets and previews, persisted files.
  const [a] = await tx.select({ n: count() }).from(userAssets).where(eq(userAssets.fileKey, key));
  const [s] = await tx.select({ n: count() }).from(designBlocks).where(eq(designBlocks.schKey, key));
  const [v] = await tx.select({ n: count() }).from(designBlocks).where(eq(designBlocks.previewKey, key));
  const [f] = await tx.select({ n: count() }).from(persistedFiles).where(eq(persistedFiles.fileKey, key));
  // A pending proposal to the catalogue keeps the files it was submitted with (snapshot.fileKeys).
  const [g] = await tx
    .select({ n: count() })
    .from(componentSubmissions)
    .where(and(eq(componentSubmissions.status, 'pending'), sql`jsonb_exists(${componentSubmissions.snapshot}->'fileKeys', ${key})`));
  return [b, u, d, c, p, a, s, v, f, g].reduce((sum, row) => sum + Number(row?.n ?? 0), 0);
};
