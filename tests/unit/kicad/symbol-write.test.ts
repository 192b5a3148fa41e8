import { describe, it, expect } from 'vitest';
import { parseFootprint, type Footprint } from '../../../src/lib/kicad/footprint.ts';
import { allPins, parseSymbolLibrary, unitCount, type KicadSymbol } from '../../../src/lib/kicad/symbol-lib.ts';
import { serialize } from '../../../src/lib/kicad/sexpr.ts';
import { symbolToSexpr, writeFootprint, writeSymbolLibrary } from '../../../src/lib/kicad/symbol-write.ts';
import { fixtureText } from './fixtures.ts';
import { comparableFootprint, comparableSymbol } from './model-compare.ts';

describe('writeSymbolLibrary', () => {
  for (const fixture of ['sample-symbols.kicad_sym', 'kicad9-style.kicad_sym']) {
    for (const version of [20231120, 20211014] as const) {
      it(`${fixture}: parse -> write (${version}) -> parse gives equal models`, () => {
        const a = parseSymbolLibrary(fixtureText(fixture), fixture);
        const text = writeSymbolLibrary(a.symbols, { version });
        const b = parseSymbolLibrary(text, 'rewritten.kicad_sym');
        expect(b.errors).toEqual([]);
        expect(b.version).toBe(version);
        // KiCad 6 files cannot say exclude_from_sim or unit_name: those are dropped.
        const lossy = (s: KicadSymbol): unknown => {
          const c = comparableSymbol(s);
          if (version !== 20211014) return c;
          return { ...c, excludeFromSim: false, units: c.units.map(({ name: _n, ...u }) => u) };
        };
        expect(b.symbols.map(lossy)).toEqual(a.symbols.map(lossy));
      });
    }
  }

  it('flattens extends so a derived symbol is self-contained', () => {
    const lib = parseSymbolLibrary(fixtureText('sample-symbols.kicad_sym'), 'x');
    const lm358 = lib.symbols.find((s) => s.name === 'LM358') as KicadSymbol;
    const text = writeSymbolLibrary([lm358]);
    expect(text).not.toContain('extends');
    expect(text).not.toContain('LM2904');
    expect(text).toContain('(symbol "LM358_1_1"');
    const back = parseSymbolLibrary(text, 'y');
    expect(back.errors).toEqual([]);
    const s = back.symbols[0] as KicadSymbol;
    expect(s.name).toBe('LM358');
    expect(unitCount(s)).toBe(3);
    expect(allPins(s)).toHaveLength(8);
  });

  it('a single serialized symbol (as stored per product) parses back inside any library wrapper', () => {
    const lib = parseSymbolLibrary(fixtureText('sample-symbols.kicad_sym'), 'x');
    for (const sym of lib.symbols) {
      for (const version of [20211014, 20231120] as const) {
        const snippet = serialize(symbolToSexpr(sym, version));
        const back = parseSymbolLibrary(`(kicad_symbol_lib (version ${version}) (generator chipedia)\n${snippet}\n)`, 'one.kicad_sym');
        expect(back.errors).toEqual([]);
        expect(back.symbols.map(comparableSymbol)).toEqual([comparableSymbol(sym)]);
      }
    }
  });

  it('writes KiCad 8 or KiCad 6 spellings', () => {
    const lib = parseSymbolLibrary(fixtureText('sample-symbols.kicad_sym'), 'x');
    const k8 = writeSymbolLibrary(lib.symbols);
    expect(k8.startsWith('(kicad_symbol_lib\n\t(version 20231120)\n\t(generator "chipedia")')).toBe(true);
    expect(k8).toContain('(exclude_from_sim no)');
    expect(k8).toContain('"Description"');
    expect(k8).not.toContain('(id ');
    const k6 = writeSymbolLibrary(lib.symbols, { version: 20211014, generator: 'my_tool' });
    expect(k6).toContain('(version 20211014)');
    expect(k6).toContain('(generator "my_tool")');
    expect(k6).toContain('"ki_description"');
    expect(k6).toContain('(id 0)');
    expect(k6).not.toContain('exclude_from_sim');
  });
});

describe('writeFootprint', () => {
  for (const fixture of ['SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod', 'LQFP-48_7x7mm_P0.5mm.kicad_mod', 'L_Sunlord_SWPA40xxS.kicad_mod', 'kicad9-style.kicad_mod']) {
    it(`${fixture}: parse -> write -> parse gives an equal model`, () => {
      const a = parseFootprint(fixtureText(fixture), fixture).footprint as Footprint;
      const text = writeFootprint(a);
      expect(text.startsWith(`(footprint "${a.name}"\n\t(version 20240108)`)).toBe(true);
      const b = parseFootprint(text, fixture);
      expect(b.errors).toEqual([]);
      expect(comparableFootprint(b.footprint as Footprint)).toEqual(comparableFootprint(a));
    });
  }
});
