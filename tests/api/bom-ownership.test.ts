import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BomConfirmBody, BomHeaderMatch, BomQueryMatch, BomUploadResult } from '../../src/lib/bom/bom.schema.ts';
import { ownerKeyOf } from '../../src/lib/bom/bom-owner.server.ts';
import { boms } from '../../src/lib/server/db/schema/index.ts';
import { call, createWorld, KICAD_CSV, ownerSecret, settled, upload, type Caller, type World } from '../helpers/bom-world.ts';

// Issue #36 item 3: an anonymous BOM belongs to the browser that uploaded it. Its id in a shared
// link opens it read-only for anyone else, logged in or not; only the creating browser changes or
// claims it; anyone who can read it may copy it to their own BOMs. PGlite, or PostgreSQL with
// TEST_DATABASE_URL.

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(async () => {
  await w?.close();
});

const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** An anonymous upload from `creator`'s browser, confirmed and matched from it. */
async function sharedBom(creator: Caller) {
  const up = await upload<BomUploadResult>(w, KICAD_CSV, 'kicad-bom.csv', creator);
  expect(up.body.code).toBe(200000);
  const bomId = up.body.result.bomId;
  const hm = await call<BomHeaderMatch>(w, 'GET', `/chiplet/bom/headerMatch?bomId=${bomId}`, creator);
  const body: BomConfirmBody = { bomId, headerRow: hm.body.result.headerRow, columns: hm.body.result.columns };
  const confirmed = await call<{ jobId: string; lines: number }>(w, 'POST', '/chiplet/bom/confirm', creator, body);
  expect(confirmed.body.code).toBe(200000);
  expect((await settled(w, confirmed.body.result.jobId)).state).toBe('succeeded');
  return { bomId, body, lines: confirmed.body.result.lines };
}

const rowOf = async (bomId: string) => (await w.database.db.select().from(boms).where(eq(boms.id, bomId)))[0]!;

describe(`an anonymous BOM belongs to its creator's browser (${label})`, () => {
  it('the upload gives a browser without one an HttpOnly owner secret; the BOM keeps only its hash', async () => {
    const fd = new FormData();
    fd.append('file', new Blob([KICAD_CSV]), 'kicad-bom.csv');
    const res = await w.app.request('/api/chiplet/bom/upload', { method: 'POST', body: fd });
    const setCookie = res.headers.getSetCookie().find((l) => l.startsWith('bom_owner='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const secret = setCookie.split(';')[0]!.slice('bom_owner='.length);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { result } = (await res.json()) as { result: BomUploadResult };
    const row = await rowOf(result.bomId);
    expect(row.ownerKey).toBe(ownerKeyOf(secret));
    expect(row.ownerKey).not.toContain(secret);
    // The browser that holds it changes the BOM; the same request without it only reads.
    const hm = await call<BomHeaderMatch>(w, 'GET', `/chiplet/bom/headerMatch?bomId=${result.bomId}`, { browser: null });
    expect(hm.body.code).toBe(200000);
    const body: BomConfirmBody = { bomId: result.bomId, headerRow: hm.body.result.headerRow, columns: hm.body.result.columns };
    expect((await call(w, 'POST', '/chiplet/bom/confirm', { browser: null }, body)).status).toBe(403);
    expect((await call(w, 'POST', '/chiplet/bom/confirm', { browser: secret }, body)).body.code).toBe(200000);
  });

  it('a logged-in visitor of the shared link reads it, cannot change or claim it; the creator keeps it and claims it on login', async () => {
    const creator = { browser: ownerSecret() };
    const { bomId, body } = await sharedBom(creator);
    const visitor = { token: w.bob.token, browser: ownerSecret() };

    // Read-only: the lines, the header match, the preferences, the export and the access answer.
    const seen = await call<BomQueryMatch>(w, 'GET', `/chiplet/bom/queryMatch?bomId=${bomId}&pageSize=100`, visitor);
    expect(seen.body.code).toBe(200000);
    expect(seen.body.result.list.length).toBeGreaterThan(0);
    expect((await call(w, 'GET', `/chiplet/bom/addTrend?bomId=${bomId}`, visitor)).status).toBe(200);
    expect((await w.app.request('/api/chiplet/bom/download', { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': w.bob.token, cookie: `bom_owner=${visitor.browser}` }, body: JSON.stringify({ bomId }) })).status).toBe(200);
    expect((await call<{ readOnly: boolean; owned: boolean }>(w, 'GET', `/chiplet/bom/access?bomId=${bomId}`, visitor)).body.result).toEqual({ readOnly: true, owned: false });

    // No change: every write answers 40300 with the text that points at the copy.
    const line = seen.body.result.list[0]!;
    const refused = await call(w, 'POST', '/chiplet/bom/confirm', visitor, body);
    expect(refused).toMatchObject({ status: 403, body: { code: 40300, msg: '这是他人分享的 BOM，只能查看；复制到我的BOM后可编辑' } });
    expect((await call(w, 'POST', '/chiplet/bom/confirm', { ...visitor, locale: 'en' }, body)).body.msg).toBe('This BOM was shared with you and is read-only; copy it to your BOMs to edit it');
    expect((await call(w, 'POST', '/chiplet/bom/changeCount', visitor, { bomId, boardCount: 9 })).status).toBe(403);
    expect((await call(w, 'POST', '/chiplet/bom/delete', visitor, { bomId, lineIds: [line.lineId] })).status).toBe(403);
    expect((await call(w, 'POST', '/chiplet/user/bom/update', visitor, { bomId, name: 'mine now' })).status).toBe(403);
    expect((await call(w, 'DELETE', `/chiplet/user/bom/del?bomId=${bomId}`, visitor)).status).toBe(403);
    expect((await call(w, 'POST', '/chiplet/replace/change', visitor, { bomId, lineId: line.lineId, mfgMpnCode: 'LM358DR-test' })).status).toBe(403);
    // Not claimed: before this issue the first logged-in visitor took it and the creator got 40400.
    expect((await rowOf(bomId)).ownerId).toBeNull();

    // The creator, still logged out, goes on changing it.
    expect((await call<{ readOnly: boolean }>(w, 'GET', `/chiplet/bom/access?bomId=${bomId}`, creator)).body.result.readOnly).toBe(false);
    expect((await call(w, 'POST', '/chiplet/bom/changeCount', creator, { bomId, boardCount: 3 })).body.code).toBe(200000);
    // …and claims it by logging in from the same browser; then the visitor gets 40400.
    expect((await call(w, 'GET', `/chiplet/bom/queryMatch?bomId=${bomId}`, { ...creator, token: w.alice.token })).status).toBe(200);
    expect(await rowOf(bomId)).toMatchObject({ ownerId: w.alice.id, expiresAt: null, boardCount: 3 });
    expect((await call(w, 'GET', `/chiplet/bom/queryMatch?bomId=${bomId}`, visitor)).status).toBe(404);
  });

  it('a request with the id and no owner secret (or another browser’s) never claims it', async () => {
    const creator = { browser: ownerSecret() };
    const { bomId } = await sharedBom(creator);
    for (const browser of [null, ownerSecret()]) {
      const res = await call(w, 'GET', `/chiplet/bom/queryMatch?bomId=${bomId}`, { token: w.bob.token, browser });
      expect(res.status).toBe(200);
      expect((await rowOf(bomId)).ownerId).toBeNull();
    }
    // A forged cookie (not the secret's shape) counts as none.
    expect((await call(w, 'POST', '/chiplet/bom/changeCount', { browser: 'x'.repeat(10) }, { bomId, boardCount: 2 })).status).toBe(403);
  });

  it('"copy to my BOMs": a visitor gets an independent copy (logged in: theirs; logged out: their browser’s); the original is untouched', async () => {
    const creator = { browser: ownerSecret() };
    const { bomId, lines } = await sharedBom(creator);
    const before = await call<BomQueryMatch>(w, 'GET', `/chiplet/bom/queryMatch?bomId=${bomId}&pageSize=100`, creator);

    const bob = { token: w.bob.token, browser: ownerSecret() };
    const copied = await call<{ bomId: string }>(w, 'POST', '/chiplet/bom/copy', bob, { bomId });
    expect(copied.body.code).toBe(200000);
    const copyId = copied.body.result.bomId;
    expect(copyId).not.toBe(bomId);
    const copyRow = await rowOf(copyId);
    expect(copyRow).toMatchObject({ ownerId: w.bob.id, ownerKey: null, expiresAt: null, state: 'matched', fileKey: (await rowOf(bomId)).fileKey });
    const copyLines = await call<BomQueryMatch>(w, 'GET', `/chiplet/bom/queryMatch?bomId=${copyId}&pageSize=100`, bob);
    expect(copyLines.body.result.list).toHaveLength(lines);
    expect(copyLines.body.result.list.map((l) => [l.source.mpn, l.status])).toEqual(before.body.result.list.map((l) => [l.source.mpn, l.status]));
    // Bob changes his copy; the original does not move.
    expect((await call(w, 'POST', '/chiplet/bom/changeCount', bob, { bomId: copyId, boardCount: 7 })).body.code).toBe(200000);
    expect((await rowOf(bomId)).boardCount).toBe(1);
    const list = await call<{ list: { bomId: string }[] }>(w, 'POST', '/chiplet/user/bom', { token: w.bob.token }, {});
    expect(list.body.result.list.map((b) => b.bomId)).toContain(copyId);

    // Logged out, the copy belongs to the copying browser and to nobody else.
    const carol = { browser: ownerSecret() };
    const anonymousCopy = (await call<{ bomId: string }>(w, 'POST', '/chiplet/bom/copy', carol, { bomId })).body.result.bomId;
    expect(await rowOf(anonymousCopy)).toMatchObject({ ownerId: null, ownerKey: ownerKeyOf(carol.browser) });
    expect((await call(w, 'POST', '/chiplet/bom/changeCount', carol, { bomId: anonymousCopy, boardCount: 2 })).body.code).toBe(200000);
    expect((await call(w, 'POST', '/chiplet/bom/changeCount', creator, { bomId: anonymousCopy, boardCount: 5 })).status).toBe(403);
    // An owned BOM is not anyone's to copy.
    expect((await call(w, 'POST', '/chiplet/bom/copy', carol, { bomId: copyId })).status).toBe(404);
  });
});
