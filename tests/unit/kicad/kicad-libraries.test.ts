// Whole-library checks against the installed KiCad libraries. They are skipped
// ONLY when /usr/share/kicad is absent, i.e. when the Debian packages
// kicad-symbols / kicad-footprints are not installed; CI installs them.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { basename } from 'node:path';
import { describe, it, expect } from 'vitest';
import { parseFootprint, type Footprint } from '../../../src/lib/kicad/footprint.ts';
import { renderFootprintSvg } from '../../../src/lib/kicad/footprint-svg.ts';
import { allPins, hasDeMorgan, parseSymbolLibrary, unitCount, unitItems, type KicadSymbol, type SymbolLibrary } from '../../../src/lib/kicad/symbol-lib.ts';
import { renderSymbolSvg } from '../../../src/lib/kicad/symbol-svg.ts';
import { writeFootprint, writeSymbolLibrary } from '../../../src/lib/kicad/symbol-write.ts';
import { HAVE_KICAD_FOOTPRINTS, HAVE_KICAD_SYMBOLS, KICAD_SYMBOLS_DIR, installedFootprints, installedSymbolLibraries } from './fixtures.ts';
import { comparableFootprint, comparableSymbol } from './model-compare.ts';

const SLOW = 180_000;

function loadLib(name: string): SymbolLibrary {
  return parseSymbolLibrary(readFileSync(`${KICAD_SYMBOLS_DIR}/${name}.kicad_sym`), `${name}.kicad_sym`);
}

function byName(lib: SymbolLibrary, name: string): KicadSymbol {
  const s = lib.symbols.find((x) => x.name === name);
  if (!s) throw new Error(`${name} not in ${lib.fileName}`);
  return s;
}

// Skipped only when the Debian packages kicad-symbols is not installed (no /usr/share/kicad/symbols).
describe.skipIf(!HAVE_KICAD_SYMBOLS)('installed KiCad symbol libraries', () => {
  let libs: SymbolLibrary[] = [];

  it('parses every library with zero errors', () => {
    const files = installedSymbolLibraries();
    libs = files.map((f) => parseSymbolLibrary(readFileSync(f), basename(f)));
    const errors = libs.flatMap((l) => l.errors.map((e) => `${l.fileName}:${e.line} ${e.symbol ?? ''} ${e.reason}`));
    const warnings = libs.flatMap((l) => l.warnings.map((e) => `${l.fileName}:${e.line} ${e.reason}`));
    const symbols = libs.reduce((n, l) => n + l.symbols.length, 0);
    const derived = libs.reduce((n, l) => n + l.symbols.filter((s) => s.extends).length, 0);
    const pins = libs.reduce((n, l) => n + l.symbols.reduce((m, s) => m + allPins(s).length, 0), 0);
    console.log(`[kicad] ${files.length} symbol libraries, ${symbols} symbols (${derived} derived), ${pins} pins, ${errors.length} errors, ${warnings.length} warnings`);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(files.length).toBeGreaterThanOrEqual(200);
    expect(symbols).toBeGreaterThan(15_000);
    for (const l of libs) expect(l.version).toBeGreaterThanOrEqual(20211014);
  }, SLOW);

  it('every derived symbol has exactly its parent pins', () => {
    for (const lib of libs) {
      const names = new Map(lib.symbols.map((s) => [s.name, s]));
      for (const s of lib.symbols) {
        if (!s.extends) continue;
        const parent = names.get(s.extends) as KicadSymbol;
        expect(allPins(s).map((p) => p.number)).toEqual(allPins(parent).map((p) => p.number));
      }
    }
  });

  it('STM32F103C8Tx has 48 pins including PA0..PA15', () => {
    const s = byName(loadLib('MCU_ST_STM32F1'), 'STM32F103C8Tx');
    const pins = allPins(s);
    expect(pins).toHaveLength(48);
    for (let i = 0; i <= 15; i++) expect(pins.some((p) => p.name === `PA${i}`)).toBe(true);
  });

  it('derived STM32F103CBTx gets the parent pins', () => {
    const lib = loadLib('MCU_ST_STM32F1');
    const cb = byName(lib, 'STM32F103CBTx');
    expect(cb.extends).toBe('STM32F103C8Tx');
    expect(allPins(cb)).toHaveLength(48);
    expect(cb.value).toBe('STM32F103CBTx');
  });

  it('LM358 has units A, B and a power unit', () => {
    const s = byName(loadLib('Amplifier_Operational'), 'LM358');
    expect(unitCount(s)).toBe(3);
    expect(unitItems(s, 1).pins.length).toBe(3);
    expect(unitItems(s, 2).pins.length).toBe(3);
    expect(unitItems(s, 3).pins.every((p) => p.electricalType === 'power_in')).toBe(true);
  });

  it('74xx has De Morgan symbols (body style 2)', () => {
    const lib = loadLib('74xx');
    expect(hasDeMorgan(byName(lib, '74LS00'))).toBe(true);
    expect(lib.symbols.filter(hasDeMorgan).length).toBeGreaterThan(20);
  });

  it('renders every symbol with one class="pin" element per pin of each unit', () => {
    let rendered = 0;
    const times: number[] = [];
    for (const lib of libs) {
      for (const s of lib.symbols) {
        const t0 = performance.now();
        const svg = renderSymbolSvg(s);
        times.push(performance.now() - t0);
        let expected = 0;
        for (let u = 1; u <= unitCount(s); u++) expected += unitItems(s, u, 1).pins.length;
        const got = (svg.match(/<g class="pin" /g) ?? []).length;
        if (got !== expected) throw new Error(`${lib.fileName} ${s.name}: ${got} pin elements, expected ${expected}`);
        if (!/viewBox="-?[\d.]+ -?[\d.]+ [\d.]+ [\d.]+"/.test(svg)) throw new Error(`${s.name}: bad viewBox`);
        rendered++;
      }
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
    console.log(`[kicad] rendered ${rendered} symbols, p50 ${(times[Math.floor(times.length / 2)] ?? 0).toFixed(3)} ms, p95 ${p95.toFixed(3)} ms`);
    expect(rendered).toBeGreaterThan(15_000);
  }, SLOW);

  it('round-trips real libraries through writeSymbolLibrary', () => {
    for (const name of ['74xx', 'Amplifier_Operational', 'MCU_ST_STM32F1', 'Device', 'power', 'Connector', 'Transistor_FET', 'Interface_USB']) {
      const a = loadLib(name);
      const b = parseSymbolLibrary(writeSymbolLibrary(a.symbols), 'rewritten');
      expect(b.errors).toEqual([]);
      expect(b.symbols.map(comparableSymbol)).toEqual(a.symbols.map(comparableSymbol));
    }
  }, SLOW);
});

// Skipped only when the Debian package kicad-footprints is not installed (no /usr/share/kicad/footprints).
describe.skipIf(!HAVE_KICAD_FOOTPRINTS)('installed KiCad footprint libraries', () => {
  let footprints: Footprint[] = [];

  it('parses every footprint with zero errors', () => {
    const files = installedFootprints();
    const errors: string[] = [];
    footprints = [];
    for (const f of files) {
      const r = parseFootprint(readFileSync(f), basename(f));
      for (const e of [...r.errors, ...r.warnings]) errors.push(`${f}:${e.line} ${e.reason}`);
      if (r.footprint) footprints.push(r.footprint);
    }
    const pads = footprints.reduce((n, f) => n + f.pads.length, 0);
    const legacy = footprints.filter((f) => f.format === 'module').length;
    console.log(`[kicad] ${files.length} footprints (${legacy} legacy (module ...)), ${pads} pads, ${errors.length} errors`);
    expect(errors).toEqual([]);
    expect(footprints.length).toBe(files.length);
    expect(files.length).toBeGreaterThan(10_000);
  }, SLOW);

  it('renders every footprint with one class="pad" element per pad', () => {
    for (const fp of footprints) {
      const svg = renderFootprintSvg(fp);
      const got = (svg.match(/<g class="pad" /g) ?? []).length;
      if (got !== fp.pads.length) throw new Error(`${fp.fileName}: ${got} pad elements, expected ${fp.pads.length}`);
    }
  }, SLOW);

  it('round-trips every footprint through writeFootprint', () => {
    for (const fp of footprints) {
      const back = parseFootprint(writeFootprint(fp), fp.fileName);
      if (back.errors.length) throw new Error(`${fp.fileName}: ${back.errors[0]?.reason}`);
      const a = comparableFootprint(fp);
      const b = comparableFootprint(back.footprint as Footprint);
      // toEqual only on a mismatch, for its diff: it is slow on 12 000 footprints.
      if (!isDeepStrictEqual(a, b)) expect(b).toEqual(a);
    }
  }, SLOW);
});
