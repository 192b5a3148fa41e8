// Rebuilds the committed demo catalogue from a database holding a KiCad import:
//   DATA_DIR=/tmp/kicad-full npm run import:kicad -- /usr/share/kicad/symbols /usr/share/kicad/footprints
//   DATA_DIR=/tmp/kicad-full npm run export:demo
import { statSync } from 'node:fs';
import { DEMO_FILE, exportDemoCatalog } from '../src/lib/catalog/demo/demo-catalog.server.ts';
import { getDatabase } from '../src/lib/server/db/runtime.server.ts';

const database = await getDatabase();
try {
  const counts = await exportDemoCatalog(database);
  console.log(JSON.stringify({ file: DEMO_FILE, bytes: statSync(DEMO_FILE).size, ...counts }));
} finally {
  await database.close();
}
