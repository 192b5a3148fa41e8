// npm run import:catalog -- <file.ndjson|file.csv> [--dry-run] [--restart] [--batch N]
// Format: docs/data-format.md. Bad lines are reported with their line number and skipped.
import { importCatalogFile } from '../src/lib/catalog/import/import-file.server.ts';
import { seedCategories } from '../src/lib/catalog/import/seed-categories.server.ts';
import { getDatabase } from '../src/lib/server/db/runtime.server.ts';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
if (!file) {
  console.error('usage: npm run import:catalog -- <file.ndjson|file.csv> [--dry-run] [--restart] [--batch N]');
  process.exit(2);
}
const batchArg = args.indexOf('--batch');
const batchSize = batchArg >= 0 ? Number(args[batchArg + 1]) : 1000;
if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 50_000) {
  console.error('--batch must be an integer from 1 to 50000');
  process.exit(2);
}

const database = await getDatabase();
await seedCategories(database);
let shownErrors = 0;
let lastReport = 0;
try {
  const summary = await importCatalogFile(database, file, {
    dryRun: args.includes('--dry-run'),
    restart: args.includes('--restart'),
    batchSize,
    onError: ({ line, reason }) => {
      if (shownErrors++ < 200) console.error(`${file}:${line}: ${reason}`);
      else if (shownErrors === 201) console.error('… further errors are counted, not shown');
    },
    onProgress: ({ lines, imported, skipped }) => {
      if (Date.now() - lastReport < 1000) return;
      lastReport = Date.now();
      process.stderr.write(`\r${lines} lines, ${imported} imported, ${skipped} skipped`);
    },
  });
  process.stderr.write('\n');
  console.log(JSON.stringify(summary));
} finally {
  await database.close();
}
