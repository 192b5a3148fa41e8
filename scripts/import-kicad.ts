// npm run import:kicad -- <symbols dir> [<footprints dir>] [<3d dir>]
// e.g. npm run import:kicad -- /usr/share/kicad/symbols /usr/share/kicad/footprints
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
// Runs as an `import-kicad` job (ADR 0007): progress from the job's row, Ctrl-C cancels.
import { importKicadJob } from '../src/lib/jobs/kinds/import-kicad.server.ts';
import { exitCodeOf, runOperatorJob } from '../src/lib/jobs/operator-job.server.ts';
import { getDatabase } from '../src/lib/server/db/runtime.server.ts';

const [symbolsDir, footprintsDir, models3dDir] = process.argv.slice(2);
if (!symbolsDir) {
  console.error('usage: npm run import:kicad -- <symbols dir> [<footprints dir>] [<3d dir>]');
  process.exit(2);
}
for (const dir of [symbolsDir, footprintsDir, models3dDir]) {
  if (dir && !existsSync(dir)) {
    console.error(`import:kicad: no such directory ${dir}`);
    process.exit(2);
  }
}

/** The Debian package version names the data's release when the libraries come from there. */
function debianVersion(pkg: string): string | null {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}
const version = symbolsDir.startsWith('/usr/share/kicad') ? debianVersion('kicad-symbols') : null;

const database = await getDatabase();
let shown = 0;
let exitCode: number;
try {
  const job = await runOperatorJob(
    database,
    importKicadJob(database, {
      onSkip: ({ file, line, reason }) => {
        if (shown++ < 100) process.stderr.write(`\n${file}:${line}: ${reason}`);
      },
    }),
    {
      symbolsDir,
      footprintsDir: footprintsDir ?? null,
      models3dDir: models3dDir ?? null,
      sourceLabel: version ? `KiCad libraries ${version} (Debian)` : 'KiCad libraries',
    },
    { print: (j) => process.stderr.write(`\r\x1b[2K${j.progress.message ?? ''}`) },
  );
  process.stderr.write('\n');
  if (job.state === 'succeeded') console.log(JSON.stringify(job.result));
  else console.error(`import:kicad: job ${job.id} ${job.state}: ${job.error?.message ?? ''}`);
  exitCode = exitCodeOf(job);
} finally {
  await database.close();
}
process.exit(exitCode);
