import fc from 'fast-check';
import type { Hono } from 'hono';
import { headerSafe, SESSION, type FuzzRequest, type Lang } from './fuzz-request.ts';
import { hostileString, hostileValue } from './hostile-values.ts';

// The SSO has no OpenAPI document: its operations are the routes its Hono app declares, and its
// inputs are the fields of SPEC §3's login form (read from JSON, multipart, urlencoded or the
// query), a few query names and its cookies. Every route gets every field, hostile or plausible.

/** `page`: a page a browser opens (refusals may be HTML). */
export type SsoOperation = { method: string; path: string; page: boolean };

const PAGES = new Set(['/dev/key', '/dev/wechat/scan', '/wechat/callback']);

/** The routes of the SSO app, without the plumbing's catch-alls. */
export function ssoOperations(app: Hono<never> | { routes: { method: string; path: string }[] }): SsoOperation[] {
  const seen = new Set<string>();
  const ops: SsoOperation[] = [];
  for (const r of (app as { routes: { method: string; path: string }[] }).routes) {
    if (r.method === 'ALL' || r.path.includes('*')) continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    ops.push({ method: r.method, path: r.path, page: PAGES.has(r.path) });
  }
  return ops;
}

/** Every field name the SSO reads from a form, a JSON body or the query. */
const FIELDS = [
  'account', 'areacode', 'smscode', 'scene', 'sessionId', 'sig', 'token', 'csessionid', 'aliscene', 'siteid', 'referer', 'uuid',
  'reg_tid', 'agreement', 'challengeId', 'track', 'altcha', 'payload', 'challenge', 'number', 'salt', 'signature', 'algorithm',
  'code', 'state', 'ticket', 'phone', 'key', 'step', 'unionid',
] as const;

const plausible: Record<string, fc.Arbitrary<unknown>> = {
  account: fc.constantFrom('13812345678', '+86 138 1234 5678', '19999999999', '1381234567'),
  areacode: fc.constantFrom('86', '+86', '1', '999'),
  smscode: fc.constantFrom('123456', '000000', '12345', '1234567'),
  siteid: fc.constantFrom('35', '0', '9999999'),
  track: fc.array(fc.record({ x: fc.double({ noNaN: true }), y: fc.integer(), t: fc.integer() }), { maxLength: 20 }),
  number: fc.integer(),
};

const fieldValue = (name: string): fc.Arbitrary<unknown> => fc.oneof({ weight: 2, arbitrary: plausible[name] ?? fc.string({ maxLength: 40 }) }, { weight: 3, arbitrary: hostileValue });

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '');
const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};

export function ssoRequestFor(op: SsoOperation, ctx: { ips: () => string; devKey: string }): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      fields: fc.dictionary(fc.constantFrom(...FIELDS), fc.constant(null), { maxKeys: 8 }).chain((picked) =>
        fc.record(Object.fromEntries(Object.keys(picked).map((k) => [k, fieldValue(k)]))),
      ),
      where: fc.constantFrom('query', 'json', 'form', 'urlencoded', 'broken'),
      broken: fc.constantFrom('{', '', 'null', '[1]', '\u0000', `${'['.repeat(50_000)}`, 'a=%FF&b=%', 'x'.repeat(70 * 1024)),
      lang: fc.constantFrom<Lang>('zh', 'en'),
      token: fc.constantFrom('none', 'user', 'junk'),
      junk: hostileString.map(headerSafe),
      cookies: fc.option(fc.tuple(fc.constantFrom('sso_qr', 'sso_session', 'sso_dev'), hostileString.map((s) => enc(s.slice(0, 200)))), { nil: undefined }),
      devKey: fc.constantFrom('none', 'right', 'wrong'),
    })
    .map((g) => {
      const method = op.method;
      const canHaveBody = method !== 'GET' && method !== 'HEAD';
      const where = canHaveBody ? g.where : 'query';
      const entries = Object.entries(g.fields);
      const query = where === 'query' ? entries.map(([k, v]) => `${k}=${enc(asText(v))}`).join('&') : '';
      const headers: Record<string, string> = { cookie: [`locale=${g.lang}`, ...(g.cookies ? [`${g.cookies[0]}=${g.cookies[1]}`] : [])].join('; ') };
      if (g.token === 'user') headers['x-token'] = SESSION;
      if (g.token === 'junk') headers['x-token'] = g.junk;
      if (g.devKey === 'right') headers['x-dev-key'] = ctx.devKey;
      if (g.devKey === 'wrong') headers['x-dev-key'] = g.junk;
      let body: FuzzRequest['body'];
      if (where === 'json') {
        body = JSON.stringify(g.fields);
        headers['content-type'] = 'application/json';
      } else if (where === 'form') {
        const fd = new FormData();
        for (const [k, v] of entries) fd.append(k, asText(v));
        body = fd;
      } else if (where === 'urlencoded') {
        body = entries.map(([k, v]) => `${k}=${enc(asText(v))}`).join('&');
        headers['content-type'] = 'application/x-www-form-urlencoded';
      } else if (where === 'broken') {
        body = g.broken;
        headers['content-type'] = g.broken.startsWith('a=') ? 'application/x-www-form-urlencoded' : 'application/json';
      }
      return { method, url: query ? `${op.path}?${query}` : op.path, headers, body, lang: g.lang, ip: ctx.ips() };
    });
}
