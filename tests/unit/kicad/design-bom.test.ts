// The design BOM on the real projects, checked against what the schematic and the board say
// independently: quantities against the distinct references, each on-board reference against
// the board's footprint with its value.
import { describe, expect, it } from 'vitest';
import { bomFieldFor, bomFields, extractBoardBom, extractDesignBom } from '../../../src/lib/kicad/design-bom.ts';
import { libSymbolFor } from '../../../src/lib/kicad/schematic.ts';
import { symbolOccurrences } from '../../../src/lib/kicad/schematic-hierarchy.ts';
import { designProjects, loadBoard, loadHierarchy } from './design-projects.ts';

const projects = designProjects();

describe('BOM field aliases', () => {
  it('maps the field names of different tools to one meaning', () => {
    for (const k of ['MPN', 'Mfr. Part #', 'Manufacturer_Part_Number', 'PARTNO', 'PartNumber', 'Mfr. No.']) expect(bomFieldFor(k), k).toBe('mpn');
    for (const k of ['LCSC', 'LCSC Part', 'JLCPCB Part #', 'lcsc part #']) expect(bomFieldFor(k), k).toBe('lcsc');
    for (const k of ['Manufacturer', 'MFR', 'Mfg', 'Mfr.']) expect(bomFieldFor(k), k).toBe('manufacturer');
    expect(bomFieldFor('Tolerance')).toBeUndefined();
    expect(bomFields([['Reference', 'R1'], ['MPN', ' RC0603 '], ['PartNumber', 'other'], ['Datasheet', '~'], ['ki_keywords', 'r'], ['Tolerance', '1%']])).toEqual({ mpn: 'RC0603', Tolerance: '1%' });
  });
});

describe('design BOM on the real projects', () => {
  for (const p of projects) {
    it(`${p.name}: quantities add up, references are sorted, on-board parts match the board`, () => {
      const h = loadHierarchy(p);
      const bom = extractDesignBom(h, { project: p.stem });
      // Independent count: distinct references of non-power, in-BOM symbol occurrences.
      const refs = new Set<string>();
      const onBoard = new Map<string, string>();
      for (const o of symbolOccurrences(h, p.stem)) {
        const lib = o.sheet.schematic ? libSymbolFor(o.sheet.schematic, o.symbol) : undefined;
        if (lib?.power || o.reference.startsWith('#')) continue;
        if (o.symbol.inBom) refs.add(o.reference);
        if (o.symbol.onBoard && o.symbol.inBom) onBoard.set(o.reference, o.value);
      }
      const total = bom.reduce((n, l) => n + l.quantity, 0);
      expect(total).toBe(refs.size);
      expect(new Set(bom.flatMap((l) => l.refs)).size).toBe(total);
      for (const l of bom) {
        expect(l.quantity).toBe(l.refs.length);
        expect([...l.refs].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))).toEqual(l.refs);
        expect(l.excludedFromBom).toBe(false);
      }
      // Against the board: each on-board reference has a footprint with the same value.
      const board = loadBoard(p);
      const fpValue = new Map(board.footprints.map((f) => [f.reference, f.value]));
      const missing = [...onBoard.keys()].filter((r) => !fpValue.has(r));
      const valueDiffers = [...onBoard].filter(([r, v]) => fpValue.has(r) && fpValue.get(r) !== v);
      console.log(`${p.name}: ${bom.length} lines, ${total} parts; ${onBoard.size - missing.length - valueDiffers.length}/${onBoard.size} on-board references match the board (${missing.length} missing, ${valueDiffers.length} other value)`);
      expect(missing).toEqual([]);
      expect(valueDiffers).toEqual([]);
    });
  }

  it('reads MPN, manufacturer and LCSC through the aliases (fixtures use MPN/Mfg, PartNumber/Manufacturer/LCSC, PARTNO)', () => {
    const byName = new Map(projects.map((p) => [p.name, extractDesignBom(loadHierarchy(p), { project: p.stem })]));
    const withField = (name: string, f: 'mpn' | 'manufacturer' | 'lcsc') => byName.get(name)!.filter((l) => l.fields[f]).length;
    expect(withField('glasgow-revc', 'mpn')).toBeGreaterThan(20);
    expect(withField('glasgow-revc', 'manufacturer')).toBeGreaterThan(20);
    expect(withField('libresolar-bms-c1', 'lcsc')).toBeGreaterThan(20);
    expect(withField('libresolar-bms-c1', 'mpn')).toBeGreaterThan(20);
    expect(withField('bitaxe-gamma', 'mpn')).toBeGreaterThan(20);
    // Lines differ by an identifying field or by value/footprint: no two lines share all of them.
    for (const [name, bom] of byName) {
      const keys = bom.map((l) => [l.value, l.footprint, l.fields.mpn, l.fields.manufacturer, l.fields.lcsc, l.dnp].join('|'));
      expect(new Set(keys).size, name).toBe(keys.length);
    }
  });

  it('flags excluded symbols only when asked, and drops DNP parts when asked', () => {
    let excludedParts = 0;
    let dnpParts = 0;
    for (const p of projects) {
      const h = loadHierarchy(p);
      const all = extractDesignBom(h, { project: p.stem, includeExcluded: true });
      const normal = extractDesignBom(h, { project: p.stem });
      const noDnp = extractDesignBom(h, { project: p.stem, includeDnp: false });
      const count = (b: typeof all) => b.reduce((n, l) => n + l.quantity, 0);
      const excluded = all.filter((l) => l.excludedFromBom).reduce((n, l) => n + l.quantity, 0);
      expect(count(all) - excluded, p.name).toBe(count(normal));
      expect(count(normal) - count(noDnp), p.name).toBe(normal.filter((l) => l.dnp).reduce((n, l) => n + l.quantity, 0));
      excludedParts += excluded;
      dnpParts += normal.filter((l) => l.dnp).reduce((n, l) => n + l.quantity, 0);
    }
    // The fixtures do have both (glasgow, bitaxe, zswatch, olimex mark parts DNP or out of the BOM).
    expect(excludedParts).toBeGreaterThan(0);
    expect(dnpParts).toBeGreaterThan(0);
    console.log(`excluded from BOM: ${excludedParts} parts; DNP: ${dnpParts} parts`);
  });
});

describe('board BOM', () => {
  it('reads the part fields KiCad 8+ copies onto footprints, equal to the schematic’s', () => {
    for (const name of ['glasgow-revc', 'libresolar-bms-c1']) {
      const p = projects.find((x) => x.name === name)!;
      const fromBoard = new Map(extractBoardBom(loadBoard(p)).flatMap((l) => l.refs.map((r) => [r, l.fields] as const)));
      const design = extractDesignBom(loadHierarchy(p), { project: p.stem });
      let compared = 0;
      for (const l of design) {
        for (const r of l.refs) {
          const f = fromBoard.get(r);
          if (!f) continue;
          expect([f.mpn, f.manufacturer, f.lcsc], `${name} ${r}`).toEqual([l.fields.mpn, l.fields.manufacturer, l.fields.lcsc]);
          if (l.fields.mpn) compared++;
        }
      }
      expect(compared, name).toBeGreaterThan(100);
    }
  });

  for (const p of projects) {
    it(`${p.name}: covers every footprint with a reference, grouped like the design BOM`, () => {
      const board = loadBoard(p);
      const bom = extractBoardBom(board, { includeExcluded: true });
      const refs = new Set(board.footprints.map((f) => f.reference).filter((r) => r !== '' && !r.startsWith('#')));
      expect(new Set(bom.flatMap((l) => l.refs))).toEqual(refs);
      // Every design BOM reference placed on the board is in the board BOM with the same value.
      const design = extractDesignBom(loadHierarchy(p), { project: p.stem });
      const boardValue = new Map(bom.flatMap((l) => l.refs.map((r) => [r, l.value] as const)));
      const sch = loadHierarchy(p);
      const onBoard = new Set(symbolOccurrences(sch, p.stem).filter((o) => o.symbol.onBoard).map((o) => o.reference));
      for (const l of design) for (const r of l.refs) if (onBoard.has(r)) expect(boardValue.get(r), `${p.name} ${r}`).toBe(l.value);
    });
  }
});
