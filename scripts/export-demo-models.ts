// Rebuilds the committed demo 3D models from a database holding the demo catalogue and a KiCad
// 3D library directory (Debian: apt-get download kicad-packages3d; dpkg-deb -x it somewhere):
//   DATA_DIR=/tmp/kicad-full npm run export:demo-models -- /usr/share/kicad/3dmodels [budget MB of VRML, default 40]
import { existsSync, statSync } from 'node:fs';
import { DEMO_MODELS_FILE, exportDemoModels } from '../src/lib/catalog/demo/demo-models.server.ts';
import { getDatabase } from '../src/lib/server/db/runtime.server.ts';

const [modelsDir, budgetMb] = process.argv.slice(2);
if (!modelsDir || !existsSync(modelsDir)) {
  console.error('usage: npm run export:demo-models -- <KiCad 3D library dir> [budget MB]');
  process.exit(2);
}
const budget = budgetMb === undefined ? undefined : Number(budgetMb);
if (budget !== undefined && !(budget > 0 && budget <= 500)) {
  console.error('export:demo-models: the budget is a number of megabytes between 1 and 500');
  process.exit(2);
}
const database = await getDatabase();
try {
  const r = await exportDemoModels(database, modelsDir, budget ? { budgetBytes: budget * 1024 * 1024 } : {});
  console.log(JSON.stringify({ file: DEMO_MODELS_FILE, bytes: statSync(DEMO_MODELS_FILE).size, ...r }));
} finally {
  await database.close();
}
