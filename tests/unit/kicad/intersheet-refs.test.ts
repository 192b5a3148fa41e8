// Intersheet references: page lists of global labels computed from real hierarchies (checked
// against the labels found in the raw sheet files), KiCad's formatting, and the painted field.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_INTERSHEET_REFS, formatIntersheetRefs, intersheetPages, intersheetSettingsFromProject, pageOf } from '../../../src/lib/kicad/intersheet-refs.ts';
import { paintSchematicSheet } from '../../../src/lib/kicad/render/schematic-painter.ts';
import { SCHEMATIC_THEMES } from '../../../src/lib/kicad/render/schematic-theme.ts';
import { naturalCompare } from '../../../src/lib/kicad/natural-compare.ts';
import { designProjects, loadHierarchy } from './design-projects.ts';
import { RecordingRenderer } from './render/recording-renderer.ts';

const projects = designProjects().filter((p) => p.name === 'bitaxe-gamma' || p.name.endsWith('flat_hierarchy/flat_hierarchy') || p.name === 'zswatch-rev6');

describe('intersheet page lists', () => {
  it('finds projects whose global labels span pages', () => {
    expect(projects.map((p) => p.name)).toContain('bitaxe-gamma');
  });

  it.each(projects.map((p) => [p.name, p] as const))('%s: pages per global label = the labels in the raw sheet files', (_name, p) => {
    const h = loadHierarchy(p);
    const pages = intersheetPages(h);
    // Independent: each instance's file scanned for `(global_label "NAME"`.
    const want = new Map<string, Set<string>>();
    for (const s of h.sheets) {
      const text = readFileSync(p.dir + s.fileName, 'utf8');
      for (const m of text.matchAll(/\(global_label "((?:[^"\\]|\\.)*)"/g)) {
        const name = (m[1] as string).replace(/\\(.)/g, '$1');
        let set = want.get(name);
        if (!set) want.set(name, (set = new Set()));
        set.add(pageOf(h, s));
      }
    }
    expect(want.size).toBeGreaterThan(0);
    expect([...pages.keys()].sort()).toEqual([...want.keys()].sort());
    for (const [name, set] of want) {
      const list = pages.get(name) as string[];
      expect(new Set(list)).toEqual(set);
      expect(list.length).toBe(set.size);
      // In page order.
      expect([...list].sort(naturalCompare)).toEqual(list);
    }
  });
});

describe('formatIntersheetRefs (KiCad Schematic Setup > Formatting)', () => {
  const s = DEFAULT_INTERSHEET_REFS;
  it('lists pages in brackets, drops the own page when asked, abbreviates more than two pages', () => {
    expect(formatIntersheetRefs(['1', '3'], '1', s)).toBe('[1,3]');
    expect(formatIntersheetRefs(['1', '3'], '1', { ...s, ownPage: false })).toBe('[3]');
    expect(formatIntersheetRefs(['1', '2', '4'], '2', { ...s, short: true })).toBe('[1..4]');
    expect(formatIntersheetRefs(['1', '2'], '2', { ...s, short: true })).toBe('[1,2]');
    expect(formatIntersheetRefs(['1', '2', '4'], '1', { ...s, short: true, ownPage: false })).toBe('[2,4]');
    expect(formatIntersheetRefs(undefined, '1', s)).toBe('[?]');
    expect(formatIntersheetRefs(['2'], '2', { ...s, prefix: '(', suffix: ')' })).toBe('(2)');
  });

  it('reads the project settings field by field', () => {
    const json = JSON.parse(readFileSync('tests/fixtures/kicad/projects/bitaxe-gamma/bitaxeGamma.kicad_pro', 'utf8')) as unknown;
    const d = (json as { schematic: { drawing: Record<string, unknown> } }).schematic.drawing;
    const got = intersheetSettingsFromProject(json);
    expect(got).toEqual({ show: d.intersheets_ref_show, ownPage: d.intersheets_ref_own_page, short: d.intersheets_ref_short, prefix: d.intersheets_ref_prefix, suffix: d.intersheets_ref_suffix });
    expect(intersheetSettingsFromProject({ schematic: { drawing: { intersheets_ref_short: 'yes', intersheets_ref_prefix: 3 } } })).toEqual(DEFAULT_INTERSHEET_REFS);
    expect(intersheetSettingsFromProject(null)).toEqual(DEFAULT_INTERSHEET_REFS);
  });
});

describe('painted intersheet field', () => {
  it('shows the page list beside each global label when the project shows them, and nothing when it hides them', () => {
    const p = projects.find((x) => x.name === 'bitaxe-gamma');
    expect(p).toBeDefined();
    if (!p) return;
    const h = loadHierarchy(p);
    const pageRefs = intersheetPages(h);
    const sheet = h.sheets.find((s) => s.schematic?.labels.some((l) => l.kind === 'global')) as (typeof h.sheets)[number];
    const sch = sheet.schematic!;
    const page = pageOf(h, sheet);
    const fields = (show: boolean) => {
      const r = new RecordingRenderer();
      paintSchematicSheet(r, sch, { theme: SCHEMATIC_THEMES.light, page, pageRefs, intersheetRefs: { ...DEFAULT_INTERSHEET_REFS, show } });
      return r.calls.flatMap((c) => (c.op === 'text' && c.text.cls === 'label-field' ? [c.text.text] : []));
    };
    const globals = sch.labels.filter((l) => l.kind === 'global' && l.properties.some((q) => q.key === 'Intersheetrefs'));
    expect(globals.length).toBeGreaterThan(0);
    const shown = fields(true);
    for (const l of globals) expect(shown).toContain(formatIntersheetRefs(pageRefs.get(l.text), page));
    expect(shown.some((t) => /^\[\d+(,\d+)+\]$/.test(t))).toBe(true);
    expect(fields(false).filter((t) => t.startsWith('['))).toEqual([]);
  });
});
