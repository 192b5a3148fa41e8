import { it } from 'vitest';
import { buildSchematicNets, DEBUG } from '../../../src/lib/kicad/schematic-nets.ts';
import { designProjects, loadBoard, loadHierarchy } from './design-projects.ts';
it('explore', () => {
  for (const p of designProjects().filter((x) => !x.name.startsWith('demos'))) {
    const h = loadHierarchy(p); const b = loadBoard(p);
    DEBUG.length = 0;
    buildSchematicNets(h, p.stem);
    const names = new Set(b.nets.map((n) => n.name));
    for (const d of DEBUG) { const nm = d.split(' <= ')[0]!; if (!names.has(nm) && !nm.startsWith('unconn')) console.log(p.name, d); }
  }
}, 120000);
