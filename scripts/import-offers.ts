// npm run import:offers -- <file.ndjson|file.csv> [--skip-bad] [--lang zh|en]
// Format: docs/data-format.md ("Offers"). All or nothing: a file with any refused line changes
// nothing (every refusal is printed with its line number, the first 200 in full) unless
// --skip-bad, which imports the good lines. Runs as an `import-offers` job (ADR 0007): progress is
// printed from the job's row, Ctrl-C cancels it (nothing is written; run again to start over).
import { importOffersJob } from '../src/lib/jobs/kinds/import-offers.server.ts';
import { exitCodeOf, runOperatorJob } from '../src/lib/jobs/operator-job.server.ts';
import { getDatabase } from '../src/lib/server/db/runtime.server.ts';
import { serverMessage } from '../src/lib/server/messages/server-message.ts';
import { existsSync } from 'node:fs';

const args = process.argv.slice(2);
const langArg = args.indexOf('--lang');
const lang = langArg >= 0 ? args[langArg + 1] : 'zh';
const file = args.find((a, i) => !a.startsWith('--') && !(langArg >= 0 && i === langArg + 1));
const unknownFlag = args.find((a) => a.startsWith('--') && a !== '--skip-bad' && a !== '--lang');
if (!file || unknownFlag || (lang !== 'zh' && lang !== 'en')) {
  console.error('usage: npm run import:offers -- <file.ndjson|file.csv> [--skip-bad] [--lang zh|en]');
  process.exit(2);
}
if (!existsSync(file)) {
  console.error(serverMessage('offers.import.noFile', lang, { file }));
  process.exit(2);
}

const SHOWN = 200;
const database = await getDatabase();
let shown = 0;
let exitCode: number;
try {
  const job = await runOperatorJob(
    database,
    importOffersJob(database, {
      onRefusal: ({ line, key, vars }) => {
        if (shown++ < SHOWN) console.error(`${file}:${line}: ${serverMessage(key, lang, vars)}`);
      },
    }),
    { file, skipBad: args.includes('--skip-bad') },
  );
  process.stderr.write('\n');
  if (shown > SHOWN) console.error(serverMessage('offers.import.moreRefusals', lang, { count: shown - SHOWN }));
  if (job.state === 'succeeded') console.log(JSON.stringify(job.result));
  else console.error(`import:offers: job ${job.id} ${job.state}: ${job.error?.message ?? ''}`);
  exitCode = exitCodeOf(job);
} finally {
  await database.close();
}
process.exit(exitCode);
