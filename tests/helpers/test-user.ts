import { createSession } from '../../src/lib/server/auth.server.ts';
import type { Db } from '../../src/lib/server/db/client.server.ts';
import { users } from '../../src/lib/server/db/schema/index.ts';

/** A user row with a live session: its id and the token API calls send as X-token. */
export async function makeUser(db: Db, username: string): Promise<{ id: number; token: string }> {
  const [u] = await db.insert(users).values({ username }).returning({ id: users.id });
  return { id: u!.id, token: (await createSession(db, u!.id, Math.floor(Date.now() / 1000))).token };
}
