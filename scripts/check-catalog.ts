// npm run check:catalog [-- --stale]
// The cross-asset check (issue #16 item 4) over every catalogue product with a symbol and/or
// footprint: symbol pins against footprint pads, pin count against the package, the 3D model
// standing on its pads. Writes product_checks (the product pages' quality badge) and prints the
// figures as JSON: parts checked, per quality, per finding code, total seconds, ms per part.
// --stale checks only parts never checked or checked by an older version of the check.
import { checkCatalog } from '../src/lib/library/product-checks.server.ts';
import { getDatabase } from '../src/lib/server/db/runtime.server.ts';

const staleOnly = process.argv.includes('--stale');
const database = await getDatabase();
try {
  const figures = await checkCatalog(database.db, {
    staleOnly,
    onProgress: (n) => process.stderr.isTTY && process.stderr.write(`\r\x1b[2Kcheck:catalog: ${n} parts checked`),
  });
  if (process.stderr.isTTY) process.stderr.write('\n');
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await database.close();
}
