import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '../../src/lib/files/file-store.ts';
import { setFileStore } from '../../src/lib/files/file-store.server.ts';
import { LocalFileStore } from '../../src/lib/files/local-file-store.server.ts';
import { S3FileStore } from '../../src/lib/files/s3-file-store.server.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { createSession } from '../../src/lib/server/auth.server.ts';
import { userAvatars, users } from '../../src/lib/server/db/schema/index.ts';
import { silent } from '../../src/lib/sso/testing.server.ts';
import { moveLegacyAvatars } from '../../src/lib/users/account.server.ts';
import { accountRoutes } from '../../src/lib/users/account.routes.ts';
import { S3_TEST_KEYS, startS3Server } from '../helpers/s3-server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { readAll, sha256 } from '../unit/files/store-contract.ts';

// Avatars on the file store (ADR 0008) through the API, on the local store and on the S3 store
// (a local S3 server), on PGlite or TEST_DATABASE_URL's PostgreSQL.

const kinds = ['local', 's3'] as const;
const clock = 1_850_000_000;
// One database for both stores (user names are prefixed by the store's kind).
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: silent, now: () => clock });
  if (!app.routes.some((r) => r.path === '/api/chiplet/user/getCurrency')) app.route('/', accountRoutes);
});
afterAll(async () => {
  await database?.close();
});

describe.each(kinds)(`Avatars in the %s file store (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, (kind) => {
  let store: FileStore;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chipedia-avatar-files-'));
    if (kind === 'local') {
      store = new LocalFileStore(dir);
      cleanup = () => rm(dir, { recursive: true, force: true });
    } else {
      const server = await startS3Server('avatars');
      store = new S3FileStore({ endpoint: server.endpoint, bucket: 'avatars', region: 'us-east-1', ...S3_TEST_KEYS, forcePathStyle: true, spoolDir: dir });
      cleanup = async () => {
        await server.close();
        await rm(dir, { recursive: true, force: true });
      };
    }
    setFileStore(store);
  });
  afterAll(async () => {
    await cleanup?.();
  });

  async function newUser(name: string) {
    const [user] = await database.db.insert(users).values({ username: name }).returning({ id: users.id });
    return { id: user!.id, token: (await createSession(database.db, user!.id, clock)).token };
  }
  const image = (background: string) => sharp({ create: { width: 40, height: 30, channels: 3, background } }).png().toBuffer();
  async function upload(token: string, bytes: Uint8Array) {
    const fd = new FormData();
    fd.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), '头像.png');
    const res = await app.request('/api/chiplet/u/base/uploadImage', { method: 'POST', headers: { 'X-token': token }, body: fd });
    return { status: res.status, body: (await res.json()) as { code: number; result: { headimage: string } } };
  }
  const row = async (id: number) => (await database.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('an upload is stored under its SHA-256 and served from the store with safe headers, ETag and 304', async () => {
    const u = await newUser(`${kind}-a`);
    const res = await upload(u.token, await image('#ff0000'));
    expect(res.body.code).toBe(200000);
    const { avatarKey, avatarEtag, avatarMime, headimage } = await row(u.id);
    expect(avatarKey).toMatch(/^[0-9a-f]{64}$/);
    expect(avatarMime).toBe('image/webp');
    expect(avatarEtag).toBe(avatarKey!.slice(0, 16));
    expect(headimage).toBe(`/api/chiplet/user/avatar/${u.id}?v=${avatarEtag}`);
    expect(res.body.result.headimage).toBe(headimage);

    const served = await app.request(headimage!);
    expect(served.status).toBe(200);
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(sha256(bytes)).toBe(avatarKey);
    expect(bytes).toEqual(await readAll((await store.get(avatarKey!))!.stream));
    expect(Object.fromEntries(['content-type', 'content-disposition', 'x-content-type-options', 'cache-control', 'etag', 'content-length'].map((h) => [h, served.headers.get(h)]))).toEqual({
      'content-type': 'image/webp',
      'content-disposition': 'inline; filename="avatar.webp"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=86400',
      etag: `"${avatarEtag}"`,
      'content-length': String(bytes.length),
    });
    const again = await app.request(headimage!, { headers: { 'If-None-Match': `W/"other", "${avatarEtag}"` } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(`"${avatarEtag}"`);
    expect((await app.request(headimage!, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
  });

  it('an upload over 2 MB is refused with 41300 and the old avatar is still served, unchanged', async () => {
    const u = await newUser(`${kind}-b`);
    await upload(u.token, await image('#00ff00'));
    const before = await row(u.id);
    const oldBytes = new Uint8Array(await (await app.request(before.headimage!)).arrayBuffer());
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const refused = await upload(u.token, big);
    expect(refused.status).toBe(413);
    expect(refused.body.code).toBe(41300);
    expect(await row(u.id)).toEqual(before);
    const still = await app.request(`/api/chiplet/user/avatar/${u.id}`);
    expect(still.status).toBe(200);
    expect(new Uint8Array(await still.arrayBuffer())).toEqual(oldBytes);
  });

  it('a replaced avatar is deleted, unless another user has the same bytes', async () => {
    const a = await newUser(`${kind}-c`);
    const b = await newUser(`${kind}-d`);
    const shared = await image('#0000ff');
    await upload(a.token, shared);
    await upload(b.token, shared);
    const sharedKey = (await row(a.id)).avatarKey!;
    expect((await row(b.id)).avatarKey).toBe(sharedKey);

    await upload(a.token, await image('#ffff00'));
    expect(await store.exists(sharedKey)).toBe(true); // b still uses it
    expect((await app.request(`/api/chiplet/user/avatar/${b.id}`)).status).toBe(200);

    const aFirst = (await row(a.id)).avatarKey!;
    await upload(a.token, await image('#00ffff'));
    expect(await store.exists(aFirst)).toBe(false); // nobody else had it
    await upload(b.token, await image('#ff00ff'));
    expect(await store.exists(sharedKey)).toBe(false); // the last user of the shared bytes moved on
  });

  it('database-era avatars move into the store at start, in batches, once; the URL and ETag stay', async () => {
    const legacy = [];
    for (let i = 0; i < 7; i++) {
      const u = await newUser(`${kind}-legacy-${i}`);
      const data = new Uint8Array(await image(`#${(i * 30).toString(16).padStart(2, '0')}2040`));
      const etag = sha256(data).slice(0, 16);
      const headimage = `/api/chiplet/user/avatar/${u.id}?v=${etag}`;
      await database.db.update(users).set({ headimage }).where(eq(users.id, u.id));
      await database.db.insert(userAvatars).values({ userId: u.id, mime: 'image/png', data, etag, updatedAt: clock });
      legacy.push({ id: u.id, data, etag, headimage });
    }
    expect(await moveLegacyAvatars(database.db, store, 3)).toBe(7);
    expect(await database.db.select().from(userAvatars)).toEqual([]);
    for (const l of legacy) {
      const r = await row(l.id);
      expect(r).toMatchObject({ avatarKey: sha256(l.data), avatarMime: 'image/png', avatarEtag: l.etag, headimage: l.headimage });
      const served = await app.request(l.headimage);
      expect(served.headers.get('etag')).toBe(`"${l.etag}"`);
      expect(served.headers.get('content-disposition')).toBe('inline; filename="avatar.png"');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(l.data);
    }
    expect(await moveLegacyAvatars(database.db, store, 3)).toBe(0);
  });

  it('a database-era avatar not yet moved is moved on its first read; a newer upload wins over it', async () => {
    const u = await newUser(`${kind}-lazy`);
    const data = new Uint8Array(await image('#123456'));
    await database.db.insert(userAvatars).values({ userId: u.id, mime: 'image/png', data, etag: sha256(data).slice(0, 16), updatedAt: clock });
    const served = await app.request(`/api/chiplet/user/avatar/${u.id}`);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(data);
    expect((await row(u.id)).avatarKey).toBe(sha256(data));
    expect(await database.db.select().from(userAvatars).where(eq(userAvatars.userId, u.id))).toEqual([]);

    const v = await newUser(`${kind}-newer`);
    await upload(v.token, await image('#654321'));
    const current = (await row(v.id)).avatarKey!;
    const stale = new Uint8Array(await image('#abcdef'));
    await database.db.insert(userAvatars).values({ userId: v.id, mime: 'image/png', data: stale, etag: sha256(stale).slice(0, 16), updatedAt: clock });
    expect(await moveLegacyAvatars(database.db, store)).toBe(0);
    expect((await row(v.id)).avatarKey).toBe(current);
    expect(await store.exists(sha256(stale))).toBe(false); // the stale bytes were not kept
  });

  it('no avatar → 40400', async () => {
    const u = await newUser(`${kind}-none`);
    const res = await app.request(`/api/chiplet/user/avatar/${u.id}`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: number }).code).toBe(40400);
  });
});
