import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { fileKeyReferences } from '../files/file-references.server.ts';
import { linkFile, releaseFile } from '../files/file-refs.server.ts';
import type { FileKey, FileStore } from '../files/file-store.ts';
import { UPLOAD_LIMITS } from '../files/upload-limits.ts';
import { hashToken } from '../server/auth.server.ts';
import type { Db } from '../server/db/client.server.ts';
import { sessions, ssoLoginHistory, userAvatars, users } from '../server/db/schema/index.ts';

// The logged-in user's own account: profile edits, avatar, token rotation and logout, and the
// country and currency lists. Only this file (and the SSO) touches these tables for the account.

export type UserInfo = {
  id: number;
  phone: string | null;
  nickname: string | null;
  username: string;
  email: string | null;
  headimage: string | null;
};

const infoColumns = {
  id: users.id,
  phone: users.phone,
  nickname: users.nickname,
  username: users.username,
  email: users.email,
  headimage: users.headimage,
};

export async function updateBase(db: Db, userId: number, changes: { nickname?: string | null; email?: string | null }): Promise<UserInfo> {
  const set: { nickname?: string | null; email?: string | null } = {};
  if (changes.nickname !== undefined) set.nickname = changes.nickname;
  if (changes.email !== undefined) set.email = changes.email;
  if (Object.keys(set).length > 0) await db.update(users).set(set).where(eq(users.id, userId));
  const rows = await db.select(infoColumns).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]!;
}

// ---- Avatars ------------------------------------------------------------------------------------

export const AVATAR_MAX_BYTES = UPLOAD_LIMITS.avatar;
/** Pixel-flood guard (sharp's default is 268 MP; an avatar needs far less). */
export const AVATAR_MAX_PIXELS = 16_000_000;
export const AVATAR_SIZE = 256;

export type ImageKind = 'png' | 'jpeg' | 'webp';
const mimeOf: Record<ImageKind, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/** The type from the magic bytes, whatever the file name or declared type says. */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) {
    return 'png';
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'webp';
  return undefined;
}

export class ImageError extends Error {
  readonly reason: 'unsupported' | 'malformed' | 'pixels';
  constructor(reason: 'unsupported' | 'malformed' | 'pixels', message: string) {
    super(message);
    this.name = 'ImageError';
    this.reason = reason;
  }
}

type SharpFactory = (input: Uint8Array, options: { limitInputPixels: number; failOn: 'error' | 'warning' | 'none' }) => {
  rotate(): ReturnType<SharpFactory>;
  resize(w: number, h: number, o: { fit: 'cover' | 'inside'; withoutEnlargement: boolean }): ReturnType<SharpFactory>;
  webp(o: { quality: number }): ReturnType<SharpFactory>;
  toBuffer(): Promise<Buffer>;
};

let sharpLoader: Promise<SharpFactory | undefined> | undefined;
/** sharp (prebuilt N-API, no compiling) when installed; undefined otherwise. */
function loadSharp(): Promise<SharpFactory | undefined> {
  sharpLoader ??= import('sharp').then(
    (m) => (m.default as unknown as SharpFactory) ?? undefined,
    () => undefined,
  );
  return sharpLoader;
}

export type ProcessedImage = { mime: string; data: Uint8Array; method: 're-encoded' | 'stripped' };

/**
 * Makes an uploaded avatar safe to serve: sniffed PNG/JPEG/WebP only, at most 16 MP, then decoded and
 * re-encoded to a 256 px WebP with sharp (which drops all metadata). Without sharp, the container is
 * rewritten byte by byte without its metadata (EXIF/XMP/comments/text chunks) instead.
 */
export async function processAvatar(bytes: Uint8Array, options: { useSharp?: boolean } = {}): Promise<ProcessedImage> {
  const kind = sniffImage(bytes);
  if (!kind) throw new ImageError('unsupported', 'not a PNG, JPEG or WebP image');
  const dims = imageDimensions(bytes, kind);
  if (dims && dims.width * dims.height > AVATAR_MAX_PIXELS) throw new ImageError('pixels', 'image has too many pixels');
  const sharp = options.useSharp === false ? undefined : await loadSharp();
  if (sharp) {
    try {
      const out = await sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', withoutEnlargement: false })
        .webp({ quality: 85 })
        .toBuffer();
      return { mime: 'image/webp', data: new Uint8Array(out), method: 're-encoded' };
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (/pixel limit/i.test(message)) throw new ImageError('pixels', 'image has too many pixels');
      throw new ImageError('malformed', 'the image cannot be decoded');
    }
  }
  return { mime: mimeOf[kind], data: stripMetadata(bytes, kind), method: 'stripped' };
}

/** Where a user's avatar lives: the file store key, its type and the short ETag of the headimage URL. */
export type AvatarRef = { key: FileKey; mime: string; etag: string };

const avatarUrl = (userId: number, etag: string) => `/api/chiplet/user/avatar/${userId}?v=${etag}`;

/** Users whose avatar is this key (the file is shared by content address; deleted at zero). */
/** Every row holding the key (users, BOMs, design files): an avatar's bytes may be shared. */
const avatarReferences = fileKeyReferences;

/**
 * Stores a processed avatar in the file store and points the user at it. The previous avatar's
 * file is deleted when no other user has the same bytes. Throws FileTooLargeError over 2 MB.
 */
export async function saveAvatar(db: Db, store: FileStore, userId: number, image: ProcessedImage): Promise<string> {
  const put = () => store.put(image.data, { maxBytes: AVATAR_MAX_BYTES, contentType: image.mime, filename: 'avatar' });
  const { key } = await put();
  // The ETag is the key's first 16 hex digits: the same value the database-era avatars had.
  const etag = key.slice(0, 16);
  const headimage = avatarUrl(userId, etag);
  const previous = await linkFile(db, store, key, put, async (tx) => {
    const [row] = await tx.select({ key: users.avatarKey }).from(users).where(eq(users.id, userId)).for('update');
    await tx.update(users).set({ avatarKey: key, avatarMime: image.mime, avatarEtag: etag, headimage }).where(eq(users.id, userId));
    // A database-era avatar of this user is superseded; its bytes go with it.
    await tx.delete(userAvatars).where(eq(userAvatars.userId, userId));
    return row?.key ?? null;
  });
  if (previous && previous !== key) await releaseFile(db, store, previous, avatarReferences(previous));
  return headimage;
}

/** The user's avatar, moving a database-era one into the store on first read (rolling upgrades). */
export async function getAvatar(db: Db, store: FileStore, userId: number): Promise<AvatarRef | undefined> {
  const [row] = await db
    .select({ key: users.avatarKey, mime: users.avatarMime, etag: users.avatarEtag })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (row?.key && row.mime && row.etag) return { key: row.key, mime: row.mime, etag: row.etag };
  if (!row) return undefined;
  const [legacy] = await db.select().from(userAvatars).where(eq(userAvatars.userId, userId)).limit(1);
  return legacy ? moveLegacyAvatar(db, store, legacy) : undefined;
}

type LegacyAvatar = typeof userAvatars.$inferSelect;

/**
 * One database-era avatar into the file store: put the bytes, point the user at them (unless a
 * newer upload already did), then delete the user_avatars row. Safe to repeat at any step.
 */
async function moveLegacyAvatar(db: Db, store: FileStore, legacy: LegacyAvatar): Promise<AvatarRef | undefined> {
  // The old limit was on the upload, not the re-encoded result: allow the old upper bound.
  const put = () => store.put(legacy.data, { maxBytes: AVATAR_MAX_BYTES, contentType: legacy.mime, filename: 'avatar' });
  const { key } = await put();
  const moved = await linkFile(db, store, key, put, async (tx) => {
    const updated = await tx
      .update(users)
      .set({ avatarKey: key, avatarMime: legacy.mime, avatarEtag: legacy.etag })
      .where(and(eq(users.id, legacy.userId), isNull(users.avatarKey)))
      .returning({ id: users.id });
    await tx.delete(userAvatars).where(eq(userAvatars.userId, legacy.userId));
    return updated.length > 0;
  });
  if (moved) return { key, mime: legacy.mime, etag: legacy.etag };
  await releaseFile(db, store, key, avatarReferences(key)); // a newer avatar won; drop ours if unused
  return undefined;
}

/**
 * Moves every avatar still held in the database (user_avatars, before ADR 0008) into the file
 * store, in batches. Idempotent: moved rows are deleted, so a second run finds none. Runs at start.
 */
export async function moveLegacyAvatars(db: Db, store: FileStore, batchSize = 50): Promise<number> {
  let moved = 0;
  let after = 0;
  for (;;) {
    const batch = await db.select().from(userAvatars).where(gt(userAvatars.userId, after)).orderBy(asc(userAvatars.userId)).limit(batchSize);
    for (const legacy of batch) {
      if (await moveLegacyAvatar(db, store, legacy)) moved++;
      after = legacy.userId;
    }
    if (batch.length < batchSize) return moved;
  }
}

/** Width and height from the header, to refuse pixel floods before decoding. */
export function imageDimensions(b: Uint8Array, kind: ImageKind): { width: number; height: number } | undefined {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (kind === 'png' && b.length >= 24 && ascii(b, 12, 4) === 'IHDR') return { width: view.getUint32(16), height: view.getUint32(20) };
  if (kind === 'webp' && b.length >= 30) {
    const chunk = ascii(b, 12, 4);
    if (chunk === 'VP8X') return { width: 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16)), height: 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16)) };
    if (chunk === 'VP8 ' && b.length >= 30) return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
    if (chunk === 'VP8L' && b.length >= 25) {
      const bits = view.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
  }
  if (kind === 'jpeg') {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return undefined;
      const marker = b[i + 1]!;
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
        i += marker === 0xff ? 1 : 2;
        continue;
      }
      const length = view.getUint16(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
      }
      if (marker === 0xda) return undefined;
      i += 2 + length;
    }
  }
  return undefined;
}

/** Rewrites the container without metadata: PNG text/EXIF/time chunks, JPEG APPn (but JFIF, ICC, Adobe) and COM, WebP EXIF/XMP. */
export function stripMetadata(bytes: Uint8Array, kind: ImageKind): Uint8Array {
  if (kind === 'png') return stripPng(bytes);
  if (kind === 'jpeg') return stripJpeg(bytes);
  return stripWebp(bytes);
}

const PNG_DROP = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function stripPng(b: Uint8Array): Uint8Array {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const parts: Uint8Array[] = [b.subarray(0, 8)];
  let i = 8;
  let sawEnd = false;
  while (i + 12 <= b.length) {
    const length = view.getUint32(i);
    const type = ascii(b, i + 4, 4);
    const end = i + 12 + length;
    if (end > b.length) throw new ImageError('malformed', 'truncated PNG chunk');
    if (!PNG_DROP.has(type)) parts.push(b.subarray(i, end));
    i = end;
    if (type === 'IEND') {
      sawEnd = true;
      break;
    }
  }
  if (!sawEnd) throw new ImageError('malformed', 'PNG without IEND');
  return concat(parts);
}

function stripJpeg(b: Uint8Array): Uint8Array {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const parts: Uint8Array[] = [b.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) throw new ImageError('malformed', 'bad JPEG marker');
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xda) {
      parts.push(b.subarray(i)); // scan data to the end (EOI) as is
      return concat(parts);
    }
    const length = view.getUint16(i + 2);
    const end = i + 2 + length;
    if (length < 2 || end > b.length) throw new ImageError('malformed', 'truncated JPEG segment');
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const keepApp =
      marker === 0xe0 || marker === 0xee || (marker === 0xe2 && ascii(b, i + 4, 11) === 'ICC_PROFILE');
    if (!(isApp && !keepApp) && marker !== 0xfe) parts.push(b.subarray(i, end));
    i = end;
  }
  throw new ImageError('malformed', 'JPEG without scan data');
}

function stripWebp(b: Uint8Array): Uint8Array {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const parts: Uint8Array[] = [];
  let i = 12;
  let vp8x: Uint8Array | undefined;
  while (i + 8 <= b.length) {
    const type = ascii(b, i, 4);
    const size = view.getUint32(i + 4, true);
    const end = i + 8 + size + (size % 2);
    if (i + 8 + size > b.length) throw new ImageError('malformed', 'truncated WebP chunk');
    const chunk = b.slice(i, Math.min(end, b.length));
    if (type === 'VP8X') vp8x = chunk;
    if (type !== 'EXIF' && type !== 'XMP ') parts.push(chunk);
    i = end;
  }
  if (vp8x && vp8x.length > 8) vp8x[8] = vp8x[8]! & ~0x0c; // clear the EXIF (0x08) and XMP (0x04) flags
  const body = concat(parts);
  const header = new Uint8Array(12);
  header.set(b.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  return concat([header, body]);
}

function ascii(b: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...b.subarray(start, start + length));
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

// ---- Sessions -----------------------------------------------------------------------------------

/**
 * Rotates the caller's token: a fresh 32-byte token with the SAME absolute expiry (5 days from the
 * login, never extended), the old one revoked at once. Use after a token travelled in a URL.
 */
export async function rotateSession(db: Db, token: string, now: number): Promise<{ token: string; expiresAt: number } | undefined> {
  return db.transaction(async (tx) => {
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: new Date(now * 1000) })
      .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
      .returning({ userId: sessions.userId, expiresAt: sessions.expiresAt, ip: sessions.ip, userAgent: sessions.userAgent });
    const old = revoked[0];
    if (!old || old.expiresAt <= now) return undefined;
    const fresh = randomBytes(32).toString('base64url');
    await tx.insert(sessions).values({ tokenHash: hashToken(fresh), userId: old.userId, expiresAt: old.expiresAt, ip: old.ip, userAgent: old.userAgent });
    return { token: fresh, expiresAt: old.expiresAt };
  });
}

export async function setAgreeCollectIp(db: Db, userId: number, agree: boolean): Promise<void> {
  await db.update(users).set({ agreeCollectIp: agree }).where(eq(users.id, userId));
}

export async function getAgreeCollectIp(db: Db, userId: number): Promise<boolean> {
  const rows = await db.select({ agree: users.agreeCollectIp }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.agree ?? false;
}

// ---- Countries and currencies -------------------------------------------------------------------

export type Country = { code: string; nameZh: string; nameEn: string; areacode: string; smsSupported: boolean };

/** ISO 3166-1 alpha-2 codes with ITU calling codes; SMS login serves +86 only (SPEC §9). */
export const COUNTRIES: readonly Country[] = [
  ['CN', '中国大陆', 'Chinese Mainland', '86'],
  ['HK', '中国香港', 'Hong Kong, China', '852'],
  ['MO', '中国澳门', 'Macao, China', '853'],
  ['TW', '中国台湾', 'Taiwan, China', '886'],
  ['SG', '新加坡', 'Singapore', '65'],
  ['MY', '马来西亚', 'Malaysia', '60'],
  ['TH', '泰国', 'Thailand', '66'],
  ['VN', '越南', 'Vietnam', '84'],
  ['ID', '印度尼西亚', 'Indonesia', '62'],
  ['PH', '菲律宾', 'Philippines', '63'],
  ['IN', '印度', 'India', '91'],
  ['JP', '日本', 'Japan', '81'],
  ['KR', '韩国', 'South Korea', '82'],
  ['AU', '澳大利亚', 'Australia', '61'],
  ['NZ', '新西兰', 'New Zealand', '64'],
  ['US', '美国', 'United States', '1'],
  ['CA', '加拿大', 'Canada', '1'],
  ['MX', '墨西哥', 'Mexico', '52'],
  ['BR', '巴西', 'Brazil', '55'],
  ['GB', '英国', 'United Kingdom', '44'],
  ['DE', '德国', 'Germany', '49'],
  ['FR', '法国', 'France', '33'],
  ['IT', '意大利', 'Italy', '39'],
  ['ES', '西班牙', 'Spain', '34'],
  ['NL', '荷兰', 'Netherlands', '31'],
  ['SE', '瑞典', 'Sweden', '46'],
  ['CH', '瑞士', 'Switzerland', '41'],
  ['PL', '波兰', 'Poland', '48'],
  ['RU', '俄罗斯', 'Russia', '7'],
  ['TR', '土耳其', 'Türkiye', '90'],
  ['IL', '以色列', 'Israel', '972'],
  ['AE', '阿联酋', 'United Arab Emirates', '971'],
  ['SA', '沙特阿拉伯', 'Saudi Arabia', '966'],
  ['ZA', '南非', 'South Africa', '27'],
].map(([code, nameZh, nameEn, areacode]) => ({ code: code!, nameZh: nameZh!, nameEn: nameEn!, areacode: areacode!, smsSupported: areacode === '86' }));

export type Currency = { code: string; symbol: string; nameZh: string; nameEn: string; decimals: number };

/** ISO 4217 codes with their minor-unit digits. */
export const CURRENCIES: readonly Currency[] = [
  { code: 'CNY', symbol: '¥', nameZh: '人民币', nameEn: 'Chinese Yuan', decimals: 2 },
  { code: 'USD', symbol: '$', nameZh: '美元', nameEn: 'US Dollar', decimals: 2 },
  { code: 'EUR', symbol: '€', nameZh: '欧元', nameEn: 'Euro', decimals: 2 },
  { code: 'HKD', symbol: 'HK$', nameZh: '港币', nameEn: 'Hong Kong Dollar', decimals: 2 },
  { code: 'JPY', symbol: '¥', nameZh: '日元', nameEn: 'Japanese Yen', decimals: 0 },
  { code: 'GBP', symbol: '£', nameZh: '英镑', nameEn: 'Pound Sterling', decimals: 2 },
  { code: 'KRW', symbol: '₩', nameZh: '韩元', nameEn: 'South Korean Won', decimals: 0 },
  { code: 'TWD', symbol: 'NT$', nameZh: '新台币', nameEn: 'New Taiwan Dollar', decimals: 2 },
  { code: 'SGD', symbol: 'S$', nameZh: '新加坡元', nameEn: 'Singapore Dollar', decimals: 2 },
];

export type LoginHistoryItem = { method: string; siteId: number; ip: string | null; userAgent: string | null; at: number };

/** The user's own sign-ins, newest first (IPs are stored only with the user's consent). */
export async function loginHistory(db: Db, userId: number, pageNum: number, pageSize: number): Promise<{ list: LoginHistoryItem[]; total: number }> {
  const where = eq(ssoLoginHistory.userId, userId);
  const [list, [counted]] = await Promise.all([
    db
      .select({ method: ssoLoginHistory.method, siteId: ssoLoginHistory.siteId, ip: ssoLoginHistory.ip, userAgent: ssoLoginHistory.userAgent, at: ssoLoginHistory.at })
      .from(ssoLoginHistory)
      .where(where)
      .orderBy(desc(ssoLoginHistory.at), desc(ssoLoginHistory.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(ssoLoginHistory).where(where),
  ]);
  return { list, total: counted?.n ?? 0 };
}
