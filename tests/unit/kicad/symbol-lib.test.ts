import { describe, it, expect } from 'vitest';
import {
  allPins,
  hasDeMorgan,
  parseSymbolLibrary,
  unitCount,
  unitItems,
  unitLetter,
  type KicadSymbol,
  type SymbolLibrary,
} from '../../../src/lib/kicad/symbol-lib.ts';
import { fixtureBytes, fixtureText } from './fixtures.ts';

function byName(lib: SymbolLibrary, name: string): KicadSymbol {
  const s = lib.symbols.find((x) => x.name === name);
  if (!s) throw new Error(`symbol ${name} not found in ${lib.fileName}`);
  return s;
}

describe('symbol-lib: real KiCad 6 symbols (fixture)', () => {
  const lib = parseSymbolLibrary(fixtureBytes('sample-symbols.kicad_sym'), 'sample-symbols.kicad_sym');

  it('reads the library header and every symbol without errors', () => {
    expect(lib.errors).toEqual([]);
    expect(lib.warnings).toEqual([]);
    expect(lib.version).toBe(20211014);
    expect(lib.generator).toBe('kicad_symbol_editor');
    expect(lib.symbols.map((s) => s.name)).toEqual(['LM2904', 'LM358', '74LS00', 'STM32F103C8Tx', 'STM32F103CBTx', 'R', 'GND']);
  });

  it('STM32F103C8Tx has 48 pins including PA0..PA15', () => {
    const s = byName(lib, 'STM32F103C8Tx');
    const pins = allPins(s);
    expect(pins).toHaveLength(48);
    const names = new Set(pins.map((p) => p.name));
    for (let i = 0; i <= 15; i++) expect(names.has(`PA${i}`)).toBe(true);
    const pa0 = pins.find((p) => p.name === 'PA0');
    expect(pa0).toMatchObject({ number: '10', electricalType: 'bidirectional', graphicStyle: 'line', unit: 1, rotation: 180, length: 2.54, hidden: false });
    expect(s.reference).toBe('U');
    expect(s.footprint).toBe('Package_QFP:LQFP-48_7x7mm_P0.5mm');
    expect(s.description).toMatch(/Cortex-M3/);
    expect(s.fpFilters).toEqual(['LQFP*7x7mm*P0.5mm*']);
    expect(s.keywords).toMatch(/ARM/);
    expect(s.pinNames.offset).toBeCloseTo(0.508);
    expect(unitCount(s)).toBe(1);
    expect(hasDeMorgan(s)).toBe(false);
  });

  it('a derived symbol (extends) gets its parent pins but keeps its own properties', () => {
    const parent = byName(lib, 'STM32F103C8Tx');
    const child = byName(lib, 'STM32F103CBTx');
    expect(child.extends).toBe('STM32F103C8Tx');
    expect(allPins(child).map((p) => p.number)).toEqual(allPins(parent).map((p) => p.number));
    expect(child.value).toBe('STM32F103CBTx');
    expect(child.description).toMatch(/128KB flash/);
    expect(parent.description).toMatch(/64KB flash/);
  });

  it('LM358 (derived from LM2904) has units A, B and a power unit C', () => {
    const s = byName(lib, 'LM358');
    expect(s.extends).toBe('LM2904');
    expect(unitCount(s)).toBe(3);
    expect(unitLetter(1)).toBe('A');
    expect(unitLetter(3)).toBe('C');
    expect(unitLetter(27)).toBe('AA');
    const a = unitItems(s, 1);
    const b = unitItems(s, 2);
    const c = unitItems(s, 3);
    expect(a.pins.map((p) => p.number).sort()).toEqual(['1', '2', '3']);
    expect(b.pins.map((p) => p.number).sort()).toEqual(['5', '6', '7']);
    expect(c.pins.map((p) => p.electricalType)).toEqual(['power_in', 'power_in']);
    expect(a.graphics.some((g) => g.kind === 'polyline')).toBe(true);
    expect(allPins(s)).toHaveLength(8);
  });

  it('74LS00 has 5 units and a De Morgan body style 2', () => {
    const s = byName(lib, '74LS00');
    expect(unitCount(s)).toBe(5);
    expect(hasDeMorgan(s)).toBe(true);
    const normal = unitItems(s, 1, 1);
    const alt = unitItems(s, 1, 2);
    expect(normal.pins.map((p) => p.number).sort()).toEqual(['1', '2', '3']);
    expect(alt.pins.map((p) => p.number).sort()).toEqual(['1', '2', '3']);
    expect(alt.pins.filter((p) => p.graphicStyle === 'inverted').length).toBe(2);
    expect(alt.graphics.map((g) => g.kind)).not.toEqual(normal.graphics.map((g) => g.kind));
    // Power unit: pins in body style 0 are shared by both body styles.
    expect(unitItems(s, 5, 1).pins.map((p) => p.name).sort()).toEqual(['GND', 'VCC']);
    expect(unitItems(s, 5, 2).pins.map((p) => p.name).sort()).toEqual(['GND', 'VCC']);
    expect(allPins(s)).toHaveLength(14);
  });

  it('R hides pin numbers; GND is a power symbol with a hidden pin', () => {
    const r = byName(lib, 'R');
    expect(r.pinNumbers.hide).toBe(true);
    expect(r.pinNames).toEqual({ offset: 0, hide: false });
    const gnd = byName(lib, 'GND');
    expect(gnd.power).toBe(true);
    expect(allPins(gnd)[0]?.hidden).toBe(true);
    const ref = gnd.properties.find((p) => p.key === 'Reference');
    expect(ref?.hidden).toBe(true);
    expect(ref?.value).toBe('#PWR');
  });

  it('reads property placement and visibility', () => {
    const s = byName(lib, 'LM2904');
    const value = s.properties.find((p) => p.key === 'Value');
    expect(value).toMatchObject({ value: 'LM2904', hidden: false, at: { x: 0, y: -5.08, rotation: 0 } });
    expect(value?.effects.hAlign).toBe('left');
    expect(s.properties.find((p) => p.key === 'Datasheet')?.hidden).toBe(true);
    // ki_description is normalised to Description.
    expect(s.properties.some((p) => p.key === 'Description')).toBe(true);
    expect(s.properties.some((p) => p.key === 'ki_description')).toBe(false);
  });
});

describe('symbol-lib: KiCad 7-9 syntax (fixture written for these tests)', () => {
  const lib = parseSymbolLibrary(fixtureText('kicad9-style.kicad_sym'), 'kicad9-style.kicad_sym');

  it('parses with unknown tokens ignored', () => {
    expect(lib.errors).toEqual([]);
    expect(lib.version).toBe(20241209);
    expect(lib.generatorVersion).toBe('9.0');
    expect(lib.symbols.map((s) => s.name)).toEqual(['TEST_DUAL_GATE', 'TEST_PWR']);
  });

  it('reads (hide yes) on properties, pins, pin_names and pin_numbers', () => {
    const g = byName(lib, 'TEST_DUAL_GATE');
    expect(g.excludeFromSim).toBe(true);
    expect(g.pinNames).toEqual({ offset: 0.508, hide: false });
    expect(g.properties.find((p) => p.key === 'Footprint')?.hidden).toBe(true);
    expect(g.properties.find((p) => p.key === 'Datasheet')?.hidden).toBe(true);
    expect(g.properties.find((p) => p.key === 'Value')?.hidden).toBe(false);
    expect(g.description).toBe('Made-up dual gate written in KiCad 9 syntax');
    expect(g.fpFilters).toEqual(['SOIC*3.9x4.9mm*', 'DIP*W7.62mm*']);
    const pins = allPins(g);
    expect(pins.map((p) => p.number)).toEqual(['1', '2', '3', '8', '5', '6', '4']);
    expect(pins.find((p) => p.number === '8')?.hidden).toBe(true);
    expect(pins.find((p) => p.number === '3')?.alternates).toEqual([{ name: 'Y_OD', electricalType: 'open_collector', graphicStyle: 'inverted' }]);
    expect(g.units.find((u) => u.unit === 1)?.name).toBe('Gate');
    const pwr = byName(lib, 'TEST_PWR');
    expect(pwr.power).toBe(true);
    expect(pwr.pinNumbers.hide).toBe(true);
    expect(pwr.pinNames).toEqual({ offset: 0, hide: true });
    expect(pwr.properties.find((p) => p.key === 'Reference')?.hidden).toBe(true);
  });

  it('converts symbol text angles from tenths of a degree', () => {
    const pwr = byName(lib, 'TEST_PWR');
    const text = unitItems(pwr, 1).graphics.find((g) => g.kind === 'text');
    expect(text?.kind === 'text' && text.at.rotation).toBe(90);
  });
});

describe('symbol-lib: bad input gives a clear reason with a line, other symbols still parse', () => {
  const sample = fixtureText('sample-symbols.kicad_sym');
  const lineOf = (text: string, needle: string): number => text.slice(0, text.indexOf(needle)).split('\n').length;

  it('truncated file', () => {
    const cut = sample.slice(0, sample.indexOf('(symbol "STM32F103C8Tx_1_1"') + 200);
    const lib = parseSymbolLibrary(cut, 'truncated.kicad_sym');
    expect(lib.symbols.map((s) => s.name)).toEqual(['LM2904', 'LM358', '74LS00']);
    expect(lib.errors).toHaveLength(1);
    expect(lib.errors[0]?.reason).toMatch(/unexpected end of input/);
    expect(lib.errors[0]?.symbol).toBe('STM32F103C8Tx');
    expect(lib.errors[0]?.line).toBeGreaterThan(0);
  });

  it('unbalanced parentheses (a missing ")")', () => {
    const target = '(number "2" (effects (font (size 1.27 1.27))))';
    const start = sample.indexOf('(symbol "74LS00"');
    const at = sample.indexOf(target, start);
    const broken = sample.slice(0, at) + target.slice(0, -1) + sample.slice(at + target.length);
    const lib = parseSymbolLibrary(broken, 'broken.kicad_sym');
    expect(lib.symbols.map((s) => s.name)).toEqual(['LM2904', 'LM358', 'STM32F103C8Tx', 'STM32F103CBTx', 'R', 'GND']);
    expect(lib.errors).toHaveLength(1);
    expect(lib.errors[0]?.reason).toMatch(/unbalanced parentheses/);
    expect(lib.errors[0]?.symbol).toBe('74LS00');
    expect(lib.errors[0]?.line).toBe(lineOf(sample, '(symbol "74LS00"'));
  });

  it('unbalanced parentheses (an extra ")")', () => {
    const target = '(name "VCC" (effects (font (size 1.27 1.27))))';
    const at = sample.indexOf(target, sample.indexOf('(symbol "74LS00"'));
    const broken = sample.slice(0, at) + target + ')' + sample.slice(at + target.length);
    const lib = parseSymbolLibrary(broken, 'broken.kicad_sym');
    expect(lib.symbols.map((s) => s.name)).toEqual(['LM2904', 'LM358', 'STM32F103C8Tx', 'STM32F103CBTx', 'R', 'GND']);
    expect(lib.errors[0]?.reason).toMatch(/unbalanced parentheses/);
    expect(lib.errors[0]?.symbol).toBe('74LS00');
  });

  it('unterminated string', () => {
    const target = '(name "PA5"';
    const at = sample.indexOf(target);
    const broken = sample.slice(0, at) + '(name "PA5' + sample.slice(at + target.length);
    const lib = parseSymbolLibrary(broken, 'broken.kicad_sym');
    // STM32F103CBTx is kept, but its parent is gone.
    expect(lib.symbols.map((s) => s.name)).toEqual(['LM2904', 'LM358', '74LS00', 'STM32F103CBTx', 'R', 'GND']);
    const err = lib.errors.find((e) => /unterminated string/.test(e.reason));
    expect(err?.line).toBe(lineOf(sample, target));
    expect(err?.symbol).toBe('STM32F103C8Tx');
    // The derived symbol cannot be resolved without its parent: reported, not fatal.
    expect(allPins(byName(lib, 'STM32F103CBTx'))).toEqual([]);
    expect(lib.errors.some((e) => e.symbol === 'STM32F103CBTx' && /extends unknown symbol/.test(e.reason))).toBe(true);
  });

  it('non-UTF-8 bytes are replaced and reported, nothing is dropped', () => {
    const at = sample.indexOf('"Low-Power, Dual');
    const bytes = Buffer.concat([Buffer.from(sample.slice(0, at + 1)), Buffer.from([0xb5, 0x41, 0xff]), Buffer.from(sample.slice(at + 1))]);
    const lib = parseSymbolLibrary(bytes, 'latin1.kicad_sym');
    expect(lib.errors).toEqual([]);
    expect(lib.symbols).toHaveLength(7);
    expect(lib.warnings).toHaveLength(1);
    expect(lib.warnings[0]?.reason).toMatch(/invalid UTF-8/);
    expect(lib.warnings[0]?.line).toBe(lineOf(sample, '"Low-Power, Dual'));
    expect(lib.symbols.some((s) => s.description.includes('\ufffdA\ufffd'))).toBe(true);
  });

  it('unknown tokens from a newer KiCad are ignored', () => {
    const text = sample.replace('(symbol "R" (pin_numbers hide)', '(symbol "R" (pin_numbers hide) (future_thing (a 1) (b "2")) (another_flag)');
    const lib = parseSymbolLibrary(text, 'future.kicad_sym');
    expect(lib.errors).toEqual([]);
    expect(byName(lib, 'R').pinNumbers.hide).toBe(true);
  });

  it('a file that is not a symbol library', () => {
    const lib = parseSymbolLibrary(fixtureText('SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod'), 'x.kicad_sym');
    expect(lib.symbols).toEqual([]);
    expect(lib.errors[0]?.reason).toMatch(/not a symbol library/);
  });

  it('empty input', () => {
    const lib = parseSymbolLibrary('', 'empty.kicad_sym');
    expect(lib.symbols).toEqual([]);
    expect(lib.errors[0]?.line).toBe(1);
  });
});
