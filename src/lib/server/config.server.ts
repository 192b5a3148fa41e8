import { hostname } from 'node:os';
import { z } from 'zod';

// The one place that reads process.env (DESIGN.md: "env is read in one file only").
// Every variable is documented in README.md; a bad value stops start-up with one line naming it.

/** The default daily SMS budget (SMS_DAILY_BUDGET). */
export const DEFAULT_SMS_DAILY_BUDGET = 5000;

// Unset and empty both mean "not configured".
const blankToUndefined = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const optionalUrl = blankToUndefined.pipe(z.url({ protocol: /^https?$/ }).optional());

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: blankToUndefined.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  /** A streaming replica for catalogue reads (search, index build, detail pages); falls back to DATABASE_URL when it fails. */
  DATABASE_READ_URL: blankToUndefined.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  SITE_URL: optionalUrl,
  SSO_URL: z
    .string()
    .trim()
    .default('/sso')
    .refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), 'must be a path such as /sso or an http(s) URL'),
  MOBILE_SITE_URL: optionalUrl,
  KICAD_DIST_URL: optionalUrl,
  ICP_NUMBER: z.string().trim().max(64).default(''),
  ICP_URL: z.url({ protocol: /^https?$/ }).default('https://beian.miit.gov.cn/'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Log lines go to this file (appended) instead of stdout; the end-to-end run reads it for leaked secrets. */
  LOG_FILE: blankToUndefined,
  // This node's name in every log line (several app nodes behind one proxy); default nodeId() below.
  NODE_ID: blankToUndefined.pipe(z.string().max(64).regex(/^[\w.:@-]+$/, 'letters, digits and . : @ _ - only').optional()),
  // How often Top100 design scores and Top200 part ranks are recomputed (the pages say 'hourly', the default).
  RANKINGS_REFRESH_SECONDS: z.coerce.number().int().min(2).max(86_400).default(3600),
  // Supply-chain offers whose data is older than this are marked stale (issue #17 item 5).
  /** SMS sends in 24 h past which an alarm is logged at error level and counted (issue #18). */
  SMS_DAILY_BUDGET: z.coerce.number().int('must be a whole number').min(1).max(10_000_000).default(DEFAULT_SMS_DAILY_BUDGET),
  OFFERS_STALE_AFTER_HOURS: z.coerce.number().int('must be a whole number of hours').min(1).max(8760).default(72),
  // 'full': a fresh install also loads the shipped JLCPCB/LCSC snapshot (582k parts, in the background;
  // issue #29); 'kicad': only the KiCad demo catalogue (tests and CI steps that need a small one).
  CATALOG: z.enum(['full', 'kicad']).default('full'),
  // 'on': a fresh install publishes KiCad's demo projects as public designs (issue #14 item 8).
  DEMO_DESIGNS: z.enum(['on', 'off']).default('on'),
  // Single sign-on service (src/lib/sso/README.md). Cross-field rules in checkSsoConfig below.
  SSO_SECRET: blankToUndefined.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SSO_PORT: z.coerce.number().int().min(1).max(65535).default(4322),
  SSO_QR_TTL_SECONDS: z.coerce.number().int().min(3).max(600).default(120),
  /** Login codes one address may ask for per hour (20; the end-to-end suite, all from 127.0.0.1, needs more). */
  SSO_SMS_PER_IP_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  SSO_SITES: blankToUndefined.transform((v, ctx) => parseSsoSites(v, ctx)),
  SMS_PROVIDER: z.enum(['dev', 'aliyun', 'tencent']).default('dev'),
  SMS_ALIYUN_ACCESS_KEY_ID: blankToUndefined,
  SMS_ALIYUN_ACCESS_KEY_SECRET: blankToUndefined,
  SMS_ALIYUN_SIGN_NAME: blankToUndefined,
  SMS_ALIYUN_TEMPLATE_CODE: blankToUndefined,
  SMS_ALIYUN_ENDPOINT: z.string().trim().min(1).default('dysmsapi.aliyuncs.com'),
  SMS_TENCENT_SECRET_ID: blankToUndefined,
  SMS_TENCENT_SECRET_KEY: blankToUndefined,
  SMS_TENCENT_SDK_APP_ID: blankToUndefined,
  SMS_TENCENT_SIGN_NAME: blankToUndefined,
  SMS_TENCENT_TEMPLATE_ID: blankToUndefined,
  SMS_TENCENT_REGION: z.string().trim().min(1).default('ap-guangzhou'),
  WECHAT_PROVIDER: z.enum(['dev', 'open']).default('dev'),
  WECHAT_APP_ID: blankToUndefined,
  WECHAT_APP_SECRET: blankToUndefined,
  WECHAT_REDIRECT_URI: optionalUrl,
  HOST_ORIGINS: blankToUndefined.transform((v, ctx) => parseHostOrigins(v, ctx)),
  /** Reverse proxies whose X-Forwarded-Proto is believed (HSTS): addresses, or 'loopback'; unset, none. */
  TRUST_PROXY: blankToUndefined.transform((v, ctx) => parseTrustProxy(v, ctx)),
  // Where uploaded files live (ADR 0008): DATA_DIR/files on this node, or an S3-compatible bucket.
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: blankToUndefined.pipe(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lowercase letters, digits, dots, hyphens)').optional()),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: blankToUndefined,
  S3_SECRET_ACCESS_KEY: blankToUndefined,
  S3_FORCE_PATH_STYLE: blankToUndefined.pipe(z.enum(['true', 'false', '1', '0']).optional()).transform((v) => v === 'true' || v === '1'),
  // The assistant's language model (issue #15): any OpenAI-compatible chat API. Without a base URL
  // and a model the assistant answers in retrieval mode. The key stays on the server.
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: blankToUndefined,
  /** Bearer token for /metrics (and /readyz's details) on the public listener; unset, they answer 403 there. */
  METRICS_TOKEN: blankToUndefined.pipe(z.string().min(16, 'must be at least 16 characters').max(200).optional()),
  /** A separate listener for /metrics, /readyz and /healthz without a token (issue #36 item 4); unset, none. */
  METRICS_PORT: blankToUndefined.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a port number (1-65535)')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 65535, 'must be a port number (1-65535)')
      .optional(),
  ),
  /** Where METRICS_PORT listens: loopback unless Prometheus scrapes from another machine. */
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  LLM_MODEL: blankToUndefined.pipe(z.string().max(200).optional()),
  /** The provider's embedding model (its /embeddings endpoint): set, datasheet passages are also searched by vectors where pgvector is available. */
  LLM_EMBEDDING_MODEL: blankToUndefined.pipe(z.string().max(200).optional()),
  /** Tokens the whole deployment may spend per day (UTC); past it answers come from retrieval. */
  LLM_DAILY_TOKENS: z.coerce.number().int().min(0).max(1e12).default(1_000_000),
  /** The longest wait for the provider's next chunk (first token included) before the turn falls back. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
}).superRefine((c, ctx) => {
  checkSsoConfig(c, ctx);
  // A replica of the embedded PGlite does not exist: reads would silently go to another database.
  if (c.DATABASE_READ_URL && !c.DATABASE_URL) ctx.addIssue({ code: 'custom', path: ['DATABASE_READ_URL'], message: 'needs DATABASE_URL (the primary it replicates)' });
});

export type Config = z.infer<typeof schema>;

/** A site that shares the SSO's logins (SSO_SITES, a JSON array); id 35 is this site by default. */
export type SsoSiteConfig = { id: number; name: string; syncBase?: string | undefined };

const ssoSiteSchema = z.object({
  id: z.number().int().min(1).max(1_000_000),
  name: z.string().trim().min(1).max(64),
  syncBase: z.url({ protocol: /^https?$/ }).optional(),
});

function parseSsoSites(value: string | undefined, ctx: z.RefinementCtx): SsoSiteConfig[] {
  if (value === undefined) return [{ id: 35, name: '芯百科' }];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON array such as [{"id":35,"name":"芯百科"}]' });
    return z.NEVER;
  }
  const result = z.array(ssoSiteSchema).min(1).safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    ctx.addIssue({ code: 'custom', message: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` });
    return z.NEVER;
  }
  if (new Set(result.data.map((s) => s.id)).size !== result.data.length) {
    ctx.addIssue({ code: 'custom', message: 'site ids must be unique' });
    return z.NEVER;
  }
  return result.data;
}

/**
 * Origins of the pages that may embed ours (a desktop EDA host's web view, a partner portal):
 * comma- or space-separated `scheme://host[:port]`. They alone may frame our pages
 * (CSP frame-ancestors), receive host messages such as the session token, and send us host
 * messages. Empty (the default): nobody frames us.
 */
function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): string[] {
  if (value === undefined) return [];
  const items = value.split(/[\s,]+/).filter(Boolean);
  for (const item of items) {
    if (item !== 'loopback' && z.union([z.ipv4(), z.ipv6()]).safeParse(item).error) {
      ctx.addIssue({ code: 'custom', message: `${item}: must be an IP address of a proxy, or 'loopback'` });
      return z.NEVER;
    }
  }
  return items;
}

function parseHostOrigins(value: string | undefined, ctx: z.RefinementCtx): string[] {
  if (value === undefined) return [];
  const origins: string[] = [];
  for (const item of value.split(/[\s,]+/).filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    // Exactly an origin: no path, query, credentials or wildcard, so the list means what it says.
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, '') || item.includes('*')) {
      ctx.addIssue({ code: 'custom', message: `"${item}" is not an origin such as https://eda.example.com` });
      return z.NEVER;
    }
    origins.push(url.origin);
  }
  return [...new Set(origins)];
}

type SsoConfigFields = {
  APP_ENV: string;
  SSO_SECRET?: string | undefined;
  SMS_PROVIDER: string;
  WECHAT_PROVIDER: string;
} & Record<string, unknown>;

/** Production must really send SMS and really talk to WeChat; each real provider needs its credentials. */
function checkSsoConfig(c: SsoConfigFields, ctx: z.RefinementCtx): void {
  const fail = (variable: string, message: string) => ctx.addIssue({ code: 'custom', path: [variable], message });
  if (c.APP_ENV === 'production') {
    if (c.SMS_PROVIDER === 'dev')
      fail('SMS_PROVIDER', 'must be aliyun or tencent when APP_ENV=production (the dev provider does not send SMS)');
    if (c.WECHAT_PROVIDER === 'dev')
      fail('WECHAT_PROVIDER', 'must be open when APP_ENV=production (dev is a local simulator)');
    if (!c.SSO_SECRET) fail('SSO_SECRET', 'is required when APP_ENV=production (at least 32 random characters)');
  }
  const required: Record<string, string[]> = {
    aliyun: ['SMS_ALIYUN_ACCESS_KEY_ID', 'SMS_ALIYUN_ACCESS_KEY_SECRET', 'SMS_ALIYUN_SIGN_NAME', 'SMS_ALIYUN_TEMPLATE_CODE'],
    tencent: ['SMS_TENCENT_SECRET_ID', 'SMS_TENCENT_SECRET_KEY', 'SMS_TENCENT_SDK_APP_ID', 'SMS_TENCENT_SIGN_NAME', 'SMS_TENCENT_TEMPLATE_ID'],
    open: ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'],
  };
  for (const provider of [c.SMS_PROVIDER, c.WECHAT_PROVIDER]) {
    for (const variable of required[provider] ?? []) {
      if (!c[variable]) fail(variable, `is required when ${provider === 'open' ? 'WECHAT' : 'SMS'}_PROVIDER=${provider}`);
    }
  }
}

export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, problem: string) {
    super(`Invalid environment variable ${variable}: ${problem}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

/** Parses an environment; throws ConfigError naming the first bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = String(issue?.path[0] ?? 'unknown');
  const shown = env[variable];
  throw new ConfigError(variable, `${issue?.message ?? 'invalid'}${shown === undefined ? '' : ` (got "${shown}")`}`);
}

let cached: Config | undefined;

/**
 * The node's name in logs: NODE_ID, else `<host name>:<PORT>` for a process given PORT (a server,
 * stable across its restarts), else `<host name>-<pid>` (scripts, tests).
 */
export function nodeId(config: Pick<Config, 'NODE_ID' | 'PORT'> = getConfig(), env: Record<string, string | undefined> = process.env): string {
  if (config.NODE_ID) return config.NODE_ID;
  return env['PORT'] ? `${hostname()}:${config.PORT}` : `${hostname()}-${process.pid}`;
}

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

export type FileStoreConfig =
  | { kind: 'local'; root: string }
  | { kind: 's3'; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean; spoolDir: string };

/** The file store's settings; FILE_STORE=s3 needs the endpoint, bucket and both keys (ConfigError naming the first missing). */
export function fileStoreConfig(config: Config = getConfig()): FileStoreConfig {
  const root = `${config.DATA_DIR.replace(/\/+$/, '')}/files`;
  if (config.FILE_STORE === 'local') return { kind: 'local', root };
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  for (const [variable, value] of Object.entries({ S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey })) {
    if (!value) throw new ConfigError(variable, 'is required when FILE_STORE=s3');
  }
  return {
    kind: 's3',
    endpoint: endpoint!,
    bucket: bucket!,
    region: config.S3_REGION,
    accessKeyId: accessKeyId!,
    secretAccessKey: secretAccessKey!,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    // Uploads are spooled here before they go to the bucket (same limit as on disk).
    spoolDir: `${root}/.spool`,
  };
}

/** Public, non-secret settings that pages may render. */
export function publicConfig() {
  const c = getConfig();
  return {
    ssoUrl: c.SSO_URL,
    mobileSiteUrl: c.MOBILE_SITE_URL ?? '',
    kicadDistUrl: c.KICAD_DIST_URL ?? '',
    icpNumber: c.ICP_NUMBER,
    icpUrl: c.ICP_URL,
    siteUrl: c.SITE_URL ?? '',
    hostOrigins: c.HOST_ORIGINS,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
