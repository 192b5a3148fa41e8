import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { designAnalysesSettled } from '../../src/lib/designs/design-analysis.server.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createZip } from '../../src/lib/files/zip.ts';
import { boardStats } from '../../src/lib/kicad/board-stats.ts';
import { parseBoard } from '../../src/lib/kicad/board.ts';
import { buildSheetHierarchy, symbolOccurrences } from '../../src/lib/kicad/schematic-hierarchy.ts';
import { parseSchematic, type KicadSchematic } from '../../src/lib/kicad/schematic.ts';
import { designFiles, designs } from '../../src/lib/server/db/schema/index.ts';
import type { DesignDocUploadResult, DesignUploadResult } from '../../src/lib/viewer/viewer.schema.ts';
import { createWorld, type Env, type World } from '../helpers/bom-world.ts';

// POST /chiplet/viewer/upload and /viewer/doc/upload (issue #13 item 6) on PGlite, or on
// PostgreSQL with TEST_DATABASE_URL: statistics equal to the models' own (boardStats, the sheet
// hierarchy) on Debian's kicad-demos and the fixture projects, and every bad input refused (or
// accepted with a warning) with a message naming the file.

const DEMOS = '/usr/share/kicad/demos';
// Debian's kicad-demos package (https://packages.debian.org/kicad-demos) provides the demo projects.
const haveDemos = existsSync(join(DEMOS, 'video/video.kicad_pcb'));
const FIXTURES = join(import.meta.dirname, '../fixtures/kicad/projects');
const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const KICAD_EXT = /\.kicad_(pro|sch|pcb)$/;

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(async () => {
  // Uploads queue a background analysis: let it finish before the database closes under it.
  await designAnalysesSettled();
  await w?.close();
});

type Part = { name: string; bytes: Uint8Array | string };

async function post<T>(path: string, parts: Part[], opts: { token?: string | null; locale?: 'zh' | 'en'; fields?: Record<string, string> } = {}) {
  const fd = new FormData();
  for (const p of parts) fd.append('file', new Blob([(typeof p.bytes === 'string' ? new TextEncoder().encode(p.bytes) : p.bytes) as Uint8Array<ArrayBuffer>]), p.name);
  for (const [k, v] of Object.entries(opts.fields ?? {})) fd.append(k, v);
  const token = opts.token === undefined ? w.alice.token : opts.token;
  const headers: Record<string, string> = { ...(token ? { 'x-token': token } : {}), cookie: `locale=${opts.locale ?? 'en'}` };
  const res = await w.app.request(`/api/chiplet/viewer${path}`, { method: 'POST', headers, body: fd });
  return { status: res.status, body: (await res.json()) as Env<T> };
}

const upload = (parts: Part[], opts: Parameters<typeof post>[2] = {}) => post<DesignUploadResult>('/upload', parts, opts);

/** The KiCad files of a project folder, named as in the folder. */
function projectParts(dir: string): Part[] {
  return readdirSync(dir)
    .filter((n) => KICAD_EXT.test(n))
    .sort()
    .map((name) => ({ name, bytes: readFileSync(join(dir, name)) }));
}

/** The statistics computed directly with the models, for comparison with the API's. */
function expectedStats(dir: string, stem: string) {
  const board = parseBoard(readFileSync(join(dir, `${stem}.kicad_pcb`)), `${stem}.kicad_pcb`).board!;
  const b = boardStats(board);
  const cache = new Map<string, KicadSchematic>();
  const load = (name: string) => {
    if (!existsSync(join(dir, name))) return null;
    if (!cache.has(name)) cache.set(name, parseSchematic(readFileSync(join(dir, name)), name));
    return cache.get(name)!;
  };
  const h = buildSheetHierarchy(`${stem}.kicad_sch`, load(`${stem}.kicad_sch`)!, load, { project: stem });
  return {
    sheets: h.sheets.filter((s) => s.schematic).length,
    symbols: symbolOccurrences(h, stem).length,
    footprints: b.footprints,
    pads: b.pads,
    vias: b.vias,
    tracks: b.tracks,
    nets: b.nets,
    copperLayers: b.copperLayers,
    boardWidthMm: b.widthMm,
    boardHeightMm: b.heightMm,
  };
}

async function designCount() {
  const [row] = await w.database.db.select({ n: count() }).from(designs);
  return Number(row!.n);
}

/** A refused upload: code, status, message, and nothing stored. */
async function expectRefused(parts: Part[], code: number, message: RegExp, locale: 'zh' | 'en' = 'en') {
  const before = await designCount();
  const res = await upload(parts, { locale });
  expect(res.body.code, res.body.msg).toBe(code);
  expect(res.body.msg).toMatch(message);
  expect(await designCount()).toBe(before);
  return res;
}

const complexDir = join(DEMOS, 'complex_hierarchy');

describe(`viewer upload (${label})`, () => {
  it('refuses a logged-out caller with 40001', async () => {
    const res = await upload([{ name: 'a.kicad_sch', bytes: '(kicad_sch)' }], { token: null });
    expect(res.body.code).toBe(40001);
  });

  it.skipIf(!haveDemos)('uploads the complex_hierarchy demo as loose files: stats equal the models’, rows and store written', async () => {
    const res = await upload(projectParts(complexDir));
    expect(res.body.code, res.body.msg).toBe(200000);
    const r = res.body.result;
    expect(r.stats).toEqual(expectedStats(complexDir, 'complex_hierarchy'));
    expect(r.stats.sheets).toBeGreaterThan(1);
    expect(r.stats.symbols).toBeGreaterThan(0);
    expect(r.files.map((f) => [f.name, f.kind])).toEqual([
      ['ampli_ht.kicad_sch', 'schematic'],
      ['complex_hierarchy.kicad_pcb', 'board'],
      ['complex_hierarchy.kicad_pro', 'project'],
      ['complex_hierarchy.kicad_sch', 'schematic'],
    ]);
    for (const f of r.files) expect(f.size).toBe(readFileSync(join(complexDir, f.name)).length);
    const [row] = await w.database.db.select().from(designs).where(eq(designs.id, r.designId));
    expect(row).toMatchObject({ ownerId: w.alice.id, name: 'complex_hierarchy', stats: r.stats });
    const rows = await w.database.db.select().from(designFiles).where(eq(designFiles.designId, r.designId));
    expect(rows).toHaveLength(4);
    for (const f of rows) expect(await w.store.exists(f.fileKey)).toBe(true);
  });

  it.skipIf(!haveDemos)('uploads the video demo (7.4 MB board, 8 sheets) as one zip with a folder and other files', async () => {
    const dir = join(DEMOS, 'video');
    const entries = readdirSync(dir)
      .filter((n) => KICAD_EXT.test(n) || n === 'fp-lib-table')
      .map((n) => ({ name: `video/${n}`, data: readFileSync(join(dir, n)) }));
    const res = await upload([{ name: 'video.zip', bytes: createZip(entries, 1) }]);
    expect(res.body.code, res.body.msg).toBe(200000);
    expect(res.body.result.stats).toEqual(expectedStats(dir, 'video'));
    expect(res.body.result.files.every((f) => f.name.startsWith('video/') && KICAD_EXT.test(f.name))).toBe(true);
    expect(res.body.result.files).toHaveLength(entries.length - 1);
  });

  const fixtureProjects = readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  it.each(fixtureProjects)('uploads the fixture project %s: stats equal the models’', async (name) => {
    const dir = join(FIXTURES, name);
    const stem = readdirSync(dir).find((n) => n.endsWith('.kicad_pro'))!.replace(/\.kicad_pro$/, '');
    const res = await upload(projectParts(dir));
    expect(res.body.code, res.body.msg).toBe(200000);
    expect(res.body.result.stats).toEqual(expectedStats(dir, stem));
    expect(res.body.result.stats.footprints).toBeGreaterThan(0);
  });

  it.skipIf(!haveDemos)('accepts a truncated board with a warning naming file and line; refuses a file with nothing readable', async () => {
    const full = readFileSync(join(complexDir, 'complex_hierarchy.kicad_pcb'), 'utf8');
    const cut = full.slice(0, Math.floor(full.length * 0.6));
    const res = await upload([{ name: 'cut.kicad_pcb', bytes: cut }]);
    expect(res.body.code, res.body.msg).toBe(200000);
    expect(res.body.result.warnings.join('\n')).toMatch(/cut\.kicad_pcb, line \d+: the file is damaged or incomplete/);
    const zh = await upload([{ name: 'cut.kicad_pcb', bytes: cut }], { locale: 'zh' });
    expect(zh.body.result.warnings.join('\n')).toMatch(/cut\.kicad_pcb 在第 \d+ 行附近已损坏或不完整/);
    const sch = readFileSync(join(complexDir, 'ampli_ht.kicad_sch'), 'utf8');
    const cutSch = await upload([{ name: 'cut.kicad_sch', bytes: sch.slice(0, Math.floor(sch.length * 0.6)) }]);
    expect(cutSch.body.code, cutSch.body.msg).toBe(200000);
    expect(cutSch.body.result.warnings.join('\n')).toMatch(/cut\.kicad_sch, line \d+: the file is damaged or incomplete/);
    expect(cutSch.body.result.stats.symbols).toBeGreaterThan(0);
    await expectRefused([{ name: 'stub.kicad_sch', bytes: '(kicad_sch (vers' }], 40000, /stub\.kicad_sch, line 1: the file is damaged or incomplete/);
  });

  it('refuses KiCad 5 files (board and schematic) in both languages', async () => {
    const board5 = '(kicad_pcb (version 20171130) (host pcbnew 5.1.9)\n  (general (thickness 1.6))\n)\n';
    await expectRefused([{ name: 'old.kicad_pcb', bytes: board5 }], 40000, /old\.kicad_pcb: KiCad 5 files are not supported; open and save it in KiCad 6 or later/);
    await expectRefused([{ name: 'old.kicad_pcb', bytes: board5 }], 40000, /old\.kicad_pcb：不支持 KiCad 5 及更早版本的文件/, 'zh');
    const sch5 = 'EESchema Schematic File Version 4\nEELAYER 30 0\nEELAYER END\n$EndSCHEMATC\n';
    await expectRefused([{ name: 'old.kicad_sch', bytes: sch5 }], 40000, /old\.kicad_sch: KiCad 5 files are not supported/);
  });

  it.skipIf(!haveDemos)('accepts a future-version board and schematic with warnings', async () => {
    const board = readFileSync(join(complexDir, 'complex_hierarchy.kicad_pcb'), 'utf8').replace(/\(version \d+\)/, '(version 20991231)');
    const sch = readFileSync(join(complexDir, 'ampli_ht.kicad_sch'), 'utf8').replace(/\(version \d+\)/, '(version 20991231)');
    const res = await upload([
      { name: 'future.kicad_pcb', bytes: board },
      { name: 'future.kicad_sch', bytes: sch },
    ]);
    expect(res.body.code, res.body.msg).toBe(200000);
    const text = res.body.result.warnings.join('\n');
    expect(text).toMatch(/future\.kicad_pcb was saved by a newer KiCad \(format 20991231\)/);
    expect(text).toMatch(/future\.kicad_sch was saved by a newer KiCad \(format 20991231\)/);
  });

  it('refuses a zip with ../ or absolute paths, and one that is not a zip', async () => {
    const ok = { name: 'p/a.kicad_sch', data: '(kicad_sch (version 20231120))' };
    await expectRefused([{ name: 'evil.zip', bytes: createZip([ok, { name: '../../etc/x.kicad_sch', data: '(kicad_sch)' }]) }], 40000, /evil\.zip holds an unsafe path "\.\.\/\.\.\/etc\/x\.kicad_sch"/);
    await expectRefused([{ name: 'abs.zip', bytes: createZip([ok, { name: '/tmp/readme.txt', data: 'x' }]) }], 40000, /unsafe path "\/tmp\/readme\.txt"/);
    await expectRefused([{ name: 'abs.zip', bytes: createZip([{ name: 'p\\..\\..\\x.kicad_pcb', data: 'x' }]) }], 40000, /含有不安全的路径/, 'zh');
    await expectRefused([{ name: 'junk.zip', bytes: 'not a zip at all' }], 40000, /junk\.zip is not a complete zip file/);
  });

  it('refuses a zip bomb and a zip of 501 files with 41300', async () => {
    const bomb = createZip([{ name: 'b.kicad_pcb', data: new Uint8Array(4 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const res = await expectRefused([{ name: 'bomb.zip', bytes: bomb }], 41300, /bomb\.zip expands too much or holds too many files \(at most 500 files, 200 MB/);
    expect(res.status).toBe(413);
    const many = createZip(Array.from({ length: 501 }, (_, i) => ({ name: `s${i}.kicad_sch`, data: '(kicad_sch (version 20231120))' })));
    await expectRefused([{ name: 'many.zip', bytes: many }], 41300, /many\.zip expands too much or holds too many files/);
    const loose = Array.from({ length: 501 }, (_, i) => ({ name: `s${i}.kicad_sch`, bytes: '(kicad_sch (version 20231120))' }));
    await expectRefused(loose, 40000, /At most 500 files/);
  });

  it('refuses a board over the size limit with 41300 naming the file', async () => {
    const big = new Uint8Array(50 * 1024 * 1024 + 1).fill(0x20);
    big[0] = 0x28;
    const res = await expectRefused([{ name: 'huge.kicad_pcb', bytes: big }], 41300, /huge\.kicad_pcb is larger than the 50 MB limit/);
    expect(res.status).toBe(413);
  });

  it('refuses HTML renamed .kicad_pcb, binary renamed .kicad_sch, other types, a zip with other files, no KiCad file', async () => {
    await expectRefused([{ name: 'page.kicad_pcb', bytes: '<!DOCTYPE html><html><body>404</body></html>' }], 40000, /page\.kicad_pcb is not a KiCad board file/);
    await expectRefused([{ name: 'page.kicad_pcb', bytes: '<html></html>' }], 40000, /page\.kicad_pcb 不是 KiCad 电路板文件/, 'zh');
    const binary = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256);
    await expectRefused([{ name: 'blob.kicad_sch', bytes: binary }], 40000, /blob\.kicad_sch is not a text file, so it cannot be a KiCad design file/);
    await expectRefused([{ name: 'notes.txt', bytes: 'hello' }], 40000, /notes\.txt cannot be uploaded as a design/);
    await expectRefused([{ name: 'a.zip', bytes: createZip([{ name: 'x.kicad_sch', data: '(kicad_sch)' }]) }, { name: 'b.kicad_sch', bytes: '(kicad_sch)' }], 40000, /must be uploaded on its own/);
    await expectRefused([{ name: 'a.kicad_sch', bytes: '(kicad_sch)' }, { name: 'a.kicad_sch', bytes: '(kicad_sch)' }], 40000, /a\.kicad_sch appears more than once/);
    await expectRefused([{ name: 'docs.zip', bytes: createZip([{ name: 'readme.md', data: '# hi' }]) }], 40000, /holds no KiCad project file/);
    const none = await w.app.request('/api/chiplet/viewer/upload', { method: 'POST', headers: { 'x-token': w.alice.token, cookie: 'locale=en' }, body: new FormData() });
    expect(((await none.json()) as Env<unknown>).code).toBe(40000);
  });
});

describe(`viewer document upload (${label})`, () => {
  const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';
  const doc = (designId: string, name: string, bytes: Uint8Array | string, token?: string) =>
    post<DesignDocUploadResult>('/doc/upload', [{ name, bytes }], { fields: { designId }, ...(token ? { token } : {}) });

  async function smallDesign(): Promise<string> {
    const res = await upload([{ name: 'tiny.kicad_sch', bytes: '(kicad_sch (version 20231120) (generator eeschema) (uuid "00000000-0000-0000-0000-000000000001"))' }]);
    expect(res.body.code, res.body.msg).toBe(200000);
    expect(res.body.result.stats).toMatchObject({ sheets: 1, symbols: 0, footprints: 0, boardWidthMm: 0 });
    return res.body.result.designId;
  }

  it('attaches pdf, png, md to the owner’s design and lists every file', async () => {
    const id = await smallDesign();
    expect((await doc(id, 'spec.pdf', PDF)).body.code).toBe(200000);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect((await doc(id, 'photo.png', png)).body.code).toBe(200000);
    const res = await doc(id, 'notes.md', '# 说明\n');
    expect(res.body.code, res.body.msg).toBe(200000);
    expect(res.body.result.files.map((f) => [f.name, f.kind])).toEqual([
      ['tiny.kicad_sch', 'schematic'],
      ['notes.md', 'document'],
      ['photo.png', 'document'],
      ['spec.pdf', 'document'],
    ]);
    // The same name again replaces the document; the old bytes leave the store (no one else holds them).
    const [old] = await w.database.db.select().from(designFiles).where(eq(designFiles.name, 'notes.md'));
    const again = await doc(id, 'notes.md', '# 说明 v2\n');
    expect(again.body.result.files.filter((f) => f.name === 'notes.md')).toEqual([{ name: 'notes.md', kind: 'document', size: new TextEncoder().encode('# 说明 v2\n').length }]);
    expect(await w.store.exists(old!.fileKey)).toBe(false);
  });

  it('keeps a document whose bytes a deleted BOM shared (one reference count over every domain)', async () => {
    const id = await smallDesign();
    const csv = 'Designator,Value\nR1,10k\n';
    const attached = await doc(id, 'bom-copy.txt', csv);
    expect(attached.body.code, attached.body.msg).toBe(200000);
    const fd = new FormData();
    fd.append('file', new Blob([csv]), 'bom.csv');
    const up = (await (await w.app.request('/api/chiplet/bom/upload', { method: 'POST', headers: { 'x-token': w.alice.token }, body: fd })).json()) as Env<{ bomId: string }>;
    expect(up.code, up.msg).toBe(200000);
    const [row] = await w.database.db.select().from(designFiles).where(eq(designFiles.name, 'bom-copy.txt'));
    const del = await w.app.request(`/api/chiplet/user/bom/del?bomId=${up.result.bomId}`, { method: 'DELETE', headers: { 'x-token': w.alice.token } });
    expect(((await del.json()) as Env<unknown>).code).toBe(200000);
    expect(await w.store.exists(row!.fileKey)).toBe(true);
  });

  it('refuses other users, unknown designs, wrong content, missing designId, and a document named like a KiCad file', async () => {
    const id = await smallDesign();
    expect((await doc(id, 'spec.pdf', PDF, w.bob.token)).body.code).toBe(40400);
    expect((await doc('00000000-0000-4000-8000-000000000000', 'spec.pdf', PDF)).body.code).toBe(40400);
    const exe = await doc(id, 'spec.pdf', 'MZ\x90\x00 this is not a pdf');
    expect(exe.body.code).toBe(40000);
    expect(exe.body.msg).toMatch(/spec\.pdf cannot be attached/);
    expect((await doc(id, 'tool.exe', 'MZ')).body.code).toBe(40000);
    expect((await doc(id, 'bin.txt', new Uint8Array([0x41, 0, 0x42]))).body.code).toBe(40000);
    expect((await post('/doc/upload', [{ name: 'a.pdf', bytes: PDF }], { fields: { designId: 'nope' } })).body.code).toBe(40000);
    // Valid text, but the name of one of the design's KiCad files: not replaced.
    expect((await doc(id, 'tiny.kicad_sch', 'x')).body.code).toBe(40000);
    const logged = await post('/doc/upload', [{ name: 'a.pdf', bytes: PDF }], { fields: { designId: id }, token: null });
    expect(logged.body.code).toBe(40001);
  });
});
