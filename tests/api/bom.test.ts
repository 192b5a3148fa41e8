import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BomConfirmBody, BomHeaderMatch, BomLineView, BomQueryMatch, BomUploadResult } from '../../src/lib/bom/bom.schema.ts';
import { writeXlsx } from '../../src/lib/files/xlsx-write.ts';
import type { JobView } from '../../src/lib/jobs/jobs.ts';
import { boms, jobs } from '../../src/lib/server/db/schema/index.ts';
import { call, createWorld, KICAD_CSV, parseEvents, settled, upload, type World } from '../helpers/bom-world.ts';

// The BOM API (issue #12 items 1, 2, 4, 5) on PGlite, or on PostgreSQL with TEST_DATABASE_URL:
// upload → header match → confirm → matching job → lines, every edit, export, the user's list,
// access rules and the claim on login.

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(async () => {
  await w?.close();
});

const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** Upload, confirm the detected mapping and wait for the matching job. */
async function matchedBom(token: string | null = null, csv = KICAD_CSV, name = 'kicad-bom.csv') {
  const up = await upload<BomUploadResult>(w, csv, name, { token });
  expect(up.body.code).toBe(200000);
  const bomId = up.body.result.bomId;
  const hm = await call<BomHeaderMatch>(w, 'GET', `/chiplet/bom/headerMatch?bomId=${bomId}`, { token });
  const body: BomConfirmBody = { bomId, headerRow: hm.body.result.headerRow, columns: hm.body.result.columns };
  const confirmed = await call<{ bomId: string; lines: number; jobId: string }>(w, 'POST', '/chiplet/bom/confirm', { token }, body);
  expect(confirmed.body.code).toBe(200000);
  const job = await settled(w, confirmed.body.result.jobId);
  expect(job.state).toBe('succeeded');
  return { bomId, jobId: confirmed.body.result.jobId, lines: confirmed.body.result.lines };
}

async function lines(bomId: string, token: string | null = null, locale: 'zh' | 'en' = 'zh') {
  const res = await call<BomQueryMatch>(w, 'GET', `/chiplet/bom/queryMatch?bomId=${bomId}&pageSize=100`, { token, locale });
  expect(res.body.code).toBe(200000);
  return res.body.result;
}

const byMpn = (list: readonly BomLineView[], mpn: string) => list.find((l) => l.source.mpn === mpn)!;

describe(`BOM API (${label})`, () => {
  it('uploads a KiCad CSV logged out: anonymous, expiring in 30 days, file stored, sheets listed', async () => {
    const up = await upload<BomUploadResult>(w, KICAD_CSV, 'kicad-bom.csv');
    expect(up.status).toBe(200);
    expect(up.body.result).toMatchObject({ format: 'csv', sheet: 'kicad-bom', sheets: [{ name: 'kicad-bom', rows: 7, hidden: false }], warnings: [] });
    const [row] = await w.database.db.select().from(boms).where(eq(boms.id, up.body.result.bomId));
    expect(row!.ownerId).toBeNull();
    const days = (row!.expiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(await w.store.exists(row!.fileKey!)).toBe(true);
  });

  it('uploads an Altium-style xlsx logged in: owned, title rows skipped by the header match, hidden and empty sheets reported', async () => {
    const xlsx = writeXlsx({
      sheets: [
        { name: 'Notes', rows: [['Made with a test writer']], headerRows: 0 },
        {
          name: 'BOM',
          headerRows: 0,
          rows: [
            ['Project: PowerBoard', null, null, null],
            ['Date: 2026-11-01', null, null, null],
            ['Comment', 'Designator', 'Footprint', 'Quantity', 'Manufacturer Part Number'],
            ['LM358', 'U1, U2', 'SOIC-8', 2, 'LM358DR'],
            ['TLV9062', 'U3', 'SOIC-8', 1, 'TLV9062IDR'],
          ],
        },
      ],
    });
    const up = await upload<BomUploadResult>(w, xlsx, 'PowerBoard.xlsx', { token: w.alice.token, locale: 'en' });
    expect(up.body.code).toBe(200000);
    expect(up.body.result.format).toBe('xlsx');
    expect(up.body.result.sheet).toBe('BOM');
    expect(up.body.result.warnings).toEqual(['Sheet "Notes" has a single row and no part lines']);
    const [row] = await w.database.db.select().from(boms).where(eq(boms.id, up.body.result.bomId));
    expect(row!.ownerId).toBe(w.alice.id);
    expect(row!.expiresAt).toBeNull();
    const hm = await call<BomHeaderMatch>(w, 'GET', `/chiplet/bom/headerMatch?bomId=${up.body.result.bomId}`, { token: w.alice.token });
    expect(hm.body.result.headerRow).toBe(2);
    expect(hm.body.result.confirmed).toBe(false);
    expect(hm.body.result.columns.map((c) => c.field)).toEqual(['value', 'designators', 'package', 'quantity', 'mpn']);
    expect(hm.body.result.preview[3]).toEqual(['LM358', 'U1, U2', 'SOIC-8', '2', 'LM358DR']);
    // Nobody else sees it (as if it did not exist).
    for (const token of [w.bob.token, null]) {
      const other = await call(w, 'GET', `/chiplet/bom/headerMatch?bomId=${up.body.result.bomId}`, { token, locale: 'en' });
      expect(other.status).toBe(404);
      expect(other.body).toEqual({ code: 40400, msg: 'No such BOM, or it has expired', result: null });
    }
  });

  it('confirm makes the lines and a matching job; its event stream, followed logged out, carries the real counts; lines come back matched', async () => {
    const up = await upload<BomUploadResult>(w, KICAD_CSV, 'kicad-bom.csv');
    const bomId = up.body.result.bomId;
    const hm = await call<BomHeaderMatch>(w, 'GET', `/chiplet/bom/headerMatch?bomId=${bomId}`);
    expect(hm.body.result.columns.map((c) => c.field)).toEqual(['designators', 'value', 'package', 'ignore', 'quantity', 'mpn', 'manufacturer']);
    const confirmed = await call<{ bomId: string; lines: number; jobId: string }>(w, 'POST', '/chiplet/bom/confirm', {}, { bomId, headerRow: 0, columns: hm.body.result.columns });
    expect(confirmed.body.result.lines).toBe(6);
    const jobId = confirmed.body.result.jobId;
    // Follow it logged out, as the holder of the bomId does.
    const stream = await w.app.request(`/api/jobs/${jobId}/events`);
    expect(stream.status).toBe(200);
    const events = parseEvents(await stream.text());
    const last = events.at(-1)!;
    expect(last.event).toBe('done');
    expect(last.data.progress).toMatchObject({ done: 6, total: 6, phase: 'match' });
    expect(last.data.result).toEqual({ lines: 6, written: 6, skipped: 0 });
    // Before the job counts its lines the total is unknown (null); after, it is the real count.
    for (const e of events) {
      expect([null, 6]).toContain(e.data.progress.total);
      expect(e.data.progress.done).toBeLessThanOrEqual(e.data.progress.total ?? 0);
    }
    const poll = await call<JobView>(w, 'GET', `/jobs/${jobId}`);
    expect(poll.body.result.kind).toBe('bom-match');
    // An operator job (owner-less, not a capability kind) stays invisible by id.
    const [operator] = await w.database.db.insert(jobs).values({ kind: 'import-catalog', ownerId: null, input: {} }).returning();
    expect((await call(w, 'GET', `/jobs/${operator!.id}`)).status).toBe(404);
    expect((await w.app.request(`/api/jobs/${operator!.id}/events`)).status).toBe(404);

    const result = await lines(bomId, null, 'en');
    expect(result.total).toBe(6);
    expect(result.summary).toMatchObject({ bomId, state: 'matched', lines: 6, boardCount: 1, owned: false, jobId });
    expect(result.summary.counts).toMatchObject({ exact: 3, notFound: 2, dnp: 1, pending: 0 });
    const lm = byMpn(result.list, 'LM358DR');
    expect(lm.status).toBe('exact');
    expect(lm.chosen).toMatchObject({ mpn: 'LM358DR', brandName: 'Texas Instruments', cateName: 'Op amps', package: 'SOIC-8', domestic: false, hasKicad: false, by: 'auto' });
    expect(lm.candidates[0]!.reason).toBe('MPN identical');
    const r = byMpn(result.list, '0603WAF1002T5E');
    expect(r).toMatchObject({ designators: ['R1', 'R2'], quantity: 2, totalQuantity: 2 });
    expect(r.chosen).toMatchObject({ brandName: 'UNI-ROYAL', domestic: true, hasKicad: true });
    const zhView = byMpn((await lines(bomId, null, 'zh')).list, '0603WAF1002T5E');
    expect(zhView.chosen).toMatchObject({ brandName: '厚声', cateName: '贴片电阻' });
    expect(result.list.find((l) => l.dnp)!.status).toBe('dnp');
    // The confirmed mapping comes back as confirmed.
    const again = await call<BomHeaderMatch>(w, 'GET', `/chiplet/bom/headerMatch?bomId=${bomId}`);
    expect(again.body.result).toMatchObject({ confirmed: true, headerRow: 0, confidence: 1 });
  });

  it('confirm refuses a mapping the sheet cannot have, in the caller’s language, and keeps the lines it had', async () => {
    const { bomId } = await matchedBom();
    const before = (await lines(bomId)).total;
    const bad = [
      [{ bomId, headerRow: 0, columns: [{ index: 0, header: 'Reference', field: 'designators' }] }, 'No part number, value, description or supplier part number column: choose one so lines can be matched'],
      [{ bomId, headerRow: 0, columns: [{ index: 40, header: 'x', field: 'mpn' }] }, 'Column 40 is past the last column of the sheet (7 columns)'],
      [{ bomId, headerRow: 0, columns: [{ index: 5, header: 'MPN', field: 'mpn' }, { index: 5, header: 'MPN', field: 'value' }] }, 'Column 5 is mapped twice'],
      [{ bomId, headerRow: 99, columns: [{ index: 5, header: 'MPN', field: 'mpn' }] }, 'Header row 99 is past the end of the sheet (7 rows)'],
      [{ bomId, sheet: 'Nope', headerRow: 0, columns: [{ index: 5, header: 'MPN', field: 'mpn' }] }, 'No sheet named "Nope"'],
    ] as const;
    for (const [body, msg] of bad) {
      const res = await call(w, 'POST', '/chiplet/bom/confirm', { locale: 'en' }, body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const zh = await call(w, 'POST', '/chiplet/bom/confirm', { locale: 'zh' }, bad[0][0]);
    expect(zh.body.msg).toBe('没有型号、值、描述或供应商编号列，无法匹配物料，请指定列');
    expect((await lines(bomId)).total).toBe(before);
  });
});
