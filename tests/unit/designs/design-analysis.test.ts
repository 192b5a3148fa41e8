import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseProject, MAX_COVER_BYTES } from '../../../src/lib/designs/design-analysis.ts';
import { designBomCsv } from '../../../src/lib/designs/designs.server.ts';

// The server analysis, pure (issue #14 item 1): every fixture project gives BOM lines, the
// statistics and a cover within the size; a file that does not read gives a kicad.* reason.

const FIXTURES = join(import.meta.dirname, '../../fixtures/kicad/projects');
const projects = readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

function filesOf(dir: string) {
  return readdirSync(dir)
    .filter((n) => /\.kicad_(pro|sch|pcb)$/.test(n))
    .map((n) => ({ path: n, bytes: new Uint8Array(readFileSync(join(dir, n))) }));
}

describe('design analysis', () => {
  it.each(projects)('%s: BOM, statistics and a cover of at most 300 KB', async (name) => {
    const out = await analyseProject(filesOf(join(FIXTURES, name)));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const { bom, stats, cover } = out.result;
    expect(bom.length).toBeGreaterThan(5);
    expect(bom.reduce((n, l) => n + l.quantity, 0)).toBeGreaterThan(bom.length);
    for (const l of bom) expect(l.refs.length).toBe(l.quantity);
    expect(stats.footprints).toBeGreaterThan(0);
    expect(stats.sheets).toBeGreaterThan(0);
    expect(cover).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(Buffer.byteLength(cover!)).toBeLessThanOrEqual(MAX_COVER_BYTES);
    expect(cover).not.toMatch(/<script|on\w+=/i);
  });

  it('reads the part fields of the lines (glasgow: the FPGA by its value, parts with their MPN field)', async () => {
    const out = await analyseProject(filesOf(join(FIXTURES, 'glasgow-revc')));
    if (!out.ok) throw new Error(out.problem.key);
    expect(out.result.bom.find((l) => l.value === 'ICE40HX8K-BG121')).toMatchObject({ quantity: 1, dnp: false });
    expect(out.result.bom.some((l) => l.mpn)).toBe(true);
  });

  it('answers a reason for a project that does not read', async () => {
    const out = await analyseProject([{ path: 'x.kicad_pcb', bytes: new TextEncoder().encode('not a board') }]);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problem.key).toMatch(/^(kicad|viewer)\./);
  });

  it('writes the BOM as CSV with the columns the BOM tool reads, formulas defused', () => {
    const csv = designBomCsv([
      { value: '10k', footprint: 'R_0603', refs: ['R1', 'R2'], quantity: 2, dnp: false, mpn: 'RC0603FR-0710KL', manufacturer: 'Yageo' },
      { value: '=1+1', footprint: 'x, "y"', refs: ['U1'], quantity: 1, dnp: true },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Quantity,References,Value,Footprint,MPN,Manufacturer,LCSC,Description,DNP',
      '2,R1 R2,10k,R_0603,RC0603FR-0710KL,Yageo,,,',
      `1,U1,'=1+1,"x, ""y""",,,,,DNP`,
      '',
    ]);
  });
});
