import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearDownloadCaches, downloadCacheStats } from '../../src/lib/catalog/download-cache.server.ts';
import { clientKey, DOWNLOAD_LIMITS, resetDownloadLimits } from '../../src/lib/catalog/download-limits.server.ts';
import { footprintRow } from '../../src/lib/catalog/kicad-import/kicad-records.ts';
import { upsertFootprints } from '../../src/lib/catalog/kicad-import/library-store.server.ts';
import { storeModels3d } from '../../src/lib/catalog/model3d/store-models.server.ts';
import { parseFootprint } from '../../src/lib/kicad/footprint.ts';
import { assembleZip, compressData, createZip, readZip } from '../../src/lib/files/zip.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { footprints, symbols } from '../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { seedCatalog } from '../unit/catalog-pages/seed.ts';

// The KiCad download (products/downloadZip) and the symbol/footprint SVGs: built once per content
// version and served from the cache, rebuilt after a re-import, ETag/304, and the per-client limits
// (429, 42900, Retry-After). PGlite, or PostgreSQL with TEST_DATABASE_URL.

const SOIC8 = 'Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.wrl';
const wrl = readFileSync(new URL('../fixtures/wrl/SOIC-8_3.9x4.9mm_P1.27mm.wrl', import.meta.url));
const fpText = readFileSync(new URL('../fixtures/kicad/SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod', import.meta.url), 'utf8');
const MODEL_SOURCE = { source: 'KiCad 3D library (test fixture)', licence: 'CC-BY-SA 4.0 with the KiCad library exception' };

type Db = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Db;
let app: ReturnType<typeof createApp>;
let clock = 1_900_000_000; // seconds; the limits count on the app's clock

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalog(database);
  await storeModels3d(database.db, [{ key: SOIC8, bytes: wrl }], MODEL_SOURCE);
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }), now: () => clock });
}, 120_000);
afterAll(async () => {
  await database?.close();
});
beforeEach(() => {
  clearDownloadCaches();
  resetDownloadLimits();
});

let nextIp = 1;
/** A client address of its own, so no test shares another's counts. */
const freshIp = () => `10.1.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

const zipGet = (code: string, init: { ip?: string; headers?: Record<string, string> } = {}) =>
  app.request(`/api/chiplet/products/downloadZip?mfgMpnCode=${code}`, { headers: init.headers ?? {} }, { ip: init.ip ?? freshIp() });
const svgGet = (kind: 'symbol' | 'footprint', code: string, init: { ip?: string; headers?: Record<string, string>; unit?: number } = {}) =>
  app.request(`/api/chiplet/products/${kind}.svg?mfgMpnCode=${code}${init.unit ? `&unit=${init.unit}` : ''}`, { headers: init.headers ?? {} }, { ip: init.ip ?? freshIp() });
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe(`downloadZip cache (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('builds a part’s zip once: the second request does not call the zip writer again', async () => {
    const first = await zipGet('LM358_ti');
    expect(first.status).toBe(200);
    const a = await bytesOf(first);
    expect(first.headers.get('content-length')).toBe(String(a.length));
    expect(first.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(downloadCacheStats().zip).toMatchObject({ builds: 1, hits: 0, entries: 1 });

    const second = await zipGet('LM358_ti');
    expect(second.status).toBe(200);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(Buffer.from(await bytesOf(second)).equals(Buffer.from(a))).toBe(true);
    expect(downloadCacheStats().zip).toMatchObject({ builds: 1, hits: 1 });
  });

  it('keeps the zip’s entries: symbol library, footprint, the stored 3D model byte for byte, licence note', async () => {
    const files = readZip(await bytesOf(await zipGet('LM358_ti')));
    expect(files.map((f) => f.name)).toEqual([
      'LM358/LM358.kicad_sym',
      'LM358/LM358.pretty/SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod',
      `LM358/3d/SOIC-8_3.9x4.9mm_P1.27mm.wrl`,
      'LM358/LICENSE.txt',
    ]);
    expect(files[1]!.data.toString('utf8')).toBe(fpText);
    expect(files[2]!.data.equals(wrl)).toBe(true);
    expect(files[3]!.data.toString()).toContain('3d/SOIC-8_3.9x4.9mm_P1.27mm.wrl');
  });

  it('concurrent first requests for one part share a single build', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => zipGet('LM358_ti')));
    const bodies = await Promise.all(answers.map(bytesOf));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(new Set(bodies.map((b) => Buffer.from(b).toString('base64'))).size).toBe(1);
    expect(downloadCacheStats().zip.builds).toBe(1);
  });

  it('parts sharing a footprint model deflate the model once', async () => {
    const [a, b] = await Promise.all([zipGet('LM358_ti'), zipGet('LM2904_ti')]);
    const model = (bytes: Uint8Array) => readZip(bytes).find((f) => f.name.endsWith('.wrl'))!.data;
    expect(model(await bytesOf(a)).equals(wrl)).toBe(true);
    expect(model(await bytesOf(b)).equals(wrl)).toBe(true);
    expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'));
    expect(downloadCacheStats()).toMatchObject({ zip: { builds: 2 }, model: { builds: 1 } });
  });

  it('answers If-None-Match with 304 and builds nothing; POST always gets the file', async () => {
    const etag = (await zipGet('LM358_ti')).headers.get('etag')!;
    clearDownloadCaches();
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await zipGet('LM358_ti', { headers: { 'If-None-Match': tag } });
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect((await bytesOf(res)).length).toBe(0);
    }
    expect(downloadCacheStats().zip.builds).toBe(0);
    expect((await zipGet('LM358_ti', { headers: { 'If-None-Match': '"stale"' } })).status).toBe(200);
    const post = await app.request(
      '/api/chiplet/products/downloadZip',
      { method: 'POST', headers: { 'content-type': 'application/json', 'If-None-Match': etag }, body: JSON.stringify({ mfgMpnCode: 'LM358_ti' }) },
      { ip: freshIp() },
    );
    expect(post.status).toBe(200);
    expect(post.headers.get('etag')).toBe(etag);
    expect(readZip(await bytesOf(post))).toHaveLength(4);
  });

  it('a re-import of the footprint changes the zip and its ETag', async () => {
    const before = await zipGet('LM358_ti');
    const oldTag = before.headers.get('etag')!;
    await bytesOf(before);
    const changed = fpText.replace('(descr "SOIC, 8 Pin', '(descr "SOIC, 8 Pin, re-imported');
    expect(changed).not.toBe(fpText);
    const [row] = await database.db.select({ source: footprints.source }).from(footprints).where(eq(footprints.name, 'SOIC-8_3.9x4.9mm_P1.27mm'));
    const reimport = (text: string) => upsertFootprints(database.db, [footprintRow(parseFootprint(text, 'SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod').footprint!, 'Package_SO', text, row!.source)]);
    await reimport(changed);
    try {
      const after = await zipGet('LM358_ti', { headers: { 'If-None-Match': oldTag } });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(oldTag);
      const fp = readZip(await bytesOf(after)).find((f) => f.name.endsWith('.kicad_mod'))!;
      expect(fp.data.toString('utf8')).toBe(changed);
      expect(downloadCacheStats().zip.builds).toBe(2);
      expect(downloadCacheStats().model.builds).toBe(1); // the model did not change
    } finally {
      await reimport(fpText);
    }
    expect((await zipGet('LM358_ti')).headers.get('etag')).toBe(oldTag);
  });

  it('a re-import of the 3D model with new bytes changes the zip and its ETag', async () => {
    const oldTag = (await zipGet('LM358_ti')).headers.get('etag')!;
    const newBytes = Buffer.concat([wrl, Buffer.from('\n# re-imported\n')]);
    await storeModels3d(database.db, [{ key: SOIC8, bytes: newBytes }], MODEL_SOURCE);
    try {
      const after = await zipGet('LM358_ti');
      expect(after.headers.get('etag')).not.toBe(oldTag);
      expect(readZip(await bytesOf(after)).find((f) => f.name.endsWith('.wrl'))!.data.equals(newBytes)).toBe(true);
      expect(downloadCacheStats().model.builds).toBe(2);
    } finally {
      await storeModels3d(database.db, [{ key: SOIC8, bytes: wrl }], MODEL_SOURCE);
    }
  });

  it('still answers 404 (40400) for an unknown part and 40000 for a bad code', async () => {
    const missing = await zipGet('NOPE_x');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: number }).code).toBe(40400);
    const bad = await zipGet('%3Cx%3E');
    expect(((await bad.json()) as { code: number }).code).toBe(40000);
  });
});

describe('zip assembly', () => {
  it('writes the same bytes as the zip writer at the same level, from chunks that share the bodies', () => {
    const entries = [
      { name: 'a/LM358.kicad_sym', data: '(kicad_symbol_lib)\n'.repeat(50) },
      { name: 'a/3d/model.wrl', data: wrl },
      { name: 'a/noise.bin', data: randomBytes(40_000) }, // stored: deflate would not make it smaller
      { name: 'a/tiny.txt', data: 'x' },
      { name: 'a/名字.txt', data: '芯百科' },
    ];
    const compressed = entries.map((e) => ({ name: e.name, data: compressData(e.data, 9) }));
    const zip = assembleZip(compressed);
    const joined = Buffer.concat(zip.chunks);
    expect(joined.length).toBe(zip.size);
    expect(joined.equals(createZip(entries))).toBe(true);
    expect(zip.chunks).toContain(compressed[2]!.data.body); // a large body is referenced, not copied
    expect(readZip(Buffer.concat(assembleZip(entries.map((e) => ({ name: e.name, data: compressData(e.data) }))).chunks)).map((f) => f.data.toString('base64'))).toEqual(
      entries.map((e) => Buffer.from(e.data).toString('base64')),
    );
  });
});

describe('SVG cache', () => {
  it('renders each SVG once per content version; ETag/304; a re-import of the symbol changes it', async () => {
    const first = await svgGet('symbol', 'LM358_ti');
    const svg = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-length')).toBe(String(Buffer.byteLength(svg)));
    expect(svg).toContain('<svg');
    const etag = first.headers.get('etag')!;
    const again = await svgGet('symbol', 'LM358_ti');
    expect(await again.text()).toBe(svg);
    expect(downloadCacheStats().svg).toMatchObject({ builds: 1, hits: 1 });

    await (await svgGet('symbol', 'LM358_ti', { unit: 2 })).text();
    await (await svgGet('footprint', 'LM358_ti')).text();
    await (await svgGet('footprint', 'LM2904_ti')).text(); // the same footprint: a hit
    expect(downloadCacheStats().svg).toMatchObject({ builds: 3, hits: 2 });

    expect((await svgGet('symbol', 'LM358_ti', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect(downloadCacheStats().svg.builds).toBe(3);

    const [row] = await database.db.select({ id: symbols.id, content: symbols.content }).from(symbols).where(eq(symbols.name, 'LM358'));
    const changed = row!.content.replace(/\(property "Value" "LM358"/, '(property "Value" "LM358-REIMPORTED"');
    expect(changed).not.toBe(row!.content);
    await database.db.update(symbols).set({ content: changed }).where(eq(symbols.id, row!.id));
    try {
      const after = await svgGet('symbol', 'LM358_ti', { headers: { 'If-None-Match': etag } });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(etag);
      expect(await after.text()).toContain('LM358-REIMPORTED');
      expect(downloadCacheStats().svg.builds).toBe(4);
    } finally {
      await database.db.update(symbols).set({ content: row!.content }).where(eq(symbols.id, row!.id));
    }
  });
});

describe('per-client limits', () => {
  it(`serves ${DOWNLOAD_LIMITS.zip.max} zips a minute to one address, then 429 (42900) with Retry-After; other addresses go on`, async () => {
    expect(DOWNLOAD_LIMITS.zip).toEqual({ max: 60, windowMs: 60_000 });
    const ip = freshIp();
    for (let i = 0; i < 60; i++) {
      const res = await zipGet('LM358_ti', { ip });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const limited = await zipGet('LM358_ti', { ip });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ code: 42900, msg: expect.stringContaining('请求过于频繁') as string, result: null });
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    const en = await zipGet('LM358_ti', { ip, headers: { 'Accept-Language': 'en' } });
    expect(((await en.json()) as { msg: string }).msg).toBe(`Too many requests; try again in ${en.headers.get('retry-after')} s`);
    // A 304 and an unknown part count too: the limit is on requests, not on bytes sent.
    expect((await zipGet('NOPE_x', { ip })).status).toBe(429);

    expect((await zipGet('LM358_ti', { ip: freshIp() })).status).toBe(200);
    expect((await svgGet('symbol', 'LM358_ti', { ip })).status).toBe(200); // previews count apart

    clock += 61; // a minute later
    expect((await zipGet('LM358_ti', { ip })).status).toBe(200);
  });

  it(`serves ${DOWNLOAD_LIMITS.svg.max} SVGs a minute to one address, then 429`, async () => {
    expect(DOWNLOAD_LIMITS.svg).toEqual({ max: 600, windowMs: 60_000 });
    const ip = freshIp();
    for (let i = 0; i < 600; i++) {
      const res = await svgGet(i % 2 ? 'symbol' : 'footprint', 'LM358_ti', { ip });
      if (res.status !== 200) throw new Error(`request ${i + 1}: ${res.status}`);
      await res.arrayBuffer();
    }
    const limited = await svgGet('footprint', 'LM358_ti', { ip });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { code: number }).code).toBe(42900);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await svgGet('footprint', 'LM358_ti', { ip: freshIp() })).status).toBe(200);
    expect(downloadCacheStats().svg.builds).toBe(2); // 601 answers, two renders
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4', async () => {
    expect(clientKey('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('unknown')).toBe('unknown');

    resetDownloadLimits({ zip: { max: 2, windowMs: 60_000 }, svg: DOWNLOAD_LIMITS.svg });
    expect((await zipGet('LM358_ti', { ip: '2001:db8:1:2::a' })).status).toBe(200);
    expect((await zipGet('LM358_ti', { ip: '2001:db8:1:2::b' })).status).toBe(200);
    expect((await zipGet('LM358_ti', { ip: '2001:db8:1:2:ffff::1' })).status).toBe(429);
    expect((await zipGet('LM358_ti', { ip: '2001:db8:1:3::1' })).status).toBe(200);
  });
});
