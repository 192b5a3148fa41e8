import type { Database } from '../../server/db/client.server.ts';
import { runnerOf } from '../../server/db/raw-sql.server.ts';
import { CATEGORY_TREE } from '../kicad-library-map.ts';

/**
 * Inserts or updates every node of CATEGORY_TREE (src/lib/catalog/kicad-library-map.ts) in the
 * categories table. Idempotent: names, level, parent and sort order follow the tree; categories
 * that are not in the tree (an operator's own) are left alone. Returns the number of nodes.
 */
export async function seedCategories(database: Database): Promise<number> {
  const nodes = CATEGORY_TREE;
  await runnerOf(database.db).rows(
    `INSERT INTO categories (cate_id, cate_name, cate_name_en, level, parent_id, sort)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[])
     ON CONFLICT (cate_id) DO UPDATE SET cate_name = EXCLUDED.cate_name, cate_name_en = EXCLUDED.cate_name_en,
       level = EXCLUDED.level, parent_id = EXCLUDED.parent_id, sort = EXCLUDED.sort`,
    [
      nodes.map((n) => n.cateId),
      nodes.map((n) => n.cateName),
      nodes.map((n) => n.cateNameEn),
      nodes.map((n) => n.level),
      nodes.map((n) => n.parentId),
      nodes.map((n) => n.sort),
    ],
  );
  return nodes.length;
}
