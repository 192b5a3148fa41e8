import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/lib/server/app.ts';
import { createSession } from '../../src/lib/server/auth.server.ts';
import { users } from '../../src/lib/server/db/schema/index.ts';
import { processAvatar, sniffImage, stripMetadata } from '../../src/lib/users/account.server.ts';
import { accountRoutes } from '../../src/lib/users/account.routes.ts';
import { silent } from '../../src/lib/sso/testing.server.ts';
import { setFileStore } from '../../src/lib/files/file-store.server.ts';
import { LocalFileStore } from '../../src/lib/files/local-file-store.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

// The account calls of the main API (src/lib/users/account.routes.ts) over app.request.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let clock = 1_850_000_000;
let app: ReturnType<typeof createApp>;
let token: string;
let userId: number;
let filesDir: string;

type Env<T> = { code: number; msg: string; result: T };

beforeAll(async () => {
  // Avatars go to the file store: a fresh local one per run, not the repository's data/.
  filesDir = await mkdtemp(join(tmpdir(), 'chipedia-account-files-'));
  setFileStore(new LocalFileStore(filesDir));
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: silent, now: () => clock });
  // Until app.ts mounts accountRoutes itself (the lead's line), mount it here.
  if (!app.routes.some((r) => r.path === '/api/chiplet/user/getCurrency')) app.route('/', accountRoutes);
  const [user] = await database.db.insert(users).values({ username: 'uacc', phone: '13812340000' }).returning();
  userId = user!.id;
  token = (await createSession(database.db, userId, clock)).token;
});
afterAll(async () => {
  await database?.close();
  await rm(filesDir, { recursive: true, force: true });
});

const call = async <T>(path: string, init: RequestInit = {}) => {
  const res = await app.request(path, init);
  const type = res.headers.get('content-type') ?? '';
  return { res, body: (type.includes('json') ? await res.json() : null) as Env<T> };
};
const post = (body: unknown, t = token): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'X-token': t },
  body: JSON.stringify(body),
});
const upload = (bytes: Uint8Array, name = 'a.png', t = token): RequestInit => {
  const fd = new FormData();
  fd.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  return { method: 'POST', headers: { 'X-token': t }, body: fd };
};

/** Inserts a PNG chunk before IEND, with a correct CRC. */
function withPngChunk(png: Uint8Array, type: string, data: string): Uint8Array {
  const payload = Buffer.from(data, 'latin1');
  const chunk = Buffer.alloc(12 + payload.length);
  chunk.writeUInt32BE(payload.length, 0);
  chunk.write(type, 4, 'latin1');
  payload.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + payload.length)), 8 + payload.length);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

const base = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#1d4ed8' } });

describe(`Account calls (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('user/getLogin: logged out without a token, logged in with one', async () => {
    expect((await call('/api/chiplet/user/getLogin')).body.result).toMatchObject({ login: false, user: null });
    const bad = await call('/api/chiplet/user/getLogin', { headers: { 'X-token': 'nope' } });
    expect(bad.body).toMatchObject({ code: 200000, result: { login: false } });
    const good = await call<{ login: boolean; user: { id: number } }>('/api/chiplet/user/getLogin', { headers: { 'X-token': token } });
    expect(good.body.result).toMatchObject({ login: true, user: { id: userId, username: 'uacc' }, agreeCollectIP: false });
  });

  it('user/loginHistory: own sign-ins only, newest first, paged; needs a token', async () => {
    const { ssoLoginHistory } = await import('../../src/lib/server/db/schema/index.ts');
    const [other] = await database.db.insert(users).values({ username: 'someone-else' }).returning({ id: users.id });
    await database.db.insert(ssoLoginHistory).values([
      { userId, method: 'sms', siteId: 35, at: clock - 100 },
      { userId, method: 'wechat', siteId: 35, at: clock - 10 },
      { userId: other!.id, method: 'sms', siteId: 35, at: clock },
    ]);
    const res = await call<{ list: { method: string; at: number }[]; total: number }>('/api/chiplet/user/loginHistory', {
      method: 'POST',
      headers: { 'X-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ pageSize: 1 }),
    });
    expect(res.body.result.total).toBe(2);
    expect(res.body.result.list).toEqual([expect.objectContaining({ method: 'wechat', at: clock - 10 })]);
    expect((await call('/api/chiplet/user/loginHistory', { method: 'POST' })).body.code).toBe(40001);
    const bad = await call('/api/chiplet/user/loginHistory', { method: 'POST', headers: { 'X-token': token, 'content-type': 'application/json' }, body: JSON.stringify({ pageSize: 100000 }) });
    expect(bad.body.code).toBe(40000);
  });

  it('user/login: the settings the login dialog needs', async () => {
    const res = await call('/api/chiplet/user/login');
    expect(res.body.result).toMatchObject({ siteId: 35, areacode: '86', smsResendSeconds: 60, qrPollMs: 1500, sessionTtlSeconds: 432000 });
  });

  it('u/base/update: nickname ≤ 30 characters, email validated, empty clears', async () => {
    const ok = await call<{ nickname: string; email: string }>('/api/chiplet/u/base/update', post({ nickname: '  芯片工程师  ', email: 'Eng@Example.com' }));
    expect(ok.body).toMatchObject({ code: 200000, result: { nickname: '芯片工程师', email: 'eng@example.com' } });
    const long = await call('/api/chiplet/u/base/update', post({ nickname: '长'.repeat(31) }));
    expect(long.res.status).toBe(400);
    expect(long.body.msg).toContain('昵称不能超过30个字符');
    expect((await call('/api/chiplet/u/base/update', post({ nickname: '长'.repeat(30) }))).body.code).toBe(200000);
    const badEmail = await call('/api/chiplet/u/base/update', post({ email: 'not-an-email' }));
    expect(badEmail.body.code).toBe(40000);
    expect(badEmail.body.msg).toContain('email');
    const cleared = await call<{ email: string | null; nickname: string }>('/api/chiplet/u/base/update', post({ email: '' }));
    expect(cleared.body.result).toMatchObject({ email: null, nickname: '长'.repeat(30) });
    expect((await call('/api/chiplet/u/base/update', post({ nickname: 'x' }, 'bogus'))).body.code).toBe(40001);
  });

  it('u/base/uploadImage: a PNG with text metadata is re-encoded, served, and loses the metadata', async () => {
    const png = withPngChunk(await base().png().toBuffer(), 'tEXt', 'Comment\0SECRET-META-42');
    expect(Buffer.from(png).includes('SECRET-META-42')).toBe(true);
    const res = await call<{ headimage: string }>('/api/chiplet/u/base/uploadImage', upload(png));
    expect(res.body.code).toBe(200000);
    const url = res.body.result.headimage;
    expect(url).toMatch(new RegExp(`^/api/chiplet/user/avatar/${userId}\\?v=[0-9a-f]{16}$`));
    const img = await app.request(url);
    expect(img.headers.get('content-type')).toBe('image/webp');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = new Uint8Array(await img.arrayBuffer());
    expect(Buffer.from(bytes).includes('SECRET-META-42')).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    const me = await call<{ headimage: string }>('/api/chiplet/u/base/get', { method: 'POST', headers: { 'X-token': token } });
    expect(me.body.result.headimage).toBe(url);
  });

  it('u/base/uploadImage: > 2 MB → 41300, non-image → 41500 whatever the name, pixel flood → 41300', async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tooBig = await call('/api/chiplet/u/base/uploadImage', upload(big));
    expect(tooBig.res.status).toBe(413);
    expect(tooBig.body.code).toBe(41300);

    const fake = await call('/api/chiplet/u/base/uploadImage', upload(new TextEncoder().encode('<svg onload=alert(1)>'), 'x.png'));
    expect(fake.res.status).toBe(415);
    expect(fake.body).toMatchObject({ code: 41500, msg: '仅支持 PNG、JPEG、WebP 图片' });

    // A real PNG header claiming 20000 × 20000 pixels.
    const header = Buffer.from(await base().png().toBuffer());
    header.writeUInt32BE(20000, 16);
    header.writeUInt32BE(20000, 20);
    const flood = await call('/api/chiplet/u/base/uploadImage', upload(header));
    expect(flood.body.code).toBe(41300);

    const missing = await call('/api/chiplet/u/base/uploadImage', { method: 'POST', headers: { 'X-token': token }, body: new FormData() });
    expect(missing.body.code).toBe(40000);
  });

  it('without sharp, metadata is stripped byte-level from PNG, JPEG and WebP, and the images still decode', async () => {
    const exif = { IFD0: { ImageDescription: 'SECRET-EXIF-7' } };
    const samples = [
      withPngChunk(withPngChunk(await base().png().toBuffer(), 'tEXt', 'Author\0SECRET-EXIF-7'), 'tIME', '\x07\xea\x01\x01\x00\x00\x00'),
      new Uint8Array(await base().jpeg().withExif(exif).toBuffer()),
      new Uint8Array(await base().webp().withExif(exif).toBuffer()),
    ];
    for (const input of samples) {
      expect(Buffer.from(input).includes('SECRET-EXIF-7')).toBe(true);
      const kind = sniffImage(input)!;
      const out = await processAvatar(input, { useSharp: false });
      expect(out.method).toBe('stripped');
      expect(out.data).toEqual(stripMetadata(input, kind));
      expect(Buffer.from(out.data).includes('SECRET-EXIF-7')).toBe(false);
      const meta = await sharp(out.data).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([64, 48, undefined]);
    }
  });

  it('user/getCountry and user/getCurrency', async () => {
    const countries = await call<{ code: string; areacode: string; smsSupported: boolean }[]>('/api/chiplet/user/getCountry');
    expect(countries.body.result[0]).toMatchObject({ code: 'CN', areacode: '86', smsSupported: true });
    expect(countries.body.result.filter((c) => c.smsSupported)).toHaveLength(1);
    const currencies = await call<{ code: string }[]>('/api/chiplet/user/getCurrency');
    expect(currencies.body.result.map((c) => c.code)).toContain('CNY');
  });

  it('user/updateLogin rotates the token with the same absolute expiry and records agreeCollectIP', async () => {
    const session = await createSession(database.db, userId, clock);
    clock += 100;
    const res = await call<{ token: string; expires_at: number; agreeCollectIP: boolean }>('/api/chiplet/user/updateLogin', post({ agreeCollectIP: true }, session.token));
    expect(res.body.result).toMatchObject({ expires_at: session.expiresAt, agreeCollectIP: true });
    const fresh = res.body.result.token;
    expect(fresh).not.toBe(session.token);
    const get = (t: string) => call('/api/chiplet/u/base/get', { method: 'POST', headers: { 'X-token': t } });
    expect((await get(session.token)).body.code).toBe(40001);
    expect((await get(fresh)).body.code).toBe(200000);
  });

  it('user/logout revokes the token at once and is idempotent', async () => {
    const session = await createSession(database.db, userId, clock);
    const get = () => call('/api/chiplet/u/base/get', { method: 'POST', headers: { 'X-token': session.token } });
    expect((await get()).body.code).toBe(200000);
    expect((await call('/api/chiplet/user/logout', { method: 'POST', headers: { 'X-token': session.token } })).body.code).toBe(200000);
    expect((await get()).body.code).toBe(40001);
    expect((await call('/api/chiplet/user/logout', { method: 'POST' })).body.code).toBe(200000);
  });
});
