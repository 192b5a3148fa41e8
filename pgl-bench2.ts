import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
for (let i = 0; i < 2; i++) {
  const t0 = performance.now();
  const a = await PGlite.create({ extensions: { pg_trgm, vector } });
  const t1 = performance.now();
  await a.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE TABLE x(a int); INSERT INTO x VALUES (1)');
  const dump = await a.dumpDataDir('none');
  const t2 = performance.now();
  const b = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm, vector } });
  const t3 = performance.now();
  console.log({ fresh: t1 - t0, dump: t2 - t1, load: t3 - t2, rows: (await b.query('select * from x')).rows, size: dump.size });
}
