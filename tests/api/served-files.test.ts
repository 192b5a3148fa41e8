import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createWorld, upload, type World } from '../helpers/bom-world.ts';

// Issue #18 item 4b: every route that sends bytes a user supplied (or drew from them) answers with
// a type that cannot run on our origin, nosniff, a sandbox for anything opened on its own, and a
// Content-Disposition that names cannot break. The OpenAPI document is walked, so a new route that
// sends bytes fails here until it is classified below.

const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
let w: World;

/** Operations whose 200 answer is not JSON, by what they send. */
const USER_BYTES = [
  'GET /api/chiplet/user/avatar/{userId}',
  'GET /api/design/file',
  'GET /api/design/cover',
  'GET /api/chiplet/u/comp/symbolSvg',
  'GET /api/chiplet/u/kicad/comp/symbolSvg',
  'GET /api/chiplet/u/comp/footprintSvg',
  'GET /api/chiplet/u/kicad/comp/footprintSvg',
  'GET /api/chiplet/u/comp/model3d',
  'GET /api/chiplet/u/kicad/comp/model3d',
  'GET /api/chiplet/u/comp/download',
  'GET /api/chiplet/u/kicad/comp/download',
  'GET /api/chiplet/u/asset/file',
  'GET /api/file/operation/persistence/file',
  'GET /api/file/operation/kicad/persistence/file',
  'GET /api/chiplet/u/fragment/preview',
  'GET /api/chiplet/u/kicad/fragment/preview',
  'GET /api/chiplet/u/fragment/download',
  'GET /api/chiplet/u/kicad/fragment/download',
  'POST /api/chiplet/bom/download',
];
/** Catalogue bytes (imported by the operator, not uploaded by users) and event streams of JSON. */
const NOT_USER_BYTES = [
  'GET /api/chiplet/products/symbol.svg',
  'GET /api/chiplet/products/footprint.svg',
  'GET /api/chiplet/products/model3d',
  'GET /api/chiplet/products/downloadZip',
  'POST /api/chiplet/products/downloadZip',
  'POST /api/chiplet/replace/download',
  'GET /api/rag/datasheet/{id}/file',
  'GET /api/jobs/{id}/events',
  'POST /api/chiplet/ai/chat',
];

/** Names a user may give a file: quotes, separators, paths, non-ASCII, markup, direction marks. */
const HOSTILE_NAMES = ['evil"; filename=x.html', 'a\\b"c.txt', '../../etc/passwd', '数据手册 "v2".pdf', '<svg onload=alert(1)>.svg', 'x\u202Egpj.exe', 'x;y=z,w.html'];

/** What every answer carrying user bytes must say. */
function expectSafeFileHeaders(res: Response, what: string, expected: { disposition: 'inline' | 'attachment' | 'none'; name?: string }) {
  const h = res.headers;
  const type = (h.get('content-type') ?? '').toLowerCase();
  expect(type, what).not.toMatch(/text\/html|application\/xhtml|text\/xml|application\/xml|javascript/);
  if (type.startsWith('image/svg+xml')) expect(h.get('content-security-policy'), `${what}: SVG without sandbox`).toMatch(/default-src 'none'.*sandbox/);
  expect(h.get('x-content-type-options'), what).toBe('nosniff');
  expect(h.get('content-security-policy'), what).toMatch(/default-src 'none'/);
  expect(h.get('set-cookie'), what).toBeNull();
  const disposition = h.get('content-disposition');
  if (expected.disposition === 'none') return;
  expect(disposition, what).toBeTruthy();
  // One disposition, one quoted ASCII fallback without quotes or backslashes, one RFC 5987 name.
  expect(disposition!, what).toMatch(/^(attachment|inline); filename="[\x20-\x21\x23-\x5b\x5d-\x7e]*"(; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+)?$/);
  expect(disposition!.split(';')[0], what).toBe(expected.disposition);
  if (expected.name !== undefined) {
    const star = /filename\*=UTF-8''(.+)$/.exec(disposition!)?.[1];
    const shown = star ? decodeURIComponent(star) : /filename="([^"]*)"/.exec(disposition!)![1]!;
    // The name the browser saves under is the last path segment, without control or direction marks.
    expect(shown, what).not.toMatch(/[/\\\u202E\r\n]/);
    const saved = expected.name.replace(/[\p{Cc}\p{Cf}]/gu, '').split(/[/\\]/).pop()!;
    if (/[^\x20-\x7e]|["%;]/.test(saved)) expect(star, `${what}: needs filename*=`).toBeTruthy();
  }
  if (type.startsWith('application/pdf') || disposition!.startsWith('inline')) expect(h.get('content-security-policy'), what).toContain('sandbox');
}

beforeAll(async () => {
  w = await createWorld();
}, 120_000);
afterAll(async () => {
  await w?.close();
});

describe(`served files (${label})`, () => {
  it('the OpenAPI document lists no byte-sending operation that is not classified here', async () => {
    const spec = (await (await w.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const sending: string[] = [];
    for (const [path, ops] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const ok = op.responses?.['200'];
        if (ok && !Object.keys(ok.content ?? {}).some((t) => t.includes('json'))) sending.push(`${method.toUpperCase()} /api${path.replace(/^\/api/, '')}`);
      }
    }
    expect(sending.length).toBeGreaterThan(20);
    expect(sending.sort()).toEqual([...USER_BYTES, ...NOT_USER_BYTES].sort());
  });

  it('a persisted file of any type, under any name, goes out as a download that cannot run', async () => {
    const payloads: [string, string][] = [
      ['page.html', '<!doctype html><script>parent.stolen=localStorage.token</script>'],
      ['image.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'],
      ['data.xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'],
      ['script.js', 'alert(document.cookie)'],
      ...HOSTILE_NAMES.map((n): [string, string] => [n, '<html><body onload=alert(1)>x</body></html>']),
    ];
    for (const [name, body] of payloads) {
      const fd = new FormData();
      fd.append('file', new Blob([body], { type: name.endsWith('.svg') ? 'image/svg+xml' : 'text/html' }), name);
      const res = await w.app.request('/api/file/operation/persistence/file', { method: 'POST', headers: { 'x-token': w.alice.token }, body: fd });
      expect(res.status, name).toBe(200);
      const { result } = (await res.json()) as { result: { url: string } };
      for (const url of [result.url, result.url.replace('/operation/', '/operation/kicad/')]) {
        const got = await w.app.request(url, { headers: { 'x-token': w.alice.token } });
        expect(got.status, `${name} ${url}`).toBe(200);
        expectSafeFileHeaders(got, `${name} ${url}`, { disposition: 'attachment', name });
        expect(got.headers.get('content-type'), name).toBe('application/octet-stream');
        expect(await got.text()).toBe(body);
      }
    }
  });

  it('component assets: a PDF opens inline in a sandbox; KiCad text and hostile names download', async () => {
    const dir = join(import.meta.dirname, '../fixtures/library/components');
    const sym = readFileSync(join(dir, 'OPA333xxD.kicad_sym'));
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const fd = new FormData();
    fd.append('file', new Blob([sym]), '"><img src=x onerror=alert(1)>.kicad_sym');
    fd.append('file', new Blob([pdf]), '数据手册 "v2";.pdf');
    const res = await w.app.request('/api/chiplet/u/asset/upload/list', { method: 'POST', headers: { 'x-token': w.alice.token }, body: fd });
    expect(res.status).toBe(200);
    const list = ((await res.json()) as { result: { list: ({ ok: true; id: number; format: string; fileName: string } | { ok: false })[] } }).result.list;
    const ok = list.filter((a): a is { ok: true; id: number; format: string; fileName: string } => a.ok);
    expect(ok.map((a) => a.format).sort()).toEqual(['kicad_sym', 'pdf']);
    for (const asset of ok) {
      const got = await w.app.request(`/api/chiplet/u/asset/file?id=${asset.id}`, { headers: { 'x-token': w.alice.token } });
      expect(got.status).toBe(200);
      const pdfAsset = asset.format === 'pdf';
      expectSafeFileHeaders(got, asset.fileName, { disposition: pdfAsset ? 'inline' : 'attachment', name: asset.fileName });
      expect(got.headers.get('content-type')).toBe(pdfAsset ? 'application/pdf' : 'text/plain; charset=utf-8');
      // Another user gets nothing.
      expect((await w.app.request(`/api/chiplet/u/asset/file?id=${asset.id}`, { headers: { 'x-token': w.bob.token } })).status).toBe(404);
    }
  });

  it('avatars are re-encoded images, never SVG or HTML; what is not an image is refused', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const send = async (bytes: Uint8Array | string, name: string, type: string) => {
      const fd = new FormData();
      fd.append('file', new Blob([typeof bytes === 'string' ? bytes : (bytes as Uint8Array<ArrayBuffer>)], { type }), name);
      return w.app.request('/api/chiplet/u/base/uploadImage', { method: 'POST', headers: { 'x-token': w.alice.token }, body: fd });
    };
    for (const [bytes, name, type] of [
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'a.svg', 'image/svg+xml'],
      ['<html><script>alert(1)</script></html>', 'a.png', 'image/png'],
      [`GIF89a<script>alert(1)</script>`, 'a.gif', 'image/gif'],
    ] as const) {
      const refused = await send(bytes, name, type);
      expect(refused.status, name).toBe(415);
      expect(((await refused.json()) as { code: number }).code).toBe(41500);
    }
    const res = await send(png, 'me".png', 'image/png');
    expect(res.status).toBe(200);
    const got = await w.app.request(`/api/chiplet/user/avatar/${w.alice.id}`);
    expect(got.status).toBe(200);
    expectSafeFileHeaders(got, 'avatar', { disposition: 'inline' });
    expect(got.headers.get('content-type')).toMatch(/^image\/(webp|png|jpeg)$/);
  });

  it('a BOM export named by its user downloads under a name that cannot break the header', async () => {
    const csv = 'Reference,Value,Footprint,Qty\nR1,10k,0603,1\n';
    const up = await upload<{ bomId: string }>(w, csv, '主板 "rev;2"\\a.csv', { token: w.alice.token });
    expect(up.status).toBe(200);
    const { bomId } = up.body.result;
    expect(bomId).toBeTruthy();
    const res = await w.app.request('/api/chiplet/bom/download', {
      method: 'POST',
      headers: { 'x-token': w.alice.token, 'content-type': 'application/json' },
      body: JSON.stringify({ bomId }),
    });
    expect(res.status).toBe(200);
    expectSafeFileHeaders(res, 'bom export', { disposition: 'attachment', name: '主板 "rev;2"\\a.xlsx' });
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // Bob cannot download Alice's BOM.
    expect((await call(w, 'POST', '/chiplet/bom/download', { token: w.bob.token }, { bomId })).status).toBe(404);
  });
});
