import { describe, expect, it } from 'vitest';
import { searchDesign } from '../../../src/islands/viewer/viewer-search.ts';
import { loadProject, partsOf, sheetSummary } from '../../../src/lib/kicad-viewer/project-load.ts';
import { netsOf } from '../../../src/lib/kicad-viewer/project-summary.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { KICAD_PROJECTS_DIR } from '../kicad/fixtures.ts';

// The viewer's search on a real project (glasgow: many capacitors have the value "u1").

describe('searchDesign', async () => {
  const dir = `${KICAD_PROJECTS_DIR}glasgow-revc/`;
  const p = await loadProject(readdirSync(dir).map((f) => ({ path: f, bytes: new Uint8Array(readFileSync(dir + f)) })));
  const parts = partsOf(p);
  const nets = netsOf(p);

  it('puts the exact reference first even when many values contain the text', () => {
    expect(parts.filter((x) => x.value.toLowerCase().includes('u1')).length).toBeGreaterThan(20);
    const r = searchDesign(parts, nets, 'U1');
    expect(r[0]).toMatchObject({ kind: 'part', key: 'U1' });
    // Then the references starting with U1 (U10…), before values.
    const refs = r.filter((x) => x.kind === 'part').map((x) => x.key);
    const firstValueHit = refs.findIndex((k) => !k.toLowerCase().startsWith('u1'));
    expect(refs.slice(0, firstValueHit === -1 ? refs.length : firstValueHit).every((k) => k.toLowerCase().startsWith('u1'))).toBe(true);
  });

  it('finds sheets by name, with their instance path', () => {
    const root = sheetSummary(p.hierarchy!.root);
    const hits = searchDesign(parts, nets, 'io_buffer', 20, 10, root).filter((x) => x.kind === 'sheet');
    const expected = p.hierarchy!.sheets.filter((x) => x.name.toLowerCase().includes('io_buffer')).map((x) => x.path);
    expect(expected.length).toBeGreaterThan(1);
    expect(hits.map((h) => h.key)).toEqual(expected);
  });

  it('finds nets by name and nothing for an empty query', () => {
    expect(searchDesign(parts, nets, 'gnd').some((x) => x.kind === 'net' && x.key === 'GND')).toBe(true);
    expect(searchDesign(parts, nets, '  ')).toEqual([]);
  });
});
