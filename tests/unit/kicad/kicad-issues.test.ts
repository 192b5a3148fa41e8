// One problem vocabulary for every KiCad design file: the same meaning gives the same
// `kicad.*` key (and so the same text) whether a board or a schematic suffered it.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBoard } from '../../../src/lib/kicad/board.ts';
import { parseSchematic } from '../../../src/lib/kicad/schematic.ts';
import { parseProject } from '../../../src/lib/kicad/project.ts';
import { serverMessage, type ServerMessageKey } from '../../../src/lib/server/messages/server-message.ts';
import { zh } from '../../../src/lib/server/messages/zh.ts';

const keysOf = (issues: { key: string }[]): string[] => issues.map((i) => i.key);

describe('KiCad issues: one vocabulary for boards, schematics and projects', () => {
  it('a future version is the same warning for both', () => {
    const b = parseBoard('(kicad_pcb (version 20991231) (generator "pcbnew"))', 'f.kicad_pcb');
    const s = parseSchematic('(kicad_sch (version 20991231) (generator "eeschema") (uuid "u"))', 'f.kicad_sch');
    expect([keysOf(b.warnings), keysOf(s.warnings)]).toEqual([['kicad.newerVersion'], ['kicad.newerVersion']]);
    expect(serverMessage('kicad.newerVersion', 'en', s.warnings[0]!.vars)).toBe(
      'f.kicad_sch was saved by a newer KiCad (format 20991231); items this viewer does not know are ignored',
    );
  });

  it('invalid UTF-8 is the same warning with its line for both', () => {
    const bad = (head: string): Uint8Array =>
      Uint8Array.from([...new TextEncoder().encode(`(${head} (version 20231120)\n  (title_block (title "`), 0xff, 0xfe, ...new TextEncoder().encode('"))\n)')]);
    const b = parseBoard(bad('kicad_pcb'), 'u.kicad_pcb');
    const s = parseSchematic(bad('kicad_sch'), 'u.kicad_sch');
    expect(b.warnings.map((w) => [w.key, w.line])).toEqual([['kicad.invalidUtf8', 2]]);
    expect(s.warnings.map((w) => [w.key, w.line])).toEqual([['kicad.invalidUtf8', 2]]);
    expect(serverMessage('kicad.invalidUtf8', 'zh', s.warnings[0]!.vars)).toBe('u.kicad_sch 第 2 行含有无效的 UTF-8 字符，已替换为 �');
  });

  it('a truncated file is "damaged" for both, with the line', () => {
    const b = parseBoard('(kicad_pcb (version 20231014)\n (net 0 "")\n (segment (start 0 0)', 'c.kicad_pcb');
    const s = parseSchematic('(kicad_sch (version 20231120) (uuid "u")\n (wire (pts (xy 0 0) (xy 1 0)) (uuid "w"))\n (junction (at 0 0)', 'c.kicad_sch');
    expect(b.errors.map((e) => [e.key, e.file])).toEqual([['kicad.damaged', 'c.kicad_pcb']]);
    expect(s.errors.map((e) => [e.key, e.file, e.line])).toEqual([['kicad.damaged', 'c.kicad_sch', 3]]);
    expect(serverMessage('kicad.damaged', 'en', s.errors[0]!.vars)).toBe('c.kicad_sch, line 3: the file is damaged or incomplete; showing what could be read');
  });

  it('KiCad 5 is refused with the same text for both, in both languages', () => {
    const b = parseBoard('PCBNEW-BOARD Version 1 date 02/04/2011\n', 'old.kicad_pcb');
    const s = parseSchematic('EESchema Schematic File Version 4\n', 'old.sch');
    expect([keysOf(b.errors), keysOf(s.errors)]).toEqual([['kicad.legacyFile'], ['kicad.legacyFile']]);
    expect(serverMessage('kicad.legacyFile', 'en', b.errors[0]!.vars)).toBe('old.kicad_pcb: KiCad 5 files are not supported; open and save it in KiCad 6 or later');
    expect(serverMessage('kicad.legacyFile', 'zh', s.errors[0]!.vars)).toBe('old.sch：不支持 KiCad 5 及更早版本的文件，请先在 KiCad 6 或更高版本中打开并保存后再试');
  });

  it('a project error is a KiCad issue too', () => {
    const r = parseProject('{', 'p.kicad_pro');
    expect(r.error && [r.error.key, r.error.file, r.error.line]).toEqual(['kicad.pro.invalid', 'p.kicad_pro', 1]);
  });

  it('every kicad.* message key is used by the models (no dead texts)', () => {
    const dir = join(import.meta.dirname, '../../../src/lib/kicad');
    const source = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    const keys = (Object.keys(zh) as ServerMessageKey[]).filter((k) => k.startsWith('kicad.'));
    expect(keys.length).toBeGreaterThanOrEqual(14);
    for (const k of keys) expect(source, k).toContain(`'${k}'`);
  });
});
