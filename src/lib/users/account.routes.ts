import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Locale } from '../i18n/i18n.ts';
import type { AppEnv } from '../server/app-env.ts';
import { requireUser, resolveSession, revokeSession, SESSION_TTL_SECONDS } from '../server/auth.server.ts';
import { getConfig, publicConfig } from '../server/config.server.ts';
import { authErrorResponses, envelopeOf, errorEnvelope, errorResponses, ok } from '../server/envelope.ts';
import { AppError, Code } from '../server/errors.ts';
import { bothMessages, serverMessage, type ServerMessageKey } from '../server/messages/server-message.ts';
import { declareBodyLimit } from '../server/request-guard.ts';
import { RowId, validationHook } from '../server/validation.ts';
import { fileResponse } from '../files/file-response.ts';
import { FileTooLargeError } from '../files/file-store.ts';
import { getFileStore } from '../files/file-store.server.ts';
import { UserInfoSchema } from './users.routes.ts';
import { CurrencyRateFields } from '../offers/offers.schema.ts';
import { currenciesWithRates } from '../offers/offers.server.ts';
import { visibleNameProblem, type NameProblem } from './visible-name.ts';
import {
  AVATAR_MAX_BYTES,
  COUNTRIES,
  getAgreeCollectIp,
  loginHistory,
  getAvatar,
  ImageError,
  processAvatar,
  rotateSession,
  saveAvatar,
  setAgreeCollectIp,
  updateBase,
} from './account.server.ts';

// The user calls of SPEC §7 around the account (besides u/base/get in users.routes.ts): login state
// and settings for the dialog, profile edit, avatar upload, country and currency lists, token
// rotation and logout. Mounted by app.ts with app.route('/', accountRoutes).

// Messages live in the servers' one table (src/lib/server/messages), under `account.`.
type AccountMessage = ServerMessageKey extends infer K ? (K extends `account.${infer Name}` ? Name : never) : never;
const text = (name: AccountMessage) => bothMessages(`account.${name}`);

// The same shape u/base/get answers (users.routes.ts).
const LoginStateSchema = z
  .object({
    login: z.boolean(),
    user: UserInfoSchema.nullable(),
    lastLoginTime: z.number().int().nullable().openapi({ description: 'Seconds since the epoch of the last login (host freshness check, 432000 s)' }),
    agreeCollectIP: z.boolean(),
  })
  .openapi('LoginState');

const LoginSettingsSchema = z
  .object({
    ssoUrl: z.string(),
    siteId: z.number().int(),
    areacode: z.string(),
    smsProvider: z.enum(['dev', 'aliyun', 'tencent']),
    wechatProvider: z.enum(['dev', 'open']),
    smsResendSeconds: z.number().int(),
    qrPollMs: z.number().int(),
    sessionTtlSeconds: z.number().int(),
  })
  .openapi('LoginSettings');

const nicknameProblemText: Record<NameProblem, { zh: string; en: string }> = {
  control: text('nicknameBad'),
  bidi: text('nicknameBidi'),
  invisible: text('nicknameInvisible'),
  invalid: text('nicknameInvalid'),
};

const nicknameSchema = z
  .string()
  .trim()
  .max(30, text('nicknameTooLong').zh)
  .superRefine((v, ctx) => {
    const problem = visibleNameProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: nicknameProblemText[problem].zh, params: { en: nicknameProblemText[problem].en } });
  });

const UpdateBaseSchema = z
  .strictObject({
    nickname: nicknameSchema.nullable().optional().openapi({ description: 'At most 30 characters; empty or null clears it' }),
    email: z
      .union([z.literal(''), z.email(text('emailBad').zh).max(254)])
      .nullable()
      .optional()
      .openapi({ description: 'A valid address; empty or null clears it' }),
  })
  .openapi('UpdateBase');

const UploadSchema = z.object({
  file: z.any().openapi({ type: 'string', format: 'binary', description: 'PNG, JPEG or WebP, at most 2 MB' }),
});

const UpdateLoginSchema = z
  .strictObject({ agreeCollectIP: z.boolean().optional().openapi({ description: 'Consent to keep the login IP in the history' }) })
  .openapi('UpdateLogin');

const avatarExtension = (mime: string) => ({ 'image/png': 'png', 'image/jpeg': 'jpg' })[mime] ?? 'webp';

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const loc = (c: { var: { locale: Locale } }, name: AccountMessage) => serverMessage(`account.${name}`, c.var.locale);

// The avatar upload may carry 2 MB (plus the multipart envelope); the API's guard refuses more
// while streaming, before it is buffered (41300).
declareBodyLimit('/api/chiplet/u/base/uploadImage', AVATAR_MAX_BYTES + 16 * 1024, text('imageTooLarge'));

export const accountRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/chiplet/user/getLogin',
      tags: ['user'],
      summary: 'Login state of the X-token (no error when logged out: login=false)',
      security: [{ XToken: [] }, {}],
      responses: { 200: json(envelopeOf(LoginStateSchema), 'Login state'), ...errorResponses },
    }),
    async (c) => {
      const token = c.req.header('x-token');
      if (!token) return c.json(ok({ login: false, user: null, lastLoginTime: null, agreeCollectIP: false }), 200);
      try {
        const u = await resolveSession(c.var.db, token, c.var.now());
        const user = { id: u.id, phone: u.phone, nickname: u.nickname, username: u.username, email: u.email, headimage: u.headimage };
        const lastLoginTime = u.lastLoginAt ? Math.floor(u.lastLoginAt.getTime() / 1000) : null;
        return c.json(ok({ login: true, user, lastLoginTime, agreeCollectIP: await getAgreeCollectIp(c.var.db, u.id) }), 200);
      } catch (error) {
        if (error instanceof AppError) return c.json(ok({ login: false, user: null, lastLoginTime: null, agreeCollectIP: false }), 200);
        throw error;
      }
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/chiplet/user/login',
      tags: ['user'],
      summary: 'What the login dialog needs: SSO address, site id, providers, timings',
      responses: { 200: json(envelopeOf(LoginSettingsSchema), 'Login settings'), ...errorResponses },
    }),
    (c) => {
      const config = getConfig();
      return c.json(
        ok({
          ssoUrl: publicConfig().ssoUrl,
          siteId: 35,
          areacode: '86',
          smsProvider: config.SMS_PROVIDER,
          wechatProvider: config.WECHAT_PROVIDER,
          smsResendSeconds: 60,
          qrPollMs: 1500,
          sessionTtlSeconds: SESSION_TTL_SECONDS,
        }),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/chiplet/u/base/update',
      tags: ['user'],
      summary: 'Edit nickname (≤ 30 characters) and email; omitted fields stay',
      security: [{ XToken: [] }],
      middleware: [requireUser] as const,
      request: { body: { content: { 'application/json': { schema: UpdateBaseSchema } }, required: true } },
      responses: { 200: json(envelopeOf(UserInfoSchema), 'The updated user info'), ...authErrorResponses },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const changes: { nickname?: string | null; email?: string | null } = {};
      if (body.nickname !== undefined) changes.nickname = body.nickname ? body.nickname : null;
      if (body.email !== undefined) changes.email = body.email ? body.email.toLowerCase() : null;
      return c.json(ok(await updateBase(c.var.db, c.var.user.id, changes)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/chiplet/u/base/uploadImage',
      tags: ['user'],
      summary: 'Upload an avatar (multipart field file): PNG/JPEG/WebP sniffed from magic bytes, ≤ 2 MB, ≤ 16 MP, re-encoded',
      security: [{ XToken: [] }],
      middleware: [requireUser] as const,
      request: { body: { content: { 'multipart/form-data': { schema: UploadSchema } }, required: true } },
      responses: {
        200: json(envelopeOf(z.object({ headimage: z.string() })), 'The new avatar URL (also stored as headimage)'),
        413: json(errorEnvelope, 'Larger than 2 MB or 16 MP (41300)'),
        415: json(errorEnvelope, 'Not a PNG, JPEG or WebP image (41500)'),
        ...authErrorResponses,
      },
    }),
    async (c) => {
      const file = c.req.valid('form').file as unknown;
      if (!(file instanceof Blob)) throw new AppError(Code.badInput, loc(c, 'imageMissing'));
      if (file.size > AVATAR_MAX_BYTES) throw new AppError(Code.tooLarge, loc(c, 'imageTooLarge'));
      let image;
      try {
        image = await processAvatar(new Uint8Array(await file.arrayBuffer()));
      } catch (error) {
        if (!(error instanceof ImageError)) throw error;
        if (error.reason === 'unsupported') throw new AppError(41500, loc(c, 'imageType'));
        if (error.reason === 'pixels') throw new AppError(Code.tooLarge, loc(c, 'imagePixels'));
        throw new AppError(Code.badInput, loc(c, 'imageBroken'));
      }
      try {
        return c.json(ok({ headimage: await saveAvatar(c.var.db, getFileStore(), c.var.user.id, image) }), 200);
      } catch (error) {
        if (error instanceof FileTooLargeError) throw new AppError(Code.tooLarge, loc(c, 'imageTooLarge'));
        throw error;
      }
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/chiplet/user/avatar/{userId}',
      tags: ['user'],
      summary: "A user's avatar image (the headimage URL)",
      request: { params: z.object({ userId: RowId }) },
      responses: {
        200: { description: 'The image', content: { 'image/webp': { schema: z.any() }, 'image/png': { schema: z.any() }, 'image/jpeg': { schema: z.any() } } },
        304: { description: 'Not modified (If-None-Match)' },
        404: json(errorEnvelope, 'No avatar (40400)'),
      },
    }),
    async (c) => {
      const notFound = () => new AppError(Code.notFound, serverMessage('account.noAvatar', c.var.locale));
      const store = getFileStore();
      const avatar = await getAvatar(c.var.db, store, c.req.valid('param').userId);
      if (!avatar) throw notFound();
      const response = await fileResponse(
        store,
        {
          key: avatar.key,
          contentType: avatar.mime,
          filename: `avatar.${avatarExtension(avatar.mime)}`,
          disposition: 'inline',
          etag: avatar.etag,
          // The URL carries ?v=<etag>, so a day of caching is safe; revalidation answers 304.
          cacheControl: 'public, max-age=86400',
        },
        c.req,
      );
      if (response) return response as never;
      c.var.log.error({ key: avatar.key }, 'avatar file missing from the file store');
      throw notFound();
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/chiplet/user/getCountry',
      tags: ['user'],
      summary: 'Countries and regions with calling codes (SMS login serves +86 only)',
      responses: {
        200: json(
          envelopeOf(z.array(z.object({ code: z.string(), nameZh: z.string(), nameEn: z.string(), areacode: z.string(), smsSupported: z.boolean() }))),
          'Country list',
        ),
        ...errorResponses,
      },
    }),
    (c) => c.json(ok([...COUNTRIES]), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/chiplet/user/getCurrency',
      tags: ['user'],
      summary: 'Currencies (ISO 4217) with symbol, minor-unit digits and the operator-set rate to CNY',
      responses: {
        200: json(
          envelopeOf(z.array(z.object({ code: z.string(), symbol: z.string(), nameZh: z.string(), nameEn: z.string(), decimals: z.number().int(), ...CurrencyRateFields }))),
          'Currency list',
        ),
        ...errorResponses,
      },
    }),
    // The operator's display rates (`npm run rates`) ride along for converting offers (#17).
    async (c) => c.json(ok(await currenciesWithRates(c.var.db)), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/chiplet/user/updateLogin',
      tags: ['user'],
      summary: 'Rotate the token (same absolute expiry; the old token dies at once); optionally set agreeCollectIP',
      security: [{ XToken: [] }],
      middleware: [requireUser] as const,
      request: { body: { content: { 'application/json': { schema: UpdateLoginSchema } }, required: false } },
      responses: {
        200: json(envelopeOf(z.object({ token: z.string(), expires_at: z.number().int(), agreeCollectIP: z.boolean() })), 'The new token'),
        ...authErrorResponses,
      },
    }),
    async (c) => {
      const body = c.req.valid('json') as z.infer<typeof UpdateLoginSchema> | undefined;
      if (body?.agreeCollectIP !== undefined) await setAgreeCollectIp(c.var.db, c.var.user.id, body.agreeCollectIP);
      const rotated = await rotateSession(c.var.db, c.req.header('x-token') ?? '', c.var.now());
      if (!rotated) throw new AppError(Code.noToken, serverMessage('noToken', c.var.locale));
      return c.json(ok({ token: rotated.token, expires_at: rotated.expiresAt, agreeCollectIP: await getAgreeCollectIp(c.var.db, c.var.user.id) }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/chiplet/user/logout',
      tags: ['user'],
      summary: 'Revoke the X-token session at once (idempotent: answers success without a token)',
      security: [{ XToken: [] }, {}],
      responses: { 200: json(envelopeOf(z.null()), 'Logged out'), ...errorResponses },
    }),
    async (c) => {
      const token = c.req.header('x-token');
      if (token && token.length <= 200) await revokeSession(c.var.db, token);
      return c.json(ok(null), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/chiplet/user/loginHistory',
      tags: ['user'],
      summary: "The logged-in user's sign-ins, newest first (method sms | wechat | bind | sync; IP only with consent)",
      security: [{ XToken: [] }],
      middleware: [requireUser] as const,
      request: {
        body: {
          required: false,
          content: { 'application/json': { schema: z.strictObject({ pageNum: z.number().int().min(1).max(10_000).default(1), pageSize: z.number().int().min(1).max(100).default(20) }) } },
        },
      },
      responses: {
        200: json(
          envelopeOf(
            z.object({
              list: z.array(z.object({ method: z.string(), siteId: z.number().int(), ip: z.string().nullable(), userAgent: z.string().nullable(), at: z.number().int() })),
              total: z.number().int(),
            }),
          ),
          'Login history page',
        ),
        ...authErrorResponses,
      },
    }),
    async (c) => {
      const body = (c.req.valid('json') as { pageNum?: number; pageSize?: number } | undefined) ?? {};
      return c.json(ok(await loginHistory(c.var.db, c.var.user.id, body.pageNum ?? 1, body.pageSize ?? 20)), 200);
    },
  );
