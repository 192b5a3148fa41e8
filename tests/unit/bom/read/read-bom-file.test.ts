import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { assembleZip, compressData, createZip } from '../../../../src/lib/files/zip.ts';
import { BOM_READ_LIMITS } from '../../../../src/lib/bom/read/limits.ts';
import { BomReadError, type BomReadProblemKey } from '../../../../src/lib/bom/read/problems.ts';
import { readBomFile } from '../../../../src/lib/bom/read/read-bom-file.ts';
import { serverMessage } from '../../../../src/lib/server/messages/server-message.ts';
import { buildXlsx, inlineRows } from './xlsx-builder.ts';

const fixture = (name: string) => readFileSync(new URL(`../../../fixtures/bom/read/${name}`, import.meta.url));

/** The problem readBomFile refuses the file with (fails the test when it reads it instead). */
function problemOf(bytes: Uint8Array, name: string, limits = BOM_READ_LIMITS): { key: BomReadProblemKey; vars: unknown; ms: number; detail: string } {
  const started = performance.now();
  try {
    readBomFile(bytes, name, limits);
  } catch (error) {
    if (error instanceof BomReadError) return { key: error.key, vars: error.vars, ms: performance.now() - started, detail: error.message };
    throw error;
  }
  throw new Error(`${name} was read, not refused`);
}

const MB = 1024 * 1024;

describe('readBomFile: real-looking exports', () => {
  it('a KiCad grouped CSV: preamble lines, quoted fields, a DNP line', () => {
    const r = readBomFile(fixture('kicad-grouped.csv'), 'kicad-grouped.csv');
    expect(r).toMatchObject({ format: 'csv', encoding: 'utf-8', defaultSheet: 0, warnings: [] });
    const rows = r.sheets[0]!.rows;
    expect(r.sheets[0]!.name).toBe('kicad-grouped');
    expect(rows).toHaveLength(15);
    expect(rows[0]).toEqual(['Source:', '/home/user/projects/sensor-node/sensor-node.kicad_sch']);
    expect(rows[5]).toEqual(['Ref', 'Qnty', 'Value', 'Cmp name', 'Footprint', 'Description', 'Vendor', 'DNP']);
    expect(rows[7]).toEqual(['C3', '1', '10uF', 'C', 'Capacitor_SMD:C_0805_2012Metric', 'Unpolarized capacitor, 10V X5R']);
    expect(rows[12]).toEqual(['R5', '1', '0R', 'R', 'Resistor_SMD:R_0402_1005Metric', 'Resistor', '', 'DNP']);
  });

  it('a purchasing CSV in GBK: Chinese headers and brands, a quoted cell with quotes and a newline', () => {
    const r = readBomFile(fixture('purchasing-gbk.csv'), '采购清单.csv');
    expect(r).toMatchObject({ format: 'csv', encoding: 'gb18030', warnings: [{ key: 'bom.read.encodingGuessed', vars: { encoding: 'GB18030' } }] });
    expect(r.sheets[0]!.name).toBe('采购清单');
    expect(r.sheets[0]!.rows).toEqual([
      ['序号', '型号', '品牌', '封装', '描述', '数量', '位号'],
      ['1', 'RC0603FR-0710KL', 'YAGEO(国巨)', '0603', '贴片电阻 10KΩ ±1%', '4', 'R1,R2,R3,R4'],
      ['2', 'CL10B104KB8NNNC', 'SAMSUNG(三星)', '0603', '贴片电容 100nF 50V X7R', '2', 'C1,C2'],
      ['3', 'AMS1117-3.3', 'AMS', 'SOT-223', '稳压芯片 3.3V 1A', '1', 'U2'],
      ['4', '说明:含"引号"与换行\n第二行', '立创', '', '备注', '1', 'J1'],
    ]);
  });

  it('a UTF-16 TSV (Excel "Unicode text")', () => {
    const r = readBomFile(fixture('easyeda-utf16.tsv'), 'bom.tsv');
    expect(r).toMatchObject({ format: 'tsv', encoding: 'utf-16le', warnings: [] });
    expect(r.sheets[0]!.rows[3]).toEqual(['D1', 'LED 红色', 'LED_0805_2012Metric', '1']);
  });

  it('an Altium-style xlsx: the visible sheet with data is offered first, the empty one warned about', () => {
    const r = readBomFile(fixture('altium-title-block.xlsx'), 'PowerBoard.xlsx');
    expect(r.format).toBe('xlsx');
    expect(r.encoding).toBeNull();
    expect(r.sheets.map((s) => s.name)).toEqual(['BOM', 'Notes', 'Empty']);
    expect(r.defaultSheet).toBe(0);
    expect(r.warnings).toEqual([{ key: 'bom.read.sheetEmpty', vars: { sheet: 'Empty' } }]);
  });

  it('an Excel 97–2003 .xls written by xlwt, whatever its name', () => {
    const r = readBomFile(fixture('xlwt-biff8.xls'), 'bom.xlsx');
    expect(r).toMatchObject({ format: 'xls', encoding: null, defaultSheet: 0, warnings: [] });
    expect(r.sheets.map((s) => [s.name, s.hidden])).toEqual([
      ['物料清单', false],
      ['Hidden', true],
      ['Long', false],
    ]);
  });

  it('the type comes from the content: CSV text named .xlsx is read as CSV', () => {
    expect(readBomFile(Buffer.from('Ref,Qty\nR1,1\n'), 'bom.xlsx')).toMatchObject({ format: 'csv', sheets: [{ name: 'bom', rows: [['Ref', 'Qty'], ['R1', '1']] }] });
  });
});

describe('readBomFile: bad input gets a clear problem', () => {
  it('a 50 MB file', () => {
    const p = problemOf(new Uint8Array(50 * MB), 'huge.csv');
    expect(p).toMatchObject({ key: 'bom.read.tooLarge', vars: { megabytes: 10 } });
    expect(serverMessage(p.key, 'zh', p.vars as Record<string, number>)).toBe('BOM 文件不能超过 10MB');
    expect(serverMessage(p.key, 'en', p.vars as Record<string, number>)).toBe('The BOM file must be at most 10 MB');
  });

  it('an image renamed .xlsx, a PDF, a zip that is no workbook, random bytes', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } }).png().toBuffer();
    expect(problemOf(png, 'photo.xlsx')).toMatchObject({ key: 'bom.read.unsupportedType', vars: { name: 'photo.xlsx' } });
    expect(problemOf(Buffer.from('%PDF-1.7\n...'), 'bom.csv').key).toBe('bom.read.unsupportedType');
    const docx = createZip([{ name: '[Content_Types].xml', data: '<Types/>' }, { name: 'word/document.xml', data: '<w:document/>' }]);
    expect(problemOf(docx, 'bom.xlsx').key).toBe('bom.read.unsupportedType');
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    expect(problemOf(noise, 'bom.csv').key).toBe('bom.read.unsupportedType');
  });

  it('a password-protected workbook and an Excel 95 .xls (with the "save as xlsx" message)', () => {
    expect(problemOf(fixture('password-protected.xlsx'), 'secret.xlsx').key).toBe('bom.read.encrypted');
    const xls = problemOf(fixture('excel95.xls'), 'old.xls');
    expect(xls.key).toBe('bom.read.xlsNotSupported');
    expect(serverMessage(xls.key, 'zh')).toContain('另存为');
    expect(serverMessage(xls.key, 'en')).toContain('Save As');
  });

  it('a zip bomb disguised as xlsx: refused from the directory, before inflating, in milliseconds', () => {
    // Under the 24 MB entry limit, so that the ratio refuses it (issue #36 lowered that limit).
    const zeros = compressData(new Uint8Array(16 * MB), 9);
    expect(zeros.body.length).toBeLessThan(20 * 1024); // 16 MB of zeros in a few dozen KB
    const bomb = Buffer.concat(
      assembleZip([
        { name: '[Content_Types].xml', data: compressData('<Types/>') },
        { name: 'xl/workbook.xml', data: compressData('<workbook><sheets><sheet name="S" r:id="rId1"/></sheets></workbook>') },
        { name: 'xl/worksheets/sheet1.xml', data: zeros },
      ]).chunks,
    );
    const p = problemOf(bomb, 'bom.xlsx');
    expect(p).toMatchObject({ key: 'bom.read.zipBomb', detail: expect.stringMatching(/expands \d{3,}×/) });
    expect(p.ms).toBeLessThan(100);
  });

  it('a zip whose directory lies about the size: inflating stops at the declared size', () => {
    const sheet = compressData(new Uint8Array(4 * MB), 9);
    const lying = { ...sheet, size: 1000 }; // declared 1000 bytes: passes the ratio check
    const entries = [
      { name: '[Content_Types].xml', data: compressData('<Types/>') },
      { name: 'xl/workbook.xml', data: compressData('<workbook xmlns:r="r"><sheets><sheet name="S" r:id="rId1"/></sheets></workbook>') },
      { name: 'xl/_rels/workbook.xml.rels', data: compressData('<Relationships><Relationship Id="rId1" Type="x/worksheet" Target="worksheets/sheet1.xml"/></Relationships>') },
      { name: 'xl/worksheets/sheet1.xml', data: lying },
    ];
    expect(problemOf(Buffer.concat(assembleZip(entries).chunks), 'bom.xlsx')).toMatchObject({ key: 'bom.read.zipBomb', detail: expect.stringContaining('beyond its declared size') });
  });

  it('too many zip entries, too much in total', () => {
    const many = createZip(Array.from({ length: 1001 }, (_, i) => ({ name: `xl/e${i}.xml`, data: 'x' })).concat([{ name: '[Content_Types].xml', data: '' }, { name: 'xl/workbook.xml', data: '' }]));
    expect(problemOf(many, 'bom.xlsx').key).toBe('bom.read.zipBomb');
    const big = buildXlsx({ sheets: [{ name: 'S', sheetData: inlineRows([['a'.repeat(3000)], ['b'.repeat(3000)]]) }] });
    expect(problemOf(big, 'bom.xlsx', { ...BOM_READ_LIMITS, maxZipTotalBytes: 4000 }).key).toBe('bom.read.zipBomb');
  });

  it('a truncated or damaged workbook', () => {
    const good = buildXlsx({ sheets: [{ name: 'S', sheetData: inlineRows([['Ref'], ['R1']]) }] });
    expect(problemOf(good.subarray(0, good.length - 30), 'bom.xlsx').key).toBe('bom.read.corrupt');
    const flipped = Buffer.from(good);
    const at = flipped.indexOf('xl/worksheets/sheet1.xml') + 'xl/worksheets/sheet1.xml'.length + 5; // inside the sheet's deflated body
    flipped[at] = flipped[at]! ^ 0xff;
    expect(problemOf(flipped, 'bom.xlsx').key).toBe('bom.read.corrupt');
  });

  it('an empty file, blank lines only, a header-only sheet', () => {
    expect(problemOf(new Uint8Array(0), 'bom.csv').key).toBe('bom.read.empty');
    expect(problemOf(Buffer.from('\r\n ,, \r\n\r\n'), 'bom.csv').key).toBe('bom.read.empty');
    expect(problemOf(Buffer.from('Ref,Value,Qty\r\n'), 'bom.csv').key).toBe('bom.read.headerOnly');
    const workbook = buildXlsx({ sheets: [{ name: 'Head', sheetData: inlineRows([['Ref', 'Qty']]) }, { name: 'Blank', sheetData: '' }] });
    expect(problemOf(workbook, 'bom.xlsx').key).toBe('bom.read.headerOnly');
  });

  it('a header-only sheet beside one with data is a warning; a hidden data sheet is offered only when no visible one has data', () => {
    const r = readBomFile(buildXlsx({ sheets: [{ name: 'Head', sheetData: inlineRows([['Ref', 'Qty']]) }, { name: 'Data', sheetData: inlineRows([['Ref'], ['R1']]) }] }), 'b.xlsx');
    expect(r.warnings).toEqual([{ key: 'bom.read.sheetHeaderOnly', vars: { sheet: 'Head' } }]);
    expect(r.defaultSheet).toBe(1);
    const hidden = readBomFile(buildXlsx({ sheets: [{ name: 'Data', state: 'hidden', sheetData: inlineRows([['Ref'], ['R1']]) }, { name: 'Head', sheetData: inlineRows([['x']]) }] }), 'b.xlsx');
    expect(hidden.defaultSheet).toBe(0);
  });

  it('100,000 rows: refused at the limit, fast, with the numbers in the message (CSV and xlsx)', () => {
    const lines = ['Designator,Value,Footprint,Qty'];
    for (let i = 1; i <= 100_000; i++) lines.push(`R${i},${i % 97}k,Resistor_SMD:R_0603_1608Metric,1`);
    const csv = Buffer.from(lines.join('\r\n'));
    const p = problemOf(csv, 'big.csv');
    expect(p).toMatchObject({ key: 'bom.read.tooManyRows', vars: { sheet: 'big', max: 20_000 } });
    expect(serverMessage(p.key, 'en', p.vars as Record<string, string>)).toBe('Sheet "big" has more than 20000 rows; split it and upload the parts separately');
    expect(p.ms).toBeLessThan(1500);
    const rows = [['Designator', 'Value', 'Qty'], ...Array.from({ length: 100_000 }, (_, i) => [`R${i + 1}`, '10k', '1'])];
    const xp = problemOf(buildXlsx({ sheets: [{ name: 'BOM', sheetData: inlineRows(rows) }] }), 'big.xlsx');
    expect(xp).toMatchObject({ key: 'bom.read.tooManyRows', vars: { sheet: 'BOM', max: 20_000 } });
    expect(xp.ms).toBeLessThan(3000);
    console.info(`100,000-row refusal: csv ${p.ms.toFixed(0)} ms (${(csv.length / MB).toFixed(1)} MB), xlsx ${xp.ms.toFixed(0)} ms`);
  });

  it('too many columns', () => {
    const wide = Buffer.from(`${Array.from({ length: 250 }, (_, i) => `c${i}`).join(',')}\n1,2\n`);
    expect(problemOf(wide, 'wide.csv')).toMatchObject({ key: 'bom.read.tooManyColumns', vars: { sheet: 'wide', max: 200, row: 1 } });
  });

  it('randomly damaged files are read or refused with a problem, never crash the reader', () => {
    let seed = 12345; // a fixed sequence: the same mutations every run
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (const name of ['xlwt-biff8.xls', 'altium-title-block.xlsx', 'purchasing-gbk.csv']) {
      const base = fixture(name);
      const outcomes = { read: 0, refused: 0 };
      for (let i = 0; i < 300; i++) {
        const bytes = Buffer.from(base);
        for (let k = 1 + Math.floor(random() * 8); k > 0; k--) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
        try {
          readBomFile(bytes, name);
          outcomes.read++;
        } catch (error) {
          expect(error).toBeInstanceOf(BomReadError);
          outcomes.refused++;
        }
      }
      expect(outcomes.read + outcomes.refused).toBe(300);
    }
  });

  it('every problem and warning key has both languages', () => {
    const keys = ['bom.read.tooLarge', 'bom.read.unsupportedType', 'bom.read.xlsNotSupported', 'bom.read.encrypted', 'bom.read.zipBomb', 'bom.read.corrupt', 'bom.read.empty', 'bom.read.headerOnly', 'bom.read.tooManyRows', 'bom.read.tooManyColumns', 'bom.read.tooManySheets', 'bom.read.sheetEmpty', 'bom.read.sheetHeaderOnly', 'bom.read.encodingGuessed'] as const;
    for (const key of keys) {
      expect(serverMessage(key, 'zh')).toMatch(/[\u4e00-\u9fff]/);
      expect(serverMessage(key, 'en')).toMatch(/^[\x20-\x7e]+$/);
    }
  });
});

describe('readBomFile: read times', () => {
  const makeRows = (n: number) => [
    ['Designator', 'Comment', 'Description', 'Footprint', 'Manufacturer', 'MPN', 'Quantity'],
    ...Array.from({ length: n }, (_, i) => [`R${i + 1}`, `${(i % 90) + 10}k`, `贴片电阻 0603 ${(i % 90) + 10}kΩ ±1%`, 'Resistor_SMD:R_0603_1608Metric', 'YAGEO(国巨)', `RC0603FR-07${(i % 90) + 10}KL`, String((i % 4) + 1)]),
  ];
  for (const n of [1_000, 5_000]) {
    it(`${n} lines as xlsx (shared strings) and as CSV`, () => {
      const rows = makeRows(n);
      const strings = [...new Set(rows.flat())];
      const index = new Map(strings.map((s, i) => [s, i]));
      const sheetData = rows.map((row, r) => `<row r="${r + 1}">${row.map((v, c) => `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="s"><v>${index.get(v)}</v></c>`).join('')}</row>`).join('');
      const xlsx = buildXlsx({ sharedStrings: strings, sheets: [{ name: 'BOM', sheetData }] });
      const csv = Buffer.from(rows.map((r) => r.map((c) => `"${c}"`).join(',')).join('\r\n'));
      const time = (bytes: Uint8Array, name: string) => {
        readBomFile(bytes, name); // warm-up
        const started = performance.now();
        const result = readBomFile(bytes, name);
        return { ms: performance.now() - started, result };
      };
      const x = time(xlsx, 'bom.xlsx');
      const c = time(csv, 'bom.csv');
      expect(x.result.sheets[0]!.rows).toEqual(rows);
      expect(c.result.sheets[0]!.rows).toEqual(rows);
      expect(x.ms).toBeLessThan(2000);
      expect(c.ms).toBeLessThan(2000);
      console.info(`${n} lines: xlsx ${x.ms.toFixed(1)} ms (${(xlsx.length / 1024).toFixed(0)} KB), csv ${c.ms.toFixed(1)} ms (${(csv.length / 1024).toFixed(0)} KB)`);
    });
  }
});
