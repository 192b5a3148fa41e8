import { z } from 'zod';

// The one place that reads process.env (DESIGN.md: "env is read in one file only").
// Every variable is documented in README.md; a bad value stops start-up with one line naming it.

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
});

export type Config = z.infer<typeof schema>;

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

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
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
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
