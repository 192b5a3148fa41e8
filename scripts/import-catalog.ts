// npm run import:catalog -- <file.ndjson|file.csv> [--dry-run] [--restart] [--batch N]
// Format: docs/data-format.md. Bad lines are reported with their line number and skipped.
// Runs as an `import-catalog` job (ADR 0007): progress is printed from the job's row, Ctrl-C
// cancels it (run again to resume), and the row keeps the outcome and the summary.
import { importCatalogJob } from '../src/lib/jobs/kinds/import-catalog.server.ts';
import { exitCodeOf, runOperatorJob } from '../src/lib/jobs/operator-job.server.ts';
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
let shownErrors = 0;
let exitCode: number;
try {
  const job = await runOperatorJob(
    database,
    importCatalogJob(database, {
      onError: ({ line, reason }) => {
        if (shownErrors++ < 200) console.error(`${file}:${line}: ${reason}`);
        else if (shownErrors === 201) console.error('… further errors are counted, not shown');
      },
    }),
    { file, dryRun: args.includes('--dry-run'), restart: args.includes('--restart'), batchSize },
  );
  process.stderr.write('\n');
  if (job.state === 'succeeded') console.log(JSON.stringify(job.result));
  else console.error(`import:catalog: job ${job.id} ${job.state}: ${job.error?.message ?? ''}${job.state === 'cancelled' ? ' (run again to resume)' : ''}`);
  exitCode = exitCodeOf(job);
} finally {
  await database.close();
}
process.exit(exitCode);
