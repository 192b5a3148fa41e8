import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BomConfirmBody, BomHeaderMatch, BomLineView, BomQueryMatch, BomSummary, BomUploadResult } from '../../src/lib/bom/bom.schema.ts';
import { bomMatchMemory, boms } from '../../src/lib/server/db/schema/index.ts';
import { call, createWorld, KICAD_CSV, settled, upload, type World } from '../helpers/bom-world.ts';
import { lineSignature } from '../../src/lib/bom/match/line-plan.ts';

// Every edit of a BOM's lines (issue #12 item 4), saved at once, on PGlite or PostgreSQL:
// choosing a part, setting cells (quantities read like upload cells), adding, deleting, the board
// count, preferences, the re-match of doubtful lines; stale versions answer 40900 with the current
// line; concurrent edits of one line and of one BOM lose nothing.

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(async () => {
  await w?.close();
});

const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

async function matchedBom(token: string | null = null) {
  const up = await upload<BomUploadResult>(w, KICAD_CSV, 'kicad-bom.csv', { token });
  const bomId = up.body.result.bomId;
  const hm = await call<BomHeaderMatch>(w, 'GET', `/chiplet/bom/headerMatch?bomId=${bomId}`, { token });
  const body: BomConfirmBody = { bomId, headerRow: hm.body.result.headerRow, columns: hm.body.result.columns };
  const confirmed = await call<{ jobId: string }>(w, 'POST', '/chiplet/bom/confirm', { token }, body);
  await settled(w, confirmed.body.result.jobId);
  return bomId;
}

async function lineList(bomId: string, token: string | null = null, locale: 'zh' | 'en' = 'en') {
  const res = await call<BomQueryMatch>(w, 'GET', `/chiplet/bom/queryMatch?bomId=${bomId}&pageSize=100`, { token, locale });
  expect(res.body.code).toBe(200000);
  return res.body.result;
}

const byMpn = (list: readonly BomLineView[], mpn: string) => list.find((l) => l.source.mpn === mpn)!;
type LineAnswer = { status: number; body: { code: number; msg: string; result: BomLineView } };
const post = (path: string, body: unknown, token: string | null = null, locale: 'zh' | 'en' = 'en') => call<BomLineView>(w, 'POST', path, { token, locale }, body) as Promise<LineAnswer>;

describe(`BOM edits (${label})`, () => {
  it('change: picks a candidate or any catalogue part, clears it, remembers an owner’s choice; unknown parts and lines are 40400', async () => {
    const bomId = await matchedBom(w.alice.token);
    const unknown = byMpn((await lineList(bomId, w.alice.token)).list, 'XYZ-NOSUCH-1');
    expect(unknown.status).toBe('notFound');
    const chosen = await post('/chiplet/bom/change', { bomId, lineId: unknown.lineId, version: unknown.version, mfgMpnCode: 'TLV9062IDR-test' }, w.alice.token);
    expect(chosen.body.code).toBe(200000);
    expect(chosen.body.result).toMatchObject({ status: 'matched', chosen: { mpn: 'TLV9062IDR', by: 'user', confidence: null }, version: unknown.version + 1 });
    const [memory] = await w.database.db.select().from(bomMatchMemory).where(eq(bomMatchMemory.ownerId, w.alice.id));
    // Stored under the matcher's own signature, so the next BOM's matching finds it.
    expect(memory!.signature).toBe(lineSignature({ mpn: unknown.source.mpn, manufacturer: unknown.source.manufacturer, supplierPn: unknown.source.supplierPn }));
    const cleared = await post('/chiplet/bom/change', { bomId, lineId: unknown.lineId, mfgMpnCode: null }, w.alice.token);
    expect(cleared.body.result).toMatchObject({ status: 'notFound', chosen: null });
    const noPart = await post('/chiplet/bom/change', { bomId, lineId: unknown.lineId, mfgMpnCode: 'NOPE' }, w.alice.token);
    expect(noPart.status).toBe(404);
    expect(noPart.body.msg).toBe('No part with mfgMpnCode NOPE');
    const noLine = await post('/chiplet/bom/change', { bomId, lineId: 2_000_000, mfgMpnCode: null }, w.alice.token);
    expect(noLine.status).toBe(404);
    expect(noLine.body.msg).toBe('No line 2000000 in this BOM');
    // A line of another BOM is not this BOM's line.
    const other = await matchedBom(w.alice.token);
    const foreign = (await lineList(other, w.alice.token)).list[0]!;
    expect((await post('/chiplet/bom/change', { bomId, lineId: foreign.lineId, mfgMpnCode: null }, w.alice.token)).status).toBe(404);
    // Anonymous BOMs remember nothing.
    const anon = await matchedBom();
    const line = byMpn((await lineList(anon)).list, 'XYZ-NOSUCH-1');
    await post('/chiplet/bom/change', { bomId: anon, lineId: line.lineId, mfgMpnCode: 'NE555P-test' });
    expect(await w.database.db.select().from(bomMatchMemory)).toHaveLength(1);
  });

  it('a stale version answers 40900 with the line as it is now, and changes nothing', async () => {
    const bomId = await matchedBom();
    const line = byMpn((await lineList(bomId)).list, 'NE555P');
    const first = await post('/chiplet/bom/changeSet', { bomId, lineId: line.lineId, version: line.version, fields: { notes: 'first' } });
    expect(first.body.code).toBe(200000);
    const stale = await post('/chiplet/bom/changeSet', { bomId, lineId: line.lineId, version: line.version, fields: { notes: 'second' } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(40900);
    expect(stale.body.msg).toBe('This line was changed by someone else; here is its current state, check it and try again');
    expect(stale.body.result).toMatchObject({ lineId: line.lineId, version: line.version + 1, source: { notes: 'first' } });
    const staleChoice = await post('/chiplet/bom/change', { bomId, lineId: line.lineId, version: line.version, mfgMpnCode: null }, null, 'zh');
    expect(staleChoice.body).toMatchObject({ code: 40900, msg: '该物料行已被其他操作修改，已返回最新内容，请核对后重试', result: { source: { notes: 'first' } } });
    expect(byMpn((await lineList(bomId)).list, 'NE555P').chosen?.mpn).toBe('NE555P');
  });

  it('changeSet reads quantities like upload cells: 1,000 and 2pcs accepted; -3 and abc refused in zh and en with nothing saved', async () => {
    const bomId = await matchedBom();
    const line = byMpn((await lineList(bomId)).list, 'LM358DR');
    const thousand = await post('/chiplet/bom/changeSet', { bomId, lineId: line.lineId, fields: { quantity: '1,000' } });
    expect(thousand.body.result).toMatchObject({ quantity: 1000, totalQuantity: 1000, status: 'exact', problems: ['Quantity 1000 differs from the 1 designators'] });
    const pcs = await post('/chiplet/bom/changeSet', { bomId, lineId: line.lineId, fields: { quantity: '2pcs', designators: 'U1,U5' } });
    expect(pcs.body.result).toMatchObject({ quantity: 2, designators: ['U1', 'U5'], problems: [] });
    const cases = [
      ['-3', 'Invalid quantity: Quantity "-3" must not be negative', '数量无效：数量“-3”不能为负数'],
      ['abc', 'Invalid quantity: Quantity "abc" is not a number', '数量无效：数量“abc”不是数字'],
    ] as const;
    for (const [quantity, en, zh] of cases) {
      const refusedEn = await post('/chiplet/bom/changeSet', { bomId, lineId: line.lineId, fields: { quantity, notes: 'lost?' } }, null, 'en');
      expect(refusedEn.status).toBe(400);
      expect(refusedEn.body.msg).toBe(en);
      const refusedZh = await post('/chiplet/bom/changeSet', { bomId, lineId: line.lineId, fields: { quantity } }, null, 'zh');
      expect(refusedZh.body.msg).toBe(zh);
    }
    const after = byMpn((await lineList(bomId)).list, 'LM358DR');
    expect(after).toMatchObject({ quantity: 2, version: pcs.body.result.version });
    expect(after.source.notes).toBeUndefined();
    const nothing = await post('/chiplet/bom/changeSet', { bomId, lineId: line.lineId, fields: {} });
    expect(nothing.body.msg).toBe('Nothing to change');
  });

  it('changeSet of an identifying cell matches the line again at once and writes the cell back into the row', async () => {
    const bomId = await matchedBom();
    const line = byMpn((await lineList(bomId)).list, 'XYZ-NOSUCH-1');
    const fixed = await post('/chiplet/bom/changeSet', { bomId, lineId: line.lineId, fields: { mpn: 'ne555p' } });
    // Matched again at once; the line's own footprint (SOIC-8) contradicts NE555P's DIP-8, so since
    // issue #30 the part is offered, never accepted without the user.
    expect(fixed.body.result).toMatchObject({ status: 'doubtful', chosen: null, source: { mpn: 'ne555p' } });
    expect(fixed.body.result.source.cells[5]).toBe('ne555p');
    const dnp = await post('/chiplet/bom/changeSet', { bomId, lineId: line.lineId, fields: { dnp: true } });
    expect(dnp.body.result).toMatchObject({ dnp: true, status: 'dnp' });
  });

  it('add, delete and changeCount: lines placed last and matched, totals follow the board count', async () => {
    const bomId = await matchedBom();
    const added = await post('/chiplet/bom/add', { bomId, fields: { mpn: 'TLV9062IDR', designators: 'U7-U9' } });
    expect(added.body.result).toMatchObject({ row: null, designators: ['U7', 'U8', 'U9'], quantity: 3, status: 'exact', chosen: { mpn: 'TLV9062IDR' } });
    expect(added.body.result.source.cells[0]).toBe('U7-U9');
    const list = (await lineList(bomId)).list;
    expect(list.at(-1)!.lineId).toBe(added.body.result.lineId);
    const badAdd = await post('/chiplet/bom/add', { bomId, fields: { mpn: 'X', quantity: '1.5' } });
    expect(badAdd.body.msg).toBe('Invalid quantity: Quantity "1.5" must be a whole number');
    const count = await call<BomSummary>(w, 'POST', '/chiplet/bom/changeCount', {}, { bomId, boardCount: 10 });
    // Fitted lines per board: 1 + 2 + 1 + 1 + 1 + 3 (the DNP line does not count).
    expect(count.body.result).toMatchObject({ boardCount: 10, totalParts: 90 });
    expect(byMpn((await lineList(bomId)).list, '0603WAF1002T5E').totalQuantity).toBe(20);
    const del = await call<BomSummary>(w, 'POST', '/chiplet/bom/delete', {}, { bomId, lineIds: [added.body.result.lineId] });
    expect(del.body.result).toMatchObject({ lines: 6, totalParts: 60 });
    const again = await call(w, 'POST', '/chiplet/bom/delete', { locale: 'en' }, { bomId, lineIds: [added.body.result.lineId] });
    expect(again.status).toBe(404);
    const zero = await call(w, 'POST', '/chiplet/bom/changeCount', { locale: 'en' }, { bomId, boardCount: 0 });
    expect(zero.status).toBe(400);
  });

  it('preferences: documented options, merged changes, a re-ranking job that keeps the user’s choices; changeByAI says it used the rules', async () => {
    const bomId = await matchedBom();
    const options = await call<{ trends: Record<string, boolean>; options: { key: string; label: string; description: string }[] }>(w, 'GET', `/chiplet/bom/addTrend?bomId=${bomId}`, { locale: 'en' });
    expect(options.body.result.trends).toEqual({ preferOriginalBrand: true, preferDomestic: false, preferKicad: false, preferActive: true });
    expect(options.body.result.options.map((o) => o.key)).toEqual(['preferOriginalBrand', 'preferDomestic', 'preferKicad', 'preferActive']);
    expect(options.body.result.options[1]).toEqual({ key: 'preferDomestic', label: 'Prefer domestic brands', description: 'Among equally good candidates, Chinese brands come first' });
    const unknown = byMpn((await lineList(bomId)).list, 'XYZ-NOSUCH-1');
    await post('/chiplet/bom/change', { bomId, lineId: unknown.lineId, mfgMpnCode: 'NE555P-test' });
    const changed = await call<{ bomId: string; jobId: string }>(w, 'POST', '/chiplet/bom/changeTrend', {}, { bomId, trends: { preferDomestic: true } });
    const job = await settled(w, changed.body.result.jobId);
    expect(job.state).toBe('succeeded');
    expect(job.result).toMatchObject({ lines: 5 }); // every line but the one the user chose
    const after = await lineList(bomId);
    expect(after.summary.trends).toMatchObject({ preferDomestic: true, preferOriginalBrand: true });
    expect(byMpn(after.list, 'XYZ-NOSUCH-1').chosen).toMatchObject({ mpn: 'NE555P', by: 'user' });
    const ai = await call<{ jobId: string; parser: string }>(w, 'POST', '/chiplet/bom/changeByAI', { locale: 'en' }, { bomId });
    expect(ai.body.msg).toBe('No language model is configured: doubtful lines were re-matched with the rule-based parser');
    expect(ai.body.result.parser).toBe('rules');
    expect((await settled(w, ai.body.result.jobId)).result).toMatchObject({ lines: 1 }); // the J1 line, not found
  });

  it('queryByDesc: the matcher’s reading first, then the catalogue search, with reasons', async () => {
    const bomId = await matchedBom();
    const res = await call<{ list: { mpn: string; tier: string; reason: string }[]; total: number }>(w, 'POST', '/chiplet/bom/queryByDesc', { locale: 'en' }, { bomId, keyword: 'LM358DR' });
    expect(res.body.code).toBe(200000);
    expect(res.body.result.list[0]).toMatchObject({ mpn: 'LM358DR', tier: 'exact', reason: 'MPN identical' });
    const search = await call<{ list: { mpn: string; tier: string; reason: string }[]; total: number }>(w, 'POST', '/chiplet/bom/queryByDesc', { locale: 'en' }, { keyword: 'TLV9062' });
    expect(search.body.result.list.map((c) => c.mpn)).toContain('TLV9062IDR');
    const empty = await call(w, 'POST', '/chiplet/bom/queryByDesc', { locale: 'en' }, { keyword: '   ' });
    expect(empty.status).toBe(400);
  });

  it('concurrent edits of one line without a version both land; with the same version exactly one wins', async () => {
    const bomId = await matchedBom();
    const line = byMpn((await lineList(bomId)).list, 'NE555P');
    const [a, b] = await Promise.all([
      post('/chiplet/bom/changeSet', { bomId, lineId: line.lineId, fields: { notes: 'from tab A' } }),
      post('/chiplet/bom/changeSet', { bomId, lineId: line.lineId, fields: { manufacturer: 'Texas Instruments' } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const merged = byMpn((await lineList(bomId)).list, 'NE555P');
    expect(merged.source).toMatchObject({ notes: 'from tab A', manufacturer: 'Texas Instruments' });
    const [x, y] = await Promise.all([
      post('/chiplet/bom/changeSet', { bomId, lineId: line.lineId, version: merged.version, fields: { notes: 'X' } }),
      post('/chiplet/bom/changeSet', { bomId, lineId: line.lineId, version: merged.version, fields: { notes: 'Y' } }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const winner = x.status === 200 ? 'X' : 'Y';
    expect(byMpn((await lineList(bomId)).list, 'NE555P').source.notes).toBe(winner);
  });

  it('concurrent edits of one BOM: adds, edits of different lines and a board count all land, the BOM version counts each', async () => {
    const bomId = await matchedBom();
    const [before] = await w.database.db.select().from(boms).where(eq(boms.id, bomId));
    const list = (await lineList(bomId)).list;
    const results = await Promise.all([
      post('/chiplet/bom/add', { bomId, fields: { mpn: 'LM358DR', quantity: '1' } }),
      post('/chiplet/bom/add', { bomId, fields: { mpn: 'NE555P', quantity: '1' } }),
      post('/chiplet/bom/changeSet', { bomId, lineId: list[0]!.lineId, fields: { notes: 'one' } }),
      post('/chiplet/bom/changeSet', { bomId, lineId: list[1]!.lineId, fields: { notes: 'two' } }),
      call(w, 'POST', '/chiplet/bom/changeCount', {}, { bomId, boardCount: 3 }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const after = await lineList(bomId);
    expect(after.total).toBe(8);
    expect(after.list[0]!.source.notes).toBe('one');
    expect(after.list[1]!.source.notes).toBe('two');
    expect(after.summary.boardCount).toBe(3);
    expect(after.summary.version).toBe(before!.version + 5);
    const added = await w.database.db.select().from(boms).where(and(eq(boms.id, bomId)));
    expect(added[0]!.expiresAt!.getTime()).toBeGreaterThanOrEqual(before!.expiresAt!.getTime());
  });
});
