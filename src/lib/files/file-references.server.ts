import { count, eq } from 'drizzle-orm';
import type { Db } from '../server/db/client.server.ts';
import { boms, datasheets, designFiles, designs, users } from '../server/db/schema/index.ts';
import type { FileKey } from './file-store.ts';

// Every column that holds a file-store key, counted together: keys are content addresses, so an
// avatar, a BOM, a design document, a design cover and a datasheet with the same bytes share one file, and a domain releasing
// its reference must see the others' (releaseFile's `references`).

type Reader = Pick<Db, 'select'>;

export const fileKeyReferences = (key: FileKey) => async (tx: Reader) => {
  const [b] = await tx.select({ n: count() }).from(boms).where(eq(boms.fileKey, key));
  const [u] = await tx.select({ n: count() }).from(users).where(eq(users.avatarKey, key));
  const [d] = await tx.select({ n: count() }).from(designFiles).where(eq(designFiles.fileKey, key));
  const [c] = await tx.select({ n: count() }).from(designs).where(eq(designs.coverKey, key));
  const [p] = await tx.select({ n: count() }).from(datasheets).where(eq(datasheets.fileKey, key));
  return Number(b?.n ?? 0) + Number(u?.n ?? 0) + Number(d?.n ?? 0) + Number(c?.n ?? 0) + Number(p?.n ?? 0);
};
