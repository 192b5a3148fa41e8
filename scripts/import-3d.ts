// npm run import:3d -- <KiCad 3D library dir>
// e.g. after `apt-get install kicad-packages3d`: npm run import:3d -- /usr/share/kicad/3dmodels
// Stores every .wrl (bytes + preview mesh) and records every .step; re-running updates them.
import { existsSync } from 'node:fs';
// Runs as an `import-3d` job (ADR 0007): progress from the job's row, Ctrl-C cancels.
import { KICAD_LICENCE } from '../src/lib/catalog/kicad-import/kicad-records.ts';
import { import3dJob } from '../src/lib/jobs/kinds/import-3d.server.ts';
import { exitCodeOf, runOperatorJob } from '../src/lib/jobs/operator-job.server.ts';
import { getDatabase } from '../src/lib/server/db/runtime.server.ts';

const [dir] = process.argv.slice(2);
if (!dir || !existsSync(dir)) {
  console.error(dir ? `import:3d: no such directory ${dir}` : 'usage: npm run import:3d -- <KiCad 3D library dir, e.g. /usr/share/kicad/3dmodels>');
  process.exit(2);
}
const database = await getDatabase();
let exitCode: number;
try {
  const job = await runOperatorJob(
    database,
    import3dJob(database, {
      onProblems: (r) => {
        process.stderr.write('\n');
        for (const f of [...r.failures, ...r.rejected].slice(0, 50)) process.stderr.write(`${f.key}: ${f.reason}\n`);
        for (const key of r.tooLarge) process.stderr.write(`${key}: larger than 64 MB, skipped\n`);
      },
    }),
    { dir, source: 'KiCad 3D library (packages3D)', licence: KICAD_LICENCE },
    { print: (j) => process.stderr.write(`\r\x1b[2K${j.progress.message ?? ''}`) },
  );
  process.stderr.write('\n');
  if (job.state === 'succeeded') console.log(JSON.stringify(job.result));
  else console.error(`import:3d: job ${job.id} ${job.state}: ${job.error?.message ?? ''}`);
  exitCode = exitCodeOf(job);
} finally {
  await database.close();
}
process.exit(exitCode);
