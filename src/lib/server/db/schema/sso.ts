import { bigint, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { bytea } from './column-types.ts';
import { users } from './users.ts';

// Tables of the single sign-on service (src/lib/sso). Every time is seconds since the epoch so
// that the service's injected clock governs expiry. Secrets (SMS codes, tickets, poll keys,
// OAuth states) are stored only as HMAC/SHA-256 digests; IP addresses only as HMAC digests.

const seconds = (name: string) => bigint(name, { mode: 'number' });

/** One live code per (phone, purpose): a resend replaces it (upsert), so the old code dies. */
export const ssoSmsCodes = pgTable(
  'sso_sms_codes',
  {
    /** E.164 digits without '+', e.g. 8613812341234. */
    phoneKey: text('phone_key').notNull(),
    /** 'login' or 'bind'. */
    purpose: text('purpose').notNull(),
    /** HMAC-SHA256(SSO_SECRET, purpose|phoneKey|code), hex. */
    codeHmac: text('code_hmac').notNull(),
    createdAt: seconds('created_at').notNull(),
    expiresAt: seconds('expires_at').notNull(),
    usedAt: seconds('used_at'),
    /** Verification attempts on this code (wrong and right); at most 5. */
    tries: integer('tries').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.phoneKey, t.purpose] })],
);

/** Sliding-window rate-limit log: one row per counted event; keys hold HMACs, not phones or IPs. */
export const ssoRateEvents = pgTable(
  'sso_rate_events',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: seconds('at').notNull(),
  },
  (t) => [index('sso_rate_events_key_at_idx').on(t.key, t.at)],
);

/** Slider challenges: the answer (target x) never leaves the server except as the drawing. */
export const ssoCaptchaChallenges = pgTable('sso_captcha_challenges', {
  id: text('id').primaryKey(),
  targetX: integer('target_x').notNull(),
  ipHash: text('ip_hash').notNull(),
  createdAt: seconds('created_at').notNull(),
  expiresAt: seconds('expires_at').notNull(),
  usedAt: seconds('used_at'),
});

/** One-time captcha tickets that /register/regsms consumes; bound to IP, and to the phone at first use. */
export const ssoCaptchaTickets = pgTable('sso_captcha_tickets', {
  sessionId: text('session_id').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  challengeId: text('challenge_id').notNull(),
  ipHash: text('ip_hash').notNull(),
  phoneKey: text('phone_key'),
  createdAt: seconds('created_at').notNull(),
  expiresAt: seconds('expires_at').notNull(),
  usedAt: seconds('used_at'),
});

/**
 * Proof-of-work challenges (the slider's accessible alternative, src/lib/sso/pow.server.ts): the
 * altcha-style `challenge` = SHA-256(salt + secret number) is public; the number is not stored.
 * A row is burnt by its first verify; its `id` becomes the ticket's `csessionid`.
 */
export const ssoPowChallenges = pgTable('sso_pow_challenges', {
  id: text('id').primaryKey(),
  /** SHA-256(salt + number), hex: what the client must reproduce. */
  challenge: text('challenge').notNull().unique(),
  ipHash: text('ip_hash').notNull(),
  createdAt: seconds('created_at').notNull(),
  expiresAt: seconds('expires_at').notNull(),
  usedAt: seconds('used_at'),
});

/** WeChat QR logins: uuid (128 bits) is public (it is in the QR); the poll key is the creator's secret. */
export const ssoQrLogins = pgTable('sso_qr_logins', {
  uuid: text('uuid').primaryKey(),
  siteId: integer('site_id').notNull(),
  pollHash: text('poll_hash').notNull(),
  /** waiting | scanned | confirmed | cancelled | done */
  status: text('status').notNull(),
  unionid: text('unionid'),
  openid: text('openid'),
  nickname: text('nickname'),
  headimgurl: text('headimgurl'),
  createdAt: seconds('created_at').notNull(),
  expiresAt: seconds('expires_at').notNull(),
  doneAt: seconds('done_at'),
});

/** OAuth `state` of the WeChat Open Platform website login: single use, bound to the browser. */
export const ssoWechatStates = pgTable('sso_wechat_states', {
  stateHash: text('state_hash').primaryKey(),
  uuid: text('uuid').notNull(),
  browserHash: text('browser_hash').notNull(),
  createdAt: seconds('created_at').notNull(),
  expiresAt: seconds('expires_at').notNull(),
  usedAt: seconds('used_at'),
});

/** Server-held WeChat identity waiting for a phone (answer 2000); the client holds only the ticket. */
export const ssoBindTickets = pgTable('sso_bind_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  unionid: text('unionid').notNull(),
  openid: text('openid'),
  nickname: text('nickname'),
  headimgurl: text('headimgurl'),
  siteId: integer('site_id').notNull(),
  createdAt: seconds('created_at').notNull(),
  expiresAt: seconds('expires_at').notNull(),
  usedAt: seconds('used_at'),
});

/** One-time tickets behind data.syncurl: each logs the user in on one other site, within 60 s. */
export const ssoSyncTickets = pgTable('sso_sync_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  siteId: integer('site_id').notNull(),
  createdAt: seconds('created_at').notNull(),
  expiresAt: seconds('expires_at').notNull(),
  usedAt: seconds('used_at'),
});

/** Successful logins; the IP is kept only when the user agreed to it (agreeCollectIP). */
export const ssoLoginHistory = pgTable(
  'sso_login_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sms | wechat | bind | sync */
    method: text('method').notNull(),
    siteId: integer('site_id').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    at: seconds('at').notNull(),
  },
  (t) => [index('sso_login_history_user_idx').on(t.userId, t.at)],
);

/** Avatars (u/base/uploadImage), re-encoded and small: kept in the database, served by the API. */
export const userAvatars = pgTable('user_avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  data: bytea('data').notNull(),
  etag: text('etag').notNull(),
  updatedAt: seconds('updated_at').notNull(),
});
