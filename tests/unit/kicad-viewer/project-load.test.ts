import { readdirSync, readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { boardSummary, loadProject, partsOf, ProjectLoadError, sheetSummary } from '../../../src/lib/kicad-viewer/project-load.ts';
import { summarise } from '../../../src/lib/kicad-viewer/project-summary.ts';
import { boardStats } from '../../../src/lib/kicad/board-stats.ts';
import { extractDesignBom } from '../../../src/lib/kicad/design-bom.ts';
import { buildSchematicNets } from '../../../src/lib/kicad/schematic-nets.ts';
import { fileKindOf, type InputFile, type LoadProgress, type ProjectIssue } from '../../../src/lib/kicad-viewer/protocol.ts';
import { HAVE_KICAD_DEMOS, KICAD_DEMOS_DIR, KICAD_PROJECTS_DIR } from '../kicad/fixtures.ts';

// The viewer's project loading on real projects (tests/fixtures/kicad/projects, kicad-demos) and
// on the bad inputs of issue #13, each expected to give its own message key.

const folder = (name: string, prefix = `${name}/`): InputFile[] => {
  const dir = `${KICAD_PROJECTS_DIR}${name}/`;
  return readdirSync(dir).sort().map((f) => ({ path: prefix + f, bytes: new Uint8Array(readFileSync(dir + f)) }));
};

async function failure(inputs: InputFile[]): Promise<ProjectIssue[]> {
  try {
    await loadProject(inputs);
  } catch (e) {
    if (e instanceof ProjectLoadError) return e.issues;
    throw e;
  }
  throw new Error('expected the load to fail');
}

const text = (s: string) => new TextEncoder().encode(s);

describe('fileKindOf', () => {
  it('classifies KiCad files, legacy files and zips, and ignores the rest', () => {
    expect(fileKindOf('p/a.kicad_pro')).toBe('project');
    expect(fileKindOf('p/a.KICAD_SCH')).toBe('schematic');
    expect(fileKindOf('a.kicad_pcb')).toBe('board');
    expect(fileKindOf('a.kicad_prl')).toBe('local-settings');
    expect(fileKindOf('a.sch')).toBe('legacy');
    expect(fileKindOf('x.zip')).toBe('zip');
    expect(fileKindOf('a.pdf')).toBeNull();
    expect(fileKindOf('p/.git/a.kicad_sch')).toBeNull();
    expect(fileKindOf('__MACOSX/a.kicad_sch')).toBeNull();
  });
});

describe('loadProject on real projects', () => {
  it('opens a folder: project, board, root sheet and its sub-sheets, with progress to the end', async () => {
    const progress: LoadProgress[] = [];
    const p = await loadProject(folder('glasgow-revc'), { onProgress: (x) => progress.push(x) });
    expect(p.name).toBe('glasgow');
    expect(p.board?.fileName).toBe('glasgow-revc/glasgow.kicad_pcb');
    expect(p.hierarchy?.root.fileName).toBe('glasgow-revc/glasgow.kicad_sch');
    const files = new Set(p.hierarchy?.sheets.map((s) => s.fileName));
    expect(files).toEqual(new Set(['glasgow-revc/glasgow.kicad_sch', 'glasgow-revc/io_banks.kicad_sch', 'glasgow-revc/io_buffer.kicad_sch']));
    expect(p.hierarchy?.sheets.every((s) => s.schematic !== null)).toBe(true);
    expect(p.issues.filter((i) => i.severity === 'error')).toEqual([]);
    const parse = progress.filter((x) => x.phase === 'parse');
    // One step per KiCad file (project + board + 3 sheets), in order, each naming its file.
    expect(parse.map((x) => x.filesDone)).toEqual([0, 1, 2, 3, 4]);
    expect(parse.every((x) => x.filesTotal === 5 && x.file)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ phase: 'done', filesDone: 5, filesTotal: 5 });
    expect(progress.at(-1)?.bytesDone).toBe(progress.at(-1)?.bytesTotal);
  });

  it('hands the board over before any sheet is read (onBoard), once, named like the project', async () => {
    const progress: LoadProgress[] = [];
    const early: { name: string; sheets: number; footprints: number; parsedBefore: number }[] = [];
    const p = await loadProject(folder('glasgow-revc'), {
      onProgress: (x) => progress.push(x),
      onBoard: (e) => {
        early.push({ name: e.name, sheets: e.schematics.size, footprints: e.board.footprints.length, parsedBefore: progress.filter((x) => x.phase === 'parse').length });
      },
    });
    // The project file, then the board: two parse steps, no sheet yet.
    expect(early).toEqual([{ name: 'glasgow', sheets: 0, footprints: p.board!.footprints.length, parsedBefore: 2 }]);
    expect(p.schematics.size).toBe(3);
    const s = summarise({ ...p, hierarchy: null, schematics: new Map() }, {}, 1, false);
    expect(s.complete).toBe(false);
    expect(s.board?.stats.footprints).toBe(p.board!.footprints.length);
  });

  it('gives no early board when two boards are offered (which one is the project is decided at the end)', async () => {
    const a = folder('glasgow-revc').filter((f) => f.path.endsWith('.kicad_pcb'));
    const b = folder('bitaxe-gamma').filter((f) => f.path.endsWith('.kicad_pcb'));
    let calls = 0;
    await loadProject([...a, ...b], { onBoard: () => void calls++ });
    expect(calls).toBe(0);
  });

  it('finds the root sheet without a .kicad_pro: the sheet no other sheet opens', async () => {
    const files = folder('bitaxe-gamma').filter((f) => !f.path.endsWith('.kicad_pro'));
    const p = await loadProject(files);
    expect(p.hierarchy?.root.fileName).toBe('bitaxe-gamma/bitaxeGamma.kicad_sch');
    expect(p.hierarchy?.root.children.length).toBeGreaterThan(0);
  });

  it('opens the same project from a zip, and summarises the board and parts', async () => {
    const entries = Object.fromEntries(folder('libresolar-bms-c1', 'bms-c1/').map((f) => [f.path, f.bytes]));
    const zip = zipSync(entries);
    const p = await loadProject([{ path: 'bms-c1.zip', bytes: zip }]);
    expect(p.name).toBe('bms-c1');
    expect(p.board).not.toBeNull();
    const b = boardSummary(p.board!);
    expect(b.stats.footprints).toBe(p.board!.footprints.length);
    expect(b.layers.some((l) => l.name === 'F.Cu' && l.copper)).toBe(true);
    const parts = partsOf(p);
    // Every footprint with a reference is a part, found on the board.
    const refs = new Set(p.board!.footprints.map((f) => f.reference).filter((r) => r !== '' && !r.startsWith('#')));
    for (const r of refs) expect(parts.find((x) => x.ref === r)?.boardLayer, r).toBeDefined();
    // Symbols placed in the schematic carry their sheet.
    expect(parts.filter((x) => x.sheetPath).length).toBeGreaterThan(10);
    const root = sheetSummary(p.hierarchy!.root);
    expect(root.children.map((c) => c.name).length).toBe(p.hierarchy!.root.children.length);
  });

  it('opens a project in a folder among other files, ignoring what is not KiCad', async () => {
    const files = [...folder('olimex-mod-esp32-c5'), { path: 'olimex-mod-esp32-c5/3d/model.step', bytes: new Uint8Array(10) }];
    const p = await loadProject(files);
    expect(p.files.every((f) => f.kind !== null)).toBe(true);
    expect(p.files.some((f) => f.path.endsWith('.step'))).toBe(false);
  });

  it.skipIf(!HAVE_KICAD_DEMOS)('opens a kicad-demos project with a KiCad 5 board beside it: refused with kicad.legacyFile', async () => {
    const issues = await failure([
      { path: 'microwave/microwave.kicad_pcb', bytes: new Uint8Array(readFileSync(`${KICAD_DEMOS_DIR}/microwave/microwave.kicad_pcb`)) },
      { path: 'microwave/microwave.kicad_pro', bytes: new Uint8Array(readFileSync(`${KICAD_DEMOS_DIR}/microwave/microwave.kicad_pro`)) },
    ]);
    expect(issues.find((i) => i.severity === 'error')).toMatchObject({ key: 'kicad.legacyFile', file: 'microwave/microwave.kicad_pcb' });
  });
});

describe('loadProject on bad input', () => {
  it('a KiCad 5 .sch alone: kicad.legacyFile', async () => {
    const issues = await failure([{ path: 'old.sch', bytes: text('EESchema Schematic File Version 4\nEELAYER 30 0\nEELAYER END\n$EndSCHEMATC\n') }]);
    expect(issues[0]).toMatchObject({ key: 'kicad.legacyFile', file: 'old.sch', severity: 'error' });
  });

  it('KiCad 5 leftovers beside a KiCad 6+ project are ignored with a warning', async () => {
    const p = await loadProject([...folder('glasgow-revc'), { path: 'glasgow-revc/glasgow.sch', bytes: text('EESchema Schematic File Version 4\n') }]);
    expect(p.issues).toContainEqual(expect.objectContaining({ key: 'viewer.local.legacyIgnored', severity: 'warning', file: 'glasgow-revc/glasgow.sch' }));
  });

  it('an HTML page named .kicad_pcb: kicad.notBoard', async () => {
    const issues = await failure([{ path: 'board.kicad_pcb', bytes: text('<!doctype html><html><body>404</body></html>') }]);
    expect(issues[0]).toMatchObject({ key: 'kicad.notBoard', file: 'board.kicad_pcb' });
  });

  it('a binary file named .kicad_sch: kicad.binary', async () => {
    const bytes = new Uint8Array(4096).map((_, i) => (i * 37) % 256);
    const issues = await failure([{ path: 'x.kicad_sch', bytes }]);
    expect(issues[0]).toMatchObject({ key: 'kicad.binary', file: 'x.kicad_sch' });
  });

  it('a broken file among good ones is dropped with its error; the rest opens', async () => {
    const files = [...folder('glasgow-revc'), { path: 'glasgow-revc/extra.kicad_sch', bytes: text('<html></html>') }];
    const p = await loadProject(files);
    expect(p.issues).toContainEqual(expect.objectContaining({ key: 'kicad.notSchematic', severity: 'error', file: 'glasgow-revc/extra.kicad_sch' }));
    expect(p.board).not.toBeNull();
  });

  it('a truncated sheet opens with kicad.damaged and its line', async () => {
    const whole = readFileSync(`${KICAD_PROJECTS_DIR}glasgow-revc/io_buffer.kicad_sch`);
    const p = await loadProject([{ path: 'io_buffer.kicad_sch', bytes: new Uint8Array(whole.subarray(0, Math.floor(whole.length / 2))) }]);
    const damaged = p.issues.find((i) => i.key === 'kicad.damaged');
    expect(damaged?.line).toBeGreaterThan(1);
    expect(p.schematics.size).toBe(1);
  });

  it('a file from a newer KiCad opens with kicad.newerVersion', async () => {
    const src = readFileSync(`${KICAD_PROJECTS_DIR}glasgow-revc/io_buffer.kicad_sch`, 'utf8').replace(/\(version \d+\)/, '(version 20991231)');
    const p = await loadProject([{ path: 'io_buffer.kicad_sch', bytes: text(src) }]);
    expect(p.issues).toContainEqual(expect.objectContaining({ key: 'kicad.newerVersion', severity: 'warning' }));
    expect(p.hierarchy).not.toBeNull();
  });

  it('a zip with a ../ path: viewer.zipUnsafePath', async () => {
    const zip = zipSync({ 'p/a.kicad_sch': text('(kicad_sch)'), '../evil.kicad_sch': text('(kicad_sch)') });
    const issues = await failure([{ path: 'p.zip', bytes: zip }]);
    expect(issues[0]).toMatchObject({ key: 'viewer.zipUnsafePath', vars: { file: 'p.zip', path: '../evil.kicad_sch' } });
  });

  it('a zip bomb (60 MB of zeros): viewer.zipTooLarge, before inflating', async () => {
    const zip = zipSync({ 'bomb.kicad_pcb': new Uint8Array(60 * 1024 * 1024) }, { level: 9 });
    expect(zip.length).toBeLessThan(1024 * 1024);
    const issues = await failure([{ path: 'bomb.zip', bytes: zip }]);
    expect(issues[0]?.key).toBe('viewer.zipTooLarge');
  });

  it('a broken zip: viewer.zipCorrupt', async () => {
    const zip = zipSync({ 'a.kicad_sch': text('(kicad_sch (version 20230121))') });
    const issues = await failure([{ path: 'cut.zip', bytes: zip.subarray(0, zip.length - 10) }]);
    expect(issues[0]?.key).toBe('viewer.zipCorrupt');
  });

  it('501 KiCad files: viewer.local.tooManyFiles', async () => {
    const files = Array.from({ length: 501 }, (_, i) => ({ path: `p/s${i}.kicad_sch`, bytes: text('(kicad_sch)') }));
    const issues = await failure(files);
    expect(issues[0]).toMatchObject({ key: 'viewer.local.tooManyFiles', vars: { max: 500, count: 501 } });
  });

  it('a 100 MB board: viewer.tooLarge with the file and the limit', async () => {
    const issues = await failure([{ path: 'huge.kicad_pcb', bytes: new Uint8Array(100 * 1024 * 1024) }]);
    expect(issues[0]).toMatchObject({ key: 'viewer.tooLarge', file: 'huge.kicad_pcb', vars: { megabytes: 50 } });
  });

  it('nothing KiCad in the selection: viewer.local.noKicadFiles', async () => {
    const issues = await failure([{ path: 'readme.pdf', bytes: text('%PDF') }]);
    expect(issues[0]?.key).toBe('viewer.local.noKicadFiles');
  });

  it('stops between files when the signal is aborted', async () => {
    const ctl = new AbortController();
    let steps = 0;
    const run = loadProject(folder('glasgow-revc'), {
      signal: ctl.signal,
      onProgress: (p) => {
        if (p.phase === 'parse' && ++steps === 2) ctl.abort(new DOMException('cancelled', 'AbortError'));
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(steps).toBe(2);
  });
});

describe('summarise', () => {
  it('tells the page the files, sheet tree, board counts, parts, nets and BOM of a real project', async () => {
    const p = await loadProject(folder('bitaxe-gamma'));
    const nets = buildSchematicNets(p.hierarchy!, p.name);
    const bom = extractDesignBom(p.hierarchy!, { project: p.name });
    const s = summarise(p, { nets: nets.nets, bom }, 12);
    expect(s.name).toBe('bitaxeGamma');
    expect(s.files.map((f) => f.kind).sort()).toEqual(['board', 'project', 'schematic', 'schematic', 'schematic', 'schematic', 'schematic']);
    expect(s.board?.stats).toEqual(boardStats(p.board!));
    expect(s.schematicStats.sheets).toBe(p.hierarchy!.sheets.filter((x) => x.schematic).length);
    // Every board net is listed with its pad count; schematic pins are added by name.
    const gnd = s.nets.find((n) => n.name === 'GND');
    const gndPads = p.board!.footprints.reduce((n, f) => n + f.pads.filter((x) => x.net?.name === 'GND').length, 0);
    expect(gnd?.pads).toBe(gndPads);
    expect(gnd?.pins).toBe(nets.nets.find((n) => n.name === 'GND')?.pins.length);
    // BOM lines: the design BOM minus excluded lines, quantities equal to their references.
    expect(s.bom.length).toBe(bom.filter((l) => !l.excludedFromBom).length);
    for (const l of s.bom) expect(l.quantity).toBe(l.refs.length);
    // The whole summary survives structured cloning (postMessage).
    expect(structuredClone(s)).toEqual(s);
  });
});
