// npm run import:3d -- <KiCad 3D library dir>
// e.g. after `apt-get install kicad-packages3d`: npm run import:3d -- /usr/share/kicad/3dmodels
// Stores every .wrl (bytes + preview mesh) and records every .step; re-running updates them.
import { existsSync } from 'node:fs';
import { importModels3dDir } from '../src/lib/catalog/model3d/import-models-dir.server.ts';
import { KICAD_LICENCE } from '../src/lib/catalog/kicad-import/kicad-records.ts';
import { getDatabase } from '../src/lib/server/db/runtime.server.ts';

const [dir] = process.argv.slice(2);
if (!dir || !existsSync(dir)) {
  console.error(dir ? `import:3d: no such directory ${dir}` : 'usage: npm run import:3d -- <KiCad 3D library dir, e.g. /usr/share/kicad/3dmodels>');
  process.exit(2);
}
const database = await getDatabase();
const started = performance.now();
try {
  const r = await importModels3dDir(database.db, dir, { source: 'KiCad 3D library (packages3D)', licence: KICAD_LICENCE }, (m) => process.stderr.write(`\r\x1b[2K${m}`));
  process.stderr.write('\n');
  for (const f of [...r.failures, ...r.rejected].slice(0, 50)) process.stderr.write(`${f.key}: ${f.reason}\n`);
  for (const key of r.tooLarge) process.stderr.write(`${key}: larger than 64 MB, skipped\n`);
  console.log(JSON.stringify({ stored: r.stored, previews: r.meshes, withoutPreview: r.failures.length, rejected: r.rejected.length, tooLarge: r.tooLarge.length, seconds: +((performance.now() - started) / 1000).toFixed(1) }));
} finally {
  await database.close();
}
