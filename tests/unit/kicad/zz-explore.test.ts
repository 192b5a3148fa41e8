import { it } from 'vitest';
import { buildSchematicNets } from '../../../src/lib/kicad/schematic-nets.ts';
import { designProjects, loadBoard, loadHierarchy } from './design-projects.ts';
it('explore', () => {
  for (const p of designProjects()) {
    const h = loadHierarchy(p); const b = loadBoard(p);
    const t0 = performance.now();
    const nets = buildSchematicNets(h, p.stem);
    const ms = performance.now() - t0;
    const sch = new Map<string, string>();
    for (const n of nets.nets) for (const q of n.pins) sch.set(`${q.ref}:${q.pin}`, n.name);
    const brd = new Map<string, string>();
    for (const fp of b.footprints) for (const pad of fp.pads) if (pad.number) { const k = `${fp.reference}:${pad.number}`; const nm = pad.net?.name ?? ''; if (!brd.has(k) || brd.get(k) === '') brd.set(k, nm); }
    const common = [...sch.keys()].filter((k) => brd.has(k));
    const cls = (m: Map<string,string>) => { const by = new Map<string,string[]>(); for (const k of common) { const n = m.get(k)!; if (n === '') continue; (by.get(n) ?? by.set(n, []).get(n)!).push(k);} const c = new Map<string,string>(); for (const k of common) { const n = m.get(k)!; c.set(k, n === '' ? k : by.get(n)!.sort().join(' ')); } return c; };
    const cs = cls(sch), cb = cls(brd);
    const bad = common.filter((k) => cs.get(k) !== cb.get(k));
    const names = common.filter((k) => sch.get(k) === brd.get(k)).length;
    console.log(`${p.name}: ${common.length - bad.length}/${common.length} agree, names ${names}, schOnly ${sch.size - common.length}, brdOnly ${brd.size - common.length}, ${ms.toFixed(0)} ms`);
    for (const k of bad.slice(0, 6)) console.log('   ', k, 'sch', sch.get(k), '| brd', brd.get(k));
    const nm = common.filter((k) => sch.get(k) !== brd.get(k) && !bad.includes(k)).slice(0, 4);
    for (const k of nm) console.log('   name', k, 'sch', sch.get(k), '| brd', brd.get(k));
  }
}, 120000);
