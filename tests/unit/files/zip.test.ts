import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createZip, readZip, ZipError } from '../../../src/lib/files/zip.ts';

describe('zip', () => {
  it('round-trips text and binary entries with UTF-8 names', () => {
    const entries = [
      { name: 'lib/符号.kicad_sym', data: '(kicad_symbol_lib (version 20211014))\n'.repeat(50) },
      { name: 'bin.dat', data: new Uint8Array([0, 1, 2, 255]) },
      { name: 'empty.txt', data: '' },
    ];
    const zip = createZip(entries);
    const back = readZip(zip);
    expect(back.map((e) => e.name)).toEqual(entries.map((e) => e.name));
    expect(back[0]!.data.toString('utf8')).toBe(entries[0]!.data);
    expect([...back[1]!.data]).toEqual([0, 1, 2, 255]);
    expect(back[2]!.data.length).toBe(0);
    expect(createZip(entries).equals(zip)).toBe(true); // deterministic
  });

  it('is readable by Python zipfile (an independent reader)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zip-'));
    writeFileSync(join(dir, 'a.zip'), createZip([{ name: 'x/封装.kicad_mod', data: '(footprint "R_0603")'.repeat(20) }]));
    const out = execFileSync('python3', ['-c', `import zipfile,sys;z=zipfile.ZipFile(sys.argv[1]);print(z.testzip());print(z.namelist()[0]);print(len(z.read(z.namelist()[0])))`, join(dir, 'a.zip')]).toString();
    expect(out.trim().split('\n')).toEqual(['None', 'x/封装.kicad_mod', String('(footprint "R_0603")'.length * 20)]);
  });

  it('rejects garbage and corrupted archives clearly', () => {
    expect(() => readZip(Buffer.from('not a zip'))).toThrow(ZipError);
    const zip = createZip([{ name: 'a.txt', data: 'abc'.repeat(100) }]);
    zip[40] = zip[40]! ^ 0xff;
    expect(() => readZip(zip)).toThrow(ZipError);
  });
});
