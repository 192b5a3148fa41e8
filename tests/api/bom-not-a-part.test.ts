import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BomConfirmBody, BomHeaderMatch, BomQueryMatch, BomUploadResult } from '../../src/lib/bom/bom.schema.ts';
import { readBomFile } from '../../src/lib/bom/read/read-bom-file.ts';
import { call, createWorld, settled, upload, type World } from '../helpers/bom-world.ts';

// Issue #30 items 4 and 5: rows that are not parts (the PCB, screws, an IC socket) get the line
// status notAPart (非元器件): shown with it, never matched, counted apart in the summary and the
// export; and the export's header has no two columns of one name even when the user's sheet
// already has a 'Brand' or 'Package' column. PGlite, or PostgreSQL with TEST_DATABASE_URL.

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(async () => {
  await w?.close();
});

const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

// Shapes of tests/fixtures/bom-real rows: a purchasing sheet's PCB and M3 screws, an IC socket.
const CSV = [
  'Designator,Quantity,MPN,Brand,Package,Description',
  'U1,1,LM358DR,TI,SOIC-8,Dual op amp',
  'R1,1,0603WAF1002T5E,UNI-ROYAL,0603,10k resistor',
  ',1,,,,PCB',
  ',4,,,,M3x6螺丝',
  'X1,1,,,DIP-8,DIP-8 IC座',
].join('\r\n');

describe(`BOM lines that are not parts (${label})`, () => {
  it('are notAPart: never matched, shown so in zh and en, counted apart, and the export names every column once', async () => {
    const up = await upload<BomUploadResult>(w, CSV, 'not-a-part.csv');
    expect(up.body.code).toBe(200000);
    const bomId = up.body.result.bomId;
    const hm = await call<BomHeaderMatch>(w, 'GET', `/chiplet/bom/headerMatch?bomId=${bomId}`);
    const body: BomConfirmBody = { bomId, headerRow: hm.body.result.headerRow, columns: hm.body.result.columns };
    const confirmed = await call<{ jobId: string }>(w, 'POST', '/chiplet/bom/confirm', {}, body);
    expect(confirmed.body.code).toBe(200000);
    expect((await settled(w, confirmed.body.result.jobId)).state).toBe('succeeded');

    const res = await call<BomQueryMatch>(w, 'GET', `/chiplet/bom/queryMatch?bomId=${bomId}&pageSize=100`);
    const list = res.body.result.list;
    const byDesc = (d: string) => list.find((l) => l.source.description === d)!;
    for (const d of ['PCB', 'M3x6螺丝', 'DIP-8 IC座']) {
      const line = byDesc(d);
      expect(line.status, d).toBe('notAPart');
      expect(line.chosen, d).toBeNull();
      expect(line.candidates, d).toEqual([]);
      expect(line.problems.join(' '), d).toMatch(/^非元器件/);
    }
    expect(byDesc('Dual op amp').status).toBe('exact');
    const summary = res.body.result.summary ?? (res.body.result as unknown as { bom?: { counts: Record<string, number> } }).bom;
    expect(summary?.counts).toMatchObject({ notAPart: 3, exact: 2, dnp: 0 });
    // Only the two parts are bought: 1 + 1 per board.
    expect((summary as { totalParts?: number }).totalParts).toBe(2);

    const en = await call<BomQueryMatch>(w, 'GET', `/chiplet/bom/queryMatch?bomId=${bomId}&pageSize=100&status=notAPart`, { locale: 'en' });
    expect(en.body.result.total).toBe(3);

    const xlsx = await w.app.request('/api/chiplet/bom/download', { method: 'POST', headers: { 'content-type': 'application/json', cookie: 'locale=en' }, body: JSON.stringify({ bomId }) });
    expect(xlsx.status).toBe(200);
    const rows = readBomFile(new Uint8Array(await xlsx.arrayBuffer()), 'export.xlsx').sheets[0]!.rows;
    const header = rows[0]!;
    expect(new Set(header.map((h) => h.toLowerCase())).size).toBe(header.length);
    expect(header).toEqual(['Designator', 'Quantity', 'MPN', 'Brand', 'Package', 'Description', 'Matched MPN', 'Brand (2)', 'Category', 'Package (2)', 'Match status', 'Confidence', 'Per board', 'Total (1 boards)']);
    const pcb = rows.find((r) => r[5] === 'PCB')!;
    expect(pcb[10]).toBe('Not a part');
    expect(pcb[13] ?? '').toBe('');
    expect(rows.at(-1)!.slice(12)).toEqual(['2', '2']);
  }, 120_000);
});
