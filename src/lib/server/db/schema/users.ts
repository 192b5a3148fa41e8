import { bigint, boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// Accounts. The SSO service (issue 5) creates users and sessions; the API only reads sessions.
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    phone: text('phone'),
    areacode: text('areacode').notNull().default('86'),
    username: text('username').notNull(),
    nickname: text('nickname'),
    email: text('email'),
    headimage: text('headimage'),
    // The avatar in the file store (ADR 0008): its content address, type and short ETag. The bytes
    // of older avatars still in user_avatars move here at start (moveLegacyAvatars).
    avatarKey: text('avatar_key'),
    avatarMime: text('avatar_mime'),
    avatarEtag: text('avatar_etag'),
    wechatUnionid: text('wechat_unionid'),
    agreeCollectIp: boolean('agree_collect_ip').notNull().default(false),
    /** 'user' or 'operator' (reviews catalogue proposals); granted only by `npm run grant`, never by an API call. */
    role: text('role').notNull().default('user'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  // avatar_key indexed: replacing an avatar counts the other users of the old key before deleting it.
  (t) => [index('users_phone_idx').on(t.phone), index('users_unionid_idx').on(t.wechatUnionid), index('users_avatar_key_idx').on(t.avatarKey)],
);

// Stored session record of SPEC §3. The token itself is never stored: only its SHA-256.
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Seconds since the epoch, as SPEC §3 states expires_at.
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
