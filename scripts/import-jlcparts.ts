// npm run import:jlcparts -- <dir>   (default: the shipped catalog/jlcparts-2026-05-21)
// The jlcparts snapshot format (manifest.json, attributes-lut.json.gz, components-*.jsonl.gz) into
// the catalogue, merged with the KiCad parts (docs/data-format.md, "JLCPCB/LCSC snapshot"). Runs as
// an `import-jlcparts` job: progress printed from the job's row, every skipped row printed with why,
// Ctrl-C cancels (run again to resume), the summary printed as one JSON line.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SHIPPED_JLC_DIR } from '../src/lib/catalog/jlcparts/shipped-catalog.server.ts';
import { importJlcpartsJob } from '../src/lib/jobs/kinds/import-jlcparts.server.ts';
import { exitCodeOf, runOperatorJob } from '../src/lib/jobs/operator-job.server.ts';
import { getDatabase } from '../src/lib/server/db/runtime.server.ts';

const dir = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? SHIPPED_JLC_DIR;
if (!existsSync(join(dir, 'manifest.json'))) {
  console.error(`import:jlcparts: ${dir} has no manifest.json (usage: npm run import:jlcparts -- <jlcparts data dir>)`);
  process.exit(2);
}
const database = await getDatabase();
let shown = 0;
let exitCode: number;
try {
  const job = await runOperatorJob(
    database,
    importJlcpartsJob(database, {
      onProblem: ({ where, reason }) => {
        if (shown++ < 500) console.error(`\n${where}: ${reason}`);
        else if (shown === 501) console.error('\n… further skipped rows are counted, not shown');
      },
    }),
    { dir },
  );
  process.stderr.write('\n');
  if (job.state === 'succeeded') console.log(JSON.stringify(job.result));
  else console.error(`import:jlcparts: job ${job.id} ${job.state}: ${job.error?.message ?? ''}${job.state === 'cancelled' ? ' (run again to resume)' : ''}`);
  exitCode = exitCodeOf(job);
} finally {
  await database.close();
}
process.exit(exitCode);
