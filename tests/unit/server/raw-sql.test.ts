import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, rawOf, runnerOf } from '../../../src/lib/server/db/raw-sql.server.ts';
import { createTestDatabase } from '../../helpers/test-db.ts';

// The one raw-SQL runner on the driver the tests run on (PGlite, or PostgreSQL with TEST_DATABASE_URL).
describe('raw SQL runner', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.exec('CREATE TABLE raw_sql_probe (id int PRIMARY KEY, name text NOT NULL)');
  });
  afterAll(async () => {
    await database.close();
  });

  it('tells the driver apart and caches the client per database', () => {
    const raw = rawOf(database.db);
    expect(raw.kind).toBe(database.kind);
    expect(rawOf(database.db)).toBe(raw);
    expect(runnerOf(database.db).kind).toBe(database.kind);
  });

  it('answers rows as objects and as arrays, with parameters', async () => {
    const r = runnerOf(database.db);
    await r.rows('INSERT INTO raw_sql_probe (id, name) SELECT * FROM unnest($1::int[], $2::text[])', [
      [1, 2, 3],
      ['one', 'two', 'three'],
    ]);
    expect(await r.rows<{ id: number; name: string }>('SELECT id, name FROM raw_sql_probe WHERE id >= $1 ORDER BY id', [2])).toEqual([
      { id: 2, name: 'two' },
      { id: 3, name: 'three' },
    ]);
    expect(await r.arrays('SELECT id, name FROM raw_sql_probe ORDER BY id DESC LIMIT 2')).toEqual([
      [3, 'three'],
      [2, 'two'],
    ]);
  });

  it('commits a transaction that returns and rolls back one that throws', async () => {
    const raw = rawOf(database.db);
    const r = runnerOf(database.db);
    const out = await inTransaction(raw, async (tx) => {
      await tx.rows('INSERT INTO raw_sql_probe VALUES (10, $1)', ['kept']);
      return (await tx.rows<{ n: number }>('SELECT count(*)::int AS n FROM raw_sql_probe'))[0]?.n;
    });
    expect(out).toBe(4);
    await expect(
      inTransaction(raw, async (tx) => {
        await tx.rows('INSERT INTO raw_sql_probe VALUES (11, $1)', ['dropped']);
        await tx.rows('INSERT INTO raw_sql_probe VALUES (11, $1)', ['duplicate']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await r.rows('SELECT id FROM raw_sql_probe WHERE id IN (10, 11) ORDER BY id')).toEqual([{ id: 10 }]);
  });
});
