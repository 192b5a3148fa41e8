import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogRecordJsonSchema } from '../../../src/lib/catalog/import/json-schema.ts';
import { deriveMfgMpnCode } from '../../../src/lib/catalog/import/catalog-record.ts';
import { readCsvRows } from '../../../src/lib/catalog/import/csv.ts';
import { readRecords, type RecordOrError } from '../../../src/lib/catalog/import/read-records.ts';

const dir = mkdtempSync(join(tmpdir(), 'chipedia-import-'));
const good = { mpn: 'RC0603FR-0710KL', brand: 'yageo', cateId: 3101, source: 'test', licence: 'test', params: [{ key: 'resistance', value: 10000, unit: 'Ω' }] };

async function collect(path: string): Promise<RecordOrError[]> {
  const out: RecordOrError[] = [];
  for await (const item of readRecords(path)) out.push(item);
  return out;
}
async function* once(s: string) {
  yield s;
}

describe('NDJSON reader', () => {
  it('validates each line and reports bad ones with line number and field', async () => {
    const path = join(dir, 'a.ndjson');
    const lines = [
      JSON.stringify(good),
      '{"mpn": "X", "brand": "yageo"',
      JSON.stringify({ ...good, cateId: 'twelve' }),
      '',
      JSON.stringify({ ...good, datasheetUrl: 'javascript:alert(1)' }),
      JSON.stringify({ ...good, params: [{ key: 'resistance' }] }),
      JSON.stringify({ ...good, mpn: 'X'.repeat(500) }),
      JSON.stringify({ ...good, mpn: 'GRM188R71H104KA93D' }),
    ];
    writeFileSync(path, lines.join('\n'));
    const items = await collect(path);
    expect(items.map((i) => i.line)).toEqual([1, 2, 3, 5, 6, 7, 8]);
    expect('record' in items[0]!).toBe(true);
    expect((items[1] as { error: string }).error).toMatch(/^not valid JSON/);
    expect((items[2] as { error: string }).error).toMatch(/^cateId: /);
    expect((items[3] as { error: string }).error).toMatch(/^datasheetUrl: /);
    expect((items[4] as { error: string }).error).toMatch(/^params\.0: a parameter needs value or text/);
    expect((items[5] as { error: string }).error).toMatch(/^mpn: /);
    expect('record' in items[6]!).toBe(true);
  });

  it('reports non-UTF-8 lines and goes on', async () => {
    const path = join(dir, 'b.ndjson');
    writeFileSync(path, Buffer.concat([Buffer.from(`${JSON.stringify(good)}\n{"mpn":"\xff\xfe"}\n`, 'latin1'), Buffer.from(JSON.stringify(good))]));
    const items = await collect(path);
    expect(items).toHaveLength(3);
    expect(items[1]).toEqual({ line: 2, error: 'not valid UTF-8' });
    expect('record' in items[2]!).toBe(true);
  });
});

describe('CSV reader', () => {
  it('parses quotes, doubled quotes and line breaks in fields', async () => {
    const rows = [];
    for await (const r of readCsvRows(once('a,b\r\n"x, y","say ""hi"""\n"multi\nline",z\n'))) rows.push(r);
    expect(rows).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 3, fields: ['multi\nline', 'z'] },
    ]);
  });

  it('maps flat columns and param columns, with per-line errors', async () => {
    const path = join(dir, 'c.csv');
    writeFileSync(
      path,
      'mpn,brand,cateId,package,param:resistance[Ω],param:dielectric,source,licence\n' +
        'RC0603FR-0710KL,yageo,3101,0603,10000,,s,l\n' +
        'CL10B104KB8NNNC,samsung-em,3201,0603,,X7R,s,l\n' +
        'bad,yageo,3101\n' +
        'X,yageo,abc,0603,1,,s,l\n',
    );
    const items = await collect(path);
    expect(items[0]).toMatchObject({ line: 2, record: { mpn: 'RC0603FR-0710KL', cateId: 3101, params: [{ key: 'resistance', value: 10000, unit: 'Ω' }] } });
    expect(items[1]).toMatchObject({ line: 3, record: { params: [{ key: 'dielectric', text: 'X7R' }] } });
    expect(items[2]).toEqual({ line: 4, error: 'expected 8 columns, found 3' });
    expect((items[3] as { error: string }).error).toMatch(/^cateId: /);
  });

  it('rejects unknown columns once, clearly', async () => {
    const path = join(dir, 'd.csv');
    writeFileSync(path, 'mpn,colour\nX,red\n');
    expect(await collect(path)).toEqual([{ line: 0, error: 'line 1: unknown column(s) colour' }]);
  });
});

describe('record schema', () => {
  it('derives URL-safe product codes', () => {
    expect(deriveMfgMpnCode('STM32F103C8T6', 'st')).toBe('STM32F103C8T6_st');
    expect(deriveMfgMpnCode('74HC595D,118', 'nexperia')).toBe('74HC595D_118_nexperia');
    expect(deriveMfgMpnCode('IRLZ44N#PBF', 'infineon')).toBe('IRLZ44N_PBF_infineon');
  });

  it('the committed JSON Schema is the generated one (npm run docs:schema)', () => {
    expect(JSON.parse(readFileSync('docs/catalog-record.schema.json', 'utf8'))).toEqual(catalogRecordJsonSchema());
  });
});
