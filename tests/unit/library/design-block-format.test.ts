import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createZip, readZip } from '../../../src/lib/files/zip.ts';
import { blockFileName, kicadReleaseOf, lineTextProblem, multilineTextProblem, readBlockSheet } from '../../../src/lib/library/blocks.ts';
import { designBlockJson, DesignBlockFormatError, parseDesignBlockJson, readDesignBlocks, writeDesignBlock } from '../../../src/lib/library/design-block-format.ts';

// KiCad 9's design block folder written and read back by our own code (issue #16 item 6), on a
// real sheet (KiCad's rectifier demo), and the pure rules of blocks.ts: names as KiCad files,
// plain-text fields, what a sheet holds, and sheets refused.

const FIXTURES = join(import.meta.dirname, '../../fixtures');
const RECTIFIER = readFileSync(join(FIXTURES, 'library/blocks/rectifier.kicad_sch'), 'utf8');
const FAN9 = readFileSync(join(FIXTURES, 'kicad/projects/bitaxe-gamma/fan.kicad_sch'), 'utf8');

describe('design block format (KiCad 9)', () => {
  it('writes <name>.kicad_block/<name>.kicad_sch and <name>.json, the sheet unchanged', () => {
    const files = writeDesignBlock({ name: 'Half-wave rectifier', schematic: RECTIFIER, description: '半波整流', keywords: 'rectifier diode', fields: {} });
    expect(files.map((f) => f.path)).toEqual(['Half-wave rectifier.kicad_block/Half-wave rectifier.kicad_sch', 'Half-wave rectifier.kicad_block/Half-wave rectifier.json']);
    expect(files[0]!.data).toBe(RECTIFIER);
  });

  it('writes the metadata as KiCad does: description, keywords, fields; one member a line', () => {
    expect(designBlockJson({ description: '半波整流 "demo"', keywords: 'rectifier', fields: {} })).toBe('{\n"description": "半波整流 \\"demo\\"",\n"keywords": "rectifier",\n"fields": {}\n}');
    const withFields = designBlockJson({ description: '', keywords: '', fields: { Sim: 'spice', Rev: 'A' } });
    expect(withFields).toBe('{\n"description": "",\n"keywords": "",\n"fields": {\n"Sim": "spice",\n"Rev": "A"\n}\n}');
    expect(JSON.parse(withFields)).toEqual({ description: '', keywords: '', fields: { Sim: 'spice', Rev: 'A' } });
  });

  it('puts the folder inside <lib>.kicad_blocks/ when a library is named', () => {
    const files = writeDesignBlock({ name: 'psu', schematic: RECTIFIER, description: '', keywords: '', fields: {} }, { library: 'My blocks' });
    expect(files[0]!.path).toBe('My blocks.kicad_blocks/psu.kicad_block/psu.kicad_sch');
  });

  it('reads back what it wrote, through a zip', () => {
    const block = { name: 'rectifier', schematic: RECTIFIER, description: 'Half-wave rectifier\nwith a smoothing capacitor', keywords: 'diode, psu', fields: { Source: 'KiCad demos' } };
    const zip = createZip(writeDesignBlock(block).map((f) => ({ name: f.path, data: f.data })));
    const entries = readZip(zip).map((e) => ({ path: e.name, data: new Uint8Array(e.data) }));
    expect(readDesignBlocks(entries)).toEqual([block]);
  });

  it('reads blocks inside a library folder, without metadata, and ignores other files', () => {
    const blocks = readDesignBlocks([
      { path: 'lib.kicad_blocks/a.kicad_block/a.kicad_sch', data: RECTIFIER },
      { path: 'lib.kicad_blocks/b.kicad_block/b.kicad_sch', data: FAN9 },
      { path: 'lib.kicad_blocks/b.kicad_block/b.json', data: '{"description":"fan","keywords":"pwm"}' },
      { path: 'lib.kicad_blocks/c.kicad_block/other.kicad_sch', data: RECTIFIER },
      { path: 'README.md', data: 'x' },
    ]);
    expect(blocks.map((b) => [b.name, b.description, b.keywords, b.fields])).toEqual([
      ['a', '', '', {}],
      ['b', 'fan', 'pwm', {}],
    ]);
  });

  it('refuses metadata KiCad could not read', () => {
    expect(() => parseDesignBlockJson('not json')).toThrow(DesignBlockFormatError);
    expect(() => parseDesignBlockJson('[]')).toThrow(DesignBlockFormatError);
    expect(() => parseDesignBlockJson('{"description": 3}')).toThrow(/description/);
    expect(() => parseDesignBlockJson('{"fields": {"a": 1}}')).toThrow(/field "a"/);
  });

  it('names files as KiCad can list them: no separators, no dots, never empty', () => {
    expect(blockFileName('LDO 3.3V / 500mA')).toBe('LDO 3_3V _ 500mA');
    expect(blockFileName('a:b*c?"d"<e>|f\\g')).toBe('a_b_c__d__e__f_g');
    expect(blockFileName('   ')).toBe('block');
    expect(blockFileName('电源模块')).toBe('电源模块');
  });
});

describe('blocks: plain text and sheets', () => {
  it('refuses markup, control characters, empty and long names', () => {
    expect(lineTextProblem('LDO 3.3V', 50, true)).toBeNull();
    expect(lineTextProblem('a < b', 50, true)).toBeNull();
    expect(lineTextProblem('<b>bold</b>', 50, true)).toBe('markup');
    expect(lineTextProblem('x</p>', 50, true)).toBe('markup');
    expect(lineTextProblem('a\tb', 50, true)).toBe('control');
    expect(lineTextProblem('', 50, true)).toBe('empty');
    expect(lineTextProblem('', 50, false)).toBeNull();
    expect(lineTextProblem('x'.repeat(51), 50, true)).toBe('tooLong');
    expect(lineTextProblem('电'.repeat(50), 50, true)).toBeNull();
    expect(multilineTextProblem('line 1\nline 2\ttab', 100)).toBeNull();
    expect(multilineTextProblem('bell\u0007', 100)).toBe('control');
    expect(multilineTextProblem('<script>alert(1)</script>', 100)).toBe('markup');
  });

  it('reads a KiCad 6 demo sheet: counts, version, a preview without the page frame', () => {
    const out = readBlockSheet(RECTIFIER, 'rectifier.kicad_sch');
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.info).toEqual({ symbols: 7, parts: 5, wires: expect.any(Number) as number, labels: expect.any(Number) as number, junctions: expect.any(Number) as number, sheets: 0, version: 20210621, kicad: 'KiCad 6', preview: true });
    expect(out.info.wires).toBeGreaterThan(3);
    expect(out.svg).toMatch(/^<svg[\s>]/);
    expect(out.svg!.length).toBeLessThan(300 * 1024);
  });

  it('tells KiCad 9 from the generator version', () => {
    const out = readBlockSheet(FAN9, 'fan.kicad_sch');
    expect(out.ok && out.info.kicad).toBe('KiCad 9');
    expect(kicadReleaseOf(20231120)).toBe('KiCad 8');
    expect(kicadReleaseOf(20230121)).toBe('KiCad 7');
    expect(kicadReleaseOf(null)).toBeNull();
  });

  it('refuses a KiCad 5 sheet, a board, an image and an empty sheet, each with its reason', () => {
    const legacy = readBlockSheet('EESchema Schematic File Version 4\nEELAYER 30 0\nEELAYER END\n$EndSCHEMATC\n', 'old.sch');
    expect(legacy).toMatchObject({ ok: false, problem: { key: 'kicad.legacyFile' } });
    expect(readBlockSheet('(kicad_pcb (version 20211014))', 'x.kicad_sch')).toMatchObject({ ok: false, problem: { key: 'kicad.notSchematic' } });
    expect(readBlockSheet(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'x.kicad_sch')).toMatchObject({ ok: false, problem: { key: 'kicad.binary' } });
    expect(readBlockSheet('(kicad_sch (version 20250114) (generator "eeschema") (uuid "5b0c5b6e-0000-4000-8000-000000000000") (paper "A4"))', 'e.kicad_sch')).toMatchObject({
      ok: false,
      problem: { key: 'blocks.sheetEmpty' },
    });
  });
});
