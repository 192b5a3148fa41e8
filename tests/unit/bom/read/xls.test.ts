import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openCfb } from '../../../../src/lib/bom/read/cfb.ts';
import { BOM_READ_LIMITS } from '../../../../src/lib/bom/read/limits.ts';
import { readXls } from '../../../../src/lib/bom/read/xls.ts';

// The .xls fixture is written by xlwt (tests/fixtures/bom/read/make-fixtures.py), not by us.
const xls = new Uint8Array(readFileSync(new URL('../../../fixtures/bom/read/xlwt-biff8.xls', import.meta.url)));

describe('readXls (BIFF8)', () => {
  const sheets = readXls(xls, BOM_READ_LIMITS);

  it('reads strings, RK and NUMBER numbers, a date, percentages, booleans and a merged title', () => {
    expect(sheets[0]!.rows).toEqual([
      Array(5).fill('BOM — 电源板'),
      [],
      ['位号', '型号', '描述', '数量', '精度'],
      ['R1,R2', 'RC0603FR-0710KL', '贴片电阻 0603 10KΩ', '2', '1%'],
      ['C1', 'CL10B104KB8NNNC', 'MLCC 100nF', '1', '10%'],
      ['U1', 'STM32F103C8T6', '=cmd text', '1'],
      ['Total'], // xlwt stores no cached value for SUM(D4:D6)
      ['2026-01-02', '123456.789', '0.3', '-70000', 'TRUE'],
    ]);
  });

  it('marks the hidden sheet', () => {
    expect(sheets[1]).toEqual({ name: 'Hidden', hidden: true, rows: [['x'], ['y']] });
  });

  it('reads a shared-string table that spans CONTINUE records, wide and compressed strings split across them', () => {
    const expected = Array.from({ length: 600 }, (_, i) => {
      const n = String(i).padStart(4, '0');
      return [i % 2 === 0 ? `长字符串${n}${'电阻电容电感'.repeat(5)}` : `Long latin string ${n} `.repeat(3).trim()];
    });
    expect(sheets[2]!.rows).toEqual(expected);
  });

  it('applies the row limit', () => {
    expect(() => readXls(xls, { ...BOM_READ_LIMITS, maxRows: 100 })).toThrow(expect.objectContaining({ key: 'bom.read.tooManyRows', vars: { sheet: 'Long', max: 100 } }));
  });

  it('refuses a damaged stream as corrupt, never reading out of bounds', () => {
    const cut = xls.slice(0, 2048);
    expect(() => readXls(cut, BOM_READ_LIMITS)).toThrow(expect.objectContaining({ key: 'bom.read.corrupt' }));
    const stream = openCfb(xls)!.stream('Workbook')!;
    expect(stream[0]).toBe(0x09); // BOF
    const garbled = xls.slice();
    const at = Buffer.from(garbled).indexOf(Buffer.from(stream.subarray(0, 16)));
    garbled[at + 2] = 0xff; // BOF length 0xFFFF: past the end of the stream
    garbled[at + 3] = 0xff;
    expect(() => readXls(garbled, BOM_READ_LIMITS)).toThrow(expect.objectContaining({ key: 'bom.read.corrupt' }));
  });
});

describe('openCfb', () => {
  it('lists the streams and reads one', () => {
    const cfb = openCfb(xls)!;
    expect(cfb.names).toEqual(['Workbook']);
    expect(cfb.stream('Workbook')!.length).toBeGreaterThan(4096);
    expect(cfb.stream('Nope')).toBeNull();
  });

  it('returns null for a broken header', () => {
    const broken = xls.slice();
    broken[0x1e] = 7; // sector shift
    expect(openCfb(broken)).toBeNull();
    expect(openCfb(new Uint8Array(100))).toBeNull();
  });
});
