import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkComponentAssets, CHECK_VERSION } from '../../../src/lib/library/asset-check.ts';
import { findingText, hasFindingText } from '../../../src/lib/library/check-messages.ts';
import { mpnPackagePins, packagePins } from '../../../src/lib/library/check-package.ts';
import { sniffModel } from '../../../src/lib/library/check-model.ts';
import { wrlToMesh } from '../../../src/lib/kicad/vrml.ts';
import type { CheckResult, Finding } from '../../../src/lib/library/library.ts';

// The cross-asset check over real KiCad library files (tests/fixtures/library/SOURCES.md): the
// op-amp LM2904 (SOIC-8 pinout, three units, power pins in unit C), its SOIC-8 footprint and the
// library's SOIC-8 VRML model; then the same files mismatched and broken the ways uploads go wrong.

const lib = (name: string) => readFileSync(new URL(`../../fixtures/library/${name}`, import.meta.url), 'utf8');
const soicWrl = readFileSync(new URL('../../fixtures/wrl/SOIC-8_3.9x4.9mm_P1.27mm.wrl', import.meta.url));
const LM2904 = lib('LM2904.kicad_sym');
const SOIC8 = lib('SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod');
const SOT23_5 = lib('SOT-23-5.kicad_mod');
const model = { bytes: new Uint8Array(soicWrl), name: 'SOIC-8_3.9x4.9mm_P1.27mm.wrl', format: 'wrl' as const };

const codes = (r: CheckResult) => r.findings.map((f) => f.code);
const find = (r: CheckResult, code: string): Finding => {
  const f = r.findings.find((x) => x.code === code);
  if (!f) throw new Error(`no ${code} in ${JSON.stringify(r.findings)}`);
  return f;
};

describe('checkComponentAssets: a matching op-amp', () => {
  const r = checkComponentAssets({ mpn: 'LM2904', symbol: { text: LM2904 }, footprint: { text: SOIC8 }, model });
  it('finds nothing wrong and says the model stands on its 8 pads', () => {
    expect(r.quality).toBe('ok');
    expect(r.version).toBe(CHECK_VERSION);
    expect(r.findings).toEqual([{ code: 'model.aligned', severity: 'info', vars: { name: model.name, pads: 8, met: 8 } }]);
  });
  it('names the chosen symbol of a file holding two', () => {
    const two = checkComponentAssets({ mpn: 'LM358', symbol: { text: lib('LM2904_LM358.kicad_sym'), name: 'LM358' }, footprint: { text: SOIC8 } });
    expect(two.quality).toBe('warnings'); // only the missing 3D model
    expect(codes(two)).toEqual(['model.missing']);
    const unknown = checkComponentAssets({ mpn: 'LM358', symbol: { text: lib('LM2904_LM358.kicad_sym'), name: 'NE5532' }, footprint: { text: SOIC8 } });
    expect(find(unknown, 'symbol.notFound')).toMatchObject({ severity: 'error', vars: { name: 'NE5532', names: 'LM2904, LM358' } });
    const unnamed = checkComponentAssets({ mpn: 'LM358', symbol: { text: lib('LM2904_LM358.kicad_sym') }, footprint: { text: SOIC8 } });
    expect(find(unnamed, 'symbol.ambiguous').vars).toEqual({ count: 2, name: 'LM2904' });
  });
  it('reads alphanumeric BGA ball numbers (A1, C2) on both sides', () => {
    const bga = checkComponentAssets({ mpn: 'OPA330AIYFFR', symbol: { text: lib('OPA330xxYFF.kicad_sym') }, footprint: { text: lib('Texas_DSBGA-5_0.822x1.116mm_Layout2x1x2_P0.4mm.kicad_mod') } });
    expect(codes(bga)).toEqual(['model.missing']);
  });
  it('stays within the 50 ms budget once warm', () => {
    const times = Array.from({ length: 5 }, () => checkComponentAssets({ mpn: 'LM2904', symbol: { text: LM2904 }, footprint: { text: SOIC8 }, model }).ms);
    expect(Math.min(...times)).toBeLessThan(50);
  });
});

describe('checkComponentAssets: pins against pads', () => {
  it('reports the op-amp on a SOT-23-5 footprint with the pins that have no pad', () => {
    const r = checkComponentAssets({ mpn: 'LM2904', symbol: { text: LM2904 }, footprint: { text: SOT23_5 } });
    expect(r.quality).toBe('errors');
    expect(find(r, 'pins.noPad')).toEqual({ code: 'pins.noPad', severity: 'error', vars: { pins: '6, 7, 8', count: 3, pinCount: 8, padCount: 5 } });
    expect(findingText(find(r, 'pins.noPad'), 'en')).toBe('3 pin(s) have no pad on the footprint: 6, 7, 8 (symbol: 8 pin numbers, footprint: 5 pad numbers).');
    expect(findingText(find(r, 'pins.noPad'), 'zh')).toBe('3 个引脚在封装上找不到对应焊盘：6, 7, 8（符号 8 个引脚编号，封装 5 个焊盘编号）。');
  });
  it('warns about pads without a pin (a 5-pin symbol on the SOIC-8)', () => {
    // The LM2904 with its unit B removed: pins 5, 6, 7 gone, the pads stay.
    const single = LM2904.replace(/\(symbol "LM2904_2_1"[\s\S]*?\n {4}\)\n/, '');
    expect(single).not.toBe(LM2904);
    const r = checkComponentAssets({ mpn: 'LM2904', symbol: { text: single }, footprint: { text: SOIC8 }, model });
    expect(r.quality).toBe('warnings');
    expect(find(r, 'pads.noPin')).toMatchObject({ severity: 'warning', vars: { pads: '5, 6, 7', count: 3 } });
  });
  it('reports a duplicated pin number, and not pins shared by units, repeated power inputs or stacked pins', () => {
    // Unit A's inverting input (2) renumbered 1 (unit A's output): two different pins of one unit on one pad.
    const dup = LM2904.replace('(number "2"', '(number "1"');
    const r = checkComponentAssets({ mpn: 'LM2904', symbol: { text: dup }, footprint: { text: SOIC8 }, model });
    expect(find(r, 'pins.duplicate')).toEqual({ code: 'pins.duplicate', severity: 'error', vars: { pins: '1', count: 1 } });
    expect(find(r, 'pads.noPin').vars.pads).toBe('2');
    // The power unit's V+ drawn twice at the same spot is a stacked pin: KiCad joins them.
    // Unit B's output renumbered 1 (unit A's output): a pin shared by two units, KiCad joins them.
    const shared = checkComponentAssets({ mpn: 'LM2904', symbol: { text: LM2904.replace(/(\(symbol "LM2904_2_1"[\s\S]*?)\(number "7"/, '$1(number "1"') }, footprint: { text: SOIC8 }, model });
    expect(find(shared, 'pins.sharedAcrossUnits')).toEqual({ code: 'pins.sharedAcrossUnits', severity: 'warning', vars: { pins: '1', count: 1 } });
    // V+ (pin 8, power input) drawn again in unit A as KiCad 5 libraries do: no finding.
    const power = /( {6}\(pin power_in line \(at -2\.54 7\.62 270\)[\s\S]*?\n {6}\)\n)/.exec(LM2904)![1]!;
    const repeated = LM2904.replace(/(\(symbol "LM2904_1_1"\n)/, `$1${power}`);
    expect(repeated).not.toBe(LM2904);
    expect(codes(checkComponentAssets({ mpn: 'LM2904', symbol: { text: repeated }, footprint: { text: SOIC8 }, model }))).toEqual(['model.aligned']);
    const stacked = LM2904.replace(/( {6}\(pin power_in line \(at -2\.54 7\.62 270\)[\s\S]*?\n {6}\)\n)/, '$1$1');
    expect(stacked).not.toBe(LM2904);
    expect(codes(checkComponentAssets({ mpn: 'LM2904', symbol: { text: stacked }, footprint: { text: SOIC8 }, model }))).toEqual(['model.aligned']);
  });
});

describe('checkComponentAssets: files KiCad cannot use as they are', () => {
  it('warns about a KiCad 5 footprint with what to do, and still checks its pins and model', () => {
    const r = checkComponentAssets({ mpn: 'LM2904', symbol: { text: LM2904 }, footprint: { text: lib('SOIC-8_3.9x4.9mm_P1.27mm.kicad5.kicad_mod') }, model });
    expect(r.findings).toEqual([{ code: 'footprint.kicad5', severity: 'warning', vars: {} }, expect.objectContaining({ code: 'model.aligned' })]);
    expect(findingText(r.findings[0]!, 'en')).toMatch(/KiCad 5 format: newer KiCad still reads it, but open it in the footprint editor of KiCad 6 or later/);
  });
  it('refuses a KiCad 5 symbol library (.lib)', () => {
    const r = checkComponentAssets({ mpn: 'X', symbol: { text: 'EESchema-LIBRARY Version 2.4\n#encoding utf-8\n#\n# LM2904\n#\nDEF LM2904 U 0 20 Y Y 3 L N\nENDDEF\n#End Library\n' }, footprint: { text: SOIC8 } });
    expect(find(r, 'symbol.kicad5').severity).toBe('error');
    expect(findingText(find(r, 'symbol.kicad5'), 'zh')).toContain('另存为 .kicad_sym');
  });
  it('refuses a symbol file with no symbol and one with 500', () => {
    const empty = checkComponentAssets({ mpn: 'X', symbol: { text: '(kicad_symbol_lib (version 20211014) (generator kicad_symbol_editor)\n)\n' }, footprint: { text: SOIC8 } });
    expect(find(empty, 'symbol.none').severity).toBe('error');
    const body = /\n {2}\(symbol "LM2904"[\s\S]*\n {2}\)\n/.exec(LM2904)![0];
    const many = `(kicad_symbol_lib (version 20211014) (generator kicad_symbol_editor)${Array.from({ length: 500 }, (_, i) => body.replace(/"LM2904/g, `"LM2904_${i}`)).join('')})\n`;
    const r = checkComponentAssets({ mpn: 'X', symbol: { text: many }, footprint: { text: SOIC8 } });
    expect(find(r, 'symbol.tooMany')).toEqual({ code: 'symbol.tooMany', severity: 'error', vars: { count: 500, max: 50 } });
    expect(findingText(find(r, 'symbol.tooMany'), 'en')).toBe('The symbol file holds 500 symbols, more than the limit of 50: a component needs only its own symbol, so upload just that one.');
  });
  it('says where a symbol or footprint is unreadable', () => {
    const r = checkComponentAssets({ mpn: 'X', symbol: { text: '(kicad_symbol_lib (version 20211014)\n  (symbol "A"\n' }, footprint: { text: '<html>not a footprint</html>' } });
    expect(find(r, 'symbol.unreadable').severity).toBe('error');
    expect(find(r, 'footprint.unreadable').severity).toBe('error');
  });
  it('says what is missing: a footprint is an error, a 3D model a warning', () => {
    const r = checkComponentAssets({ mpn: 'LM2904', symbol: { text: LM2904 } });
    expect(r.findings).toEqual([
      { code: 'footprint.missing', severity: 'error', vars: {} },
      { code: 'model.missing', severity: 'warning', vars: {} },
    ]);
    expect(checkComponentAssets({ mpn: 'LM2904', footprint: { text: SOIC8 }, model }).findings[0]).toEqual({ code: 'symbol.missing', severity: 'error', vars: {} });
  });
});

describe('checkComponentAssets: the 3D model', () => {
  it('refuses a PNG renamed .wrl as not a 3D model', () => {
    const png = readFileSync(new URL('../../fixtures/kicad/reference/boards/kit-dev-coldfire-xilinx_5213/B_Mask.png', import.meta.url));
    const r = checkComponentAssets({ mpn: 'LM2904', symbol: { text: LM2904 }, footprint: { text: SOIC8 }, model: { bytes: new Uint8Array(png), name: 'SOIC-8.wrl', format: 'wrl' } });
    expect(find(r, 'model.notModel')).toEqual({ code: 'model.notModel', severity: 'error', vars: { name: 'SOIC-8.wrl', kind: 'png' } });
    expect(findingText(find(r, 'model.notModel'), 'en')).toBe('"SOIC-8.wrl" is not a 3D model: the file holds a PNG image. Upload a VRML (.wrl) or STEP (.step) file.');
    expect(findingText(find(r, 'model.notModel'), 'zh')).toBe('“SOIC-8.wrl”不是 3D 模型：文件内容是 PNG 图片。请上传 VRML（.wrl）或 STEP（.step）文件。');
  });
  it('reads STEP from its bytes and says alignment was not checked (no accusation)', () => {
    const step = new TextEncoder().encode("ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('SOIC-8'),'2;1');\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n");
    const r = checkComponentAssets({ mpn: 'LM2904', symbol: { text: LM2904 }, footprint: { text: SOIC8 }, model: { bytes: step, name: 'SOIC-8.step', format: 'step' } });
    expect(r.quality).toBe('ok');
    expect(r.findings).toEqual([{ code: 'model.stepNotChecked', severity: 'info', vars: { name: 'SOIC-8.step' } }]);
    // A VRML file named .step is read as what it is.
    expect(sniffModel(new Uint8Array(soicWrl))).toBe('wrl');
  });
  it('flags a model the footprint places wrong (turned 90°)', () => {
    const turned = SOIC8.replace('(rotate (xyz 0 0 0))', '(rotate (xyz 0 0 90))');
    expect(turned).not.toBe(SOIC8);
    const r = checkComponentAssets({ mpn: 'LM2904', symbol: { text: LM2904 }, footprint: { text: turned }, model });
    expect(['model.misaligned', 'model.partial']).toContain(r.findings[0]!.code);
    expect(r.quality).not.toBe('ok');
  });
  it('accepts the catalogue variant: the mesh made at import instead of the file', () => {
    const mesh = { parts: wrlToMesh(soicWrl.toString('utf8')).parts, name: 'Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.wrl' };
    const r = checkComponentAssets({ mpn: 'LM2904', symbol: { text: LM2904 }, footprint: { text: SOIC8 }, modelMesh: mesh });
    expect(codes(r)).toEqual(['model.aligned']);
  });
  it('reports an unreadable VRML with its line', () => {
    const bad = new TextEncoder().encode('#VRML V2.0 utf8\nShape { geometry IndexedFaceSet { coord Coordinate { point [ 1 2 ');
    const r = checkComponentAssets({ mpn: 'LM2904', symbol: { text: LM2904 }, footprint: { text: SOIC8 }, model: { bytes: bad, name: 'x.wrl', format: 'wrl' } });
    expect(find(r, 'model.unreadable').severity).toBe('error');
  });
});

describe('package pin counts', () => {
  it('reads the pin count of package names and leaves others alone', () => {
    expect(packagePins('SOIC-8_3.9x4.9mm_P1.27mm')).toMatchObject({ pins: 8, exposedPads: 0 });
    expect(packagePins('QFN-32-1EP_5x5mm_P0.5mm_EP3.45x3.45mm')).toMatchObject({ family: 'QFN', pins: 32, exposedPads: 1 });
    expect(packagePins('HTSSOP-20-1EP_4.4x6.5mm')).toMatchObject({ family: 'HTSSOP', pins: 20 });
    expect(packagePins('SOT-23-5')).toMatchObject({ pins: 5 });
    expect(packagePins('LQFP-64_10x10mm_P0.5mm')).toMatchObject({ pins: 64 });
    expect(packagePins('DIP-14_W7.62mm')).toMatchObject({ pins: 14 });
    expect(packagePins('BGA-121_9.0x9.0mm')).toMatchObject({ pins: 121 });
    for (const none of ['SOT-23', 'SOT-223', 'TO-92_Inline', 'R_0603_1608Metric', 'PowerIntegrations_SO-8C', 'Oscillator_DIP-14']) expect(packagePins(none)).toBeNull();
    // KiCad's naming of pins left out, pins present of positions, and numbered tabs.
    expect(packagePins('DIP-8-N7_W7.62mm')).toMatchObject({ pins: 8, alsoPins: [7] });
    expect(packagePins('QFN-12-10-1EP_3x3mm_P0.5mm')).toMatchObject({ pins: 12, alsoPins: [10], exposedPads: 1 });
    expect(packagePins('SOIC-16W-12_7.5x10.3mm_P1.27mm')).toMatchObject({ pins: 16, alsoPins: [12] });
    expect(packagePins('TO-263-7_TabPin8')).toMatchObject({ pins: 7, alsoPins: [8] });
    expect(packagePins('SO-8EP_3.9x4.9mm')).toMatchObject({ pins: 8, exposedPads: 1 });
  });
  it('reads a package from a part number only when spelled out after a separator', () => {
    expect(mpnPackagePins('ACME123-TSSOP20')).toMatchObject({ pins: 20 });
    for (const none of ['TSOP341xx', 'LM2904', 'ISO7721DR', 'SO8', 'STM32F030F4Px', 'STM32WB55RGVx', 'STM32F469NEHx']) expect(mpnPackagePins(none)).toBeNull();
  });
  it("reads ST's STM32 ordering code for LQFP and UFQFPN parts", () => {
    expect(mpnPackagePins('STM32F103C8Tx')).toMatchObject({ family: 'LQFP', pins: 48, exposedPads: 0 });
    expect(mpnPackagePins('STM32F103C8T6')).toMatchObject({ pins: 48 });
    expect(mpnPackagePins('STM32L4R5ZITx')).toMatchObject({ family: 'LQFP', pins: 144 });
    expect(mpnPackagePins('STM32G031K8Ux')).toMatchObject({ family: 'UFQFPN', pins: 32, exposedPads: 1 });
    // An STM32 in LQFP-48 on the SOIC-8 footprint: the wrong footprint, with both numbers.
    const r = checkComponentAssets({ mpn: 'STM32F103C8Tx', footprint: { text: SOIC8 } });
    expect(find(r, 'package.mpnPins')).toEqual({ code: 'package.mpnPins', severity: 'error', vars: { package: 'LQFP48', expected: 48, pads: 8, mpn: 'STM32F103C8Tx' } });
    expect(findingText(find(r, 'package.mpnPins'), 'en')).toBe('The package "LQFP48" in part number STM32F103C8Tx means 48 pins, but the footprint has 8 pad numbers: probably the wrong footprint.');
  });
  it('reports a SOT-23-5 footprint whose pads do not match its name, with both numbers', () => {
    const wrong = SOT23_5.replace(/\n {2}\(pad "5"[^\n]*/, '');
    expect(wrong).not.toBe(SOT23_5);
    const r = checkComponentAssets({ mpn: 'X', footprint: { text: wrong } });
    expect(find(r, 'package.footprintPins').vars).toMatchObject({ package: 'SOT-23-5', expected: 5, pads: 4 });
  });
  it('reports a part number naming a package the footprint does not have', () => {
    const r = checkComponentAssets({ mpn: 'ACME123-TSSOP20', symbol: { text: LM2904 }, footprint: { text: SOIC8 }, model });
    expect(find(r, 'package.mpnPins')).toMatchObject({ severity: 'error', vars: { expected: 20, pads: 8 } });
  });
});

describe('finding sentences', () => {
  it('every code the check emits has a zh and an en sentence with no unfilled value', () => {
    const emitted: Finding[] = [];
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    const inputs = [
      { mpn: 'LM2904', symbol: { text: LM2904 }, footprint: { text: SOT23_5 }, model: { bytes: png, name: 'a.wrl', format: 'wrl' as const } },
      { mpn: 'X-TSSOP20', symbol: { text: LM2904.replace('(number "2"', '(number "1"') }, footprint: { text: lib('SOIC-8_3.9x4.9mm_P1.27mm.kicad5.kicad_mod') }, model },
      { mpn: 'X', symbol: { text: '' }, footprint: null, model: null },
    ];
    for (const input of inputs) emitted.push(...checkComponentAssets(input).findings);
    expect(emitted.length).toBeGreaterThan(6);
    for (const f of emitted) {
      expect(hasFindingText(f.code)).toBe(true);
      for (const locale of ['zh', 'en'] as const) expect(findingText(f, locale)).not.toMatch(/\{\w+\}/);
    }
  });
});
