import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E_LOG_FILE, E2E_SECRETS_FILE } from '../../playwright.config.ts';
import { apiLogin, uniquePhone } from './login-helpers.ts';

// Issue #18 item 4e: the server's whole log of this end-to-end run (LOG_FILE at info, every request
// line included) holds none of the phones, SMS codes, session tokens and captcha tickets the run
// used, and no X-token, Authorization or Cookie value. Named zz- so it runs after every other spec
// (one worker, files in order); it also signs in and calls with each credential header itself, so
// the check bites when it runs alone.

// Not inside a longer word: a request id's hex (…-e19462685139) holds 11-digit runs by chance.
const MAINLAND_PHONE = /(?<![0-9A-Za-z])1[3-9]\d{9}(?![0-9A-Za-z])/g;
/** 32 random bytes in base64url: a session token's shape. */
const TOKEN_SHAPE = /(?<![\w-])[\w-]{43}(?![\w-])/g;
const CREDENTIAL_FIELD = /"(x-token|authorization|cookie|set-cookie|smscode|token|ticket|password)"\s*:\s*"(?!\[redacted\])[^"]+"/gi;

test('the server log of the whole run names no phone, code, token, ticket, cookie or Authorization value', async ({ request }) => {
  // Our own use of each credential, so the log has something to leak even when this spec runs alone.
  const login = await apiLogin(request, uniquePhone('137'));
  const asUser = { 'x-token': login.token, authorization: `Bearer ${login.token}`, cookie: `token=${login.token}; sso_qr=${login.token}` };
  expect((await request.get('/api/chiplet/user/getLogin', { headers: asUser })).status()).toBeLessThan(500);
  expect((await request.get(`/api/nope?token=${login.token}&phone=${login.phone}`, { headers: asUser })).status()).toBe(404);
  expect((await request.post('/sso/smsLogin/index.html', { multipart: { account: login.phone!, areacode: '86', smscode: '000000', siteid: '35' } })).status()).toBeLessThan(500);

  await expect.poll(() => existsSync(E2E_LOG_FILE)).toBe(true);
  const log = readFileSync(E2E_LOG_FILE, 'utf8');
  const lines = log.split('\n').filter(Boolean);
  // At info the log has a line per request: an empty file would make every check below pass.
  expect(lines.length).toBeGreaterThan(5);
  expect(log).toContain('"msg":"request"');

  const secrets = readFileSync(E2E_SECRETS_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { kind: string; value: string });
  expect(secrets.some((s) => s.kind === 'token')).toBe(true);
  const leaks: string[] = [];
  for (const { kind, value } of secrets) {
    // A 6-digit code may occur inside unrelated numbers (times, sizes): only whole-token hits count.
    const pattern = kind === 'code' ? new RegExp(`(?<![\\w.])${value}(?![\\w.])`) : null;
    const line = lines.find((l) => (pattern ? pattern.test(l) : l.includes(value)));
    if (line) leaks.push(`${kind} ${value}: ${line.slice(0, 300)}`);
  }
  for (const line of lines) {
    for (const m of line.match(MAINLAND_PHONE) ?? []) leaks.push(`phone-shaped ${m}: ${line.slice(0, 300)}`);
    for (const m of line.match(TOKEN_SHAPE) ?? []) leaks.push(`token-shaped ${m}: ${line.slice(0, 300)}`);
    for (const m of line.match(CREDENTIAL_FIELD) ?? []) leaks.push(`credential field ${m}: ${line.slice(0, 300)}`);
  }
  console.log(`zz-secrets-in-logs: ${lines.length} log lines, ${secrets.length} secrets of this run checked`);
  expect([...new Set(leaks)]).toEqual([]);
});
