import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpTools } from '../../src/lib/ai/mcp/mcp-tools.server.ts';
import type { BomConfirmBody, BomHeaderMatch, BomQueryMatch, BomUploadResult } from '../../src/lib/bom/bom.schema.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { en } from '../../src/lib/server/messages/en.ts';
import { zh } from '../../src/lib/server/messages/zh.ts';
import { call, createWorld, KICAD_CSV, settled, upload, type World } from '../helpers/bom-world.ts';
import { strayEnglishWords, wrongLanguage, HAN } from '../helpers/language-check.ts';
import { seedReplaceCatalogue } from '../helpers/replace-seed.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { makeUser } from '../helpers/test-user.ts';

// Issue #32 item 3, over the API and the MCP tools: what a caller reads (reasons, category and
// parameter names, values, default names) is in the caller's language. The site's client names the
// page's locale in X-Locale, which beats a cookie of the other language (ADR 0018). Fields that
// hold what a user or a maker wrote (BOM cells, part numbers, file names, nicknames, datasheet
// text) are not the site's words and are left out by path.

const label = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
type Env<T> = { code: number; msg: string; result: T };

/** Names the user or the source gave: never translated. */
const USER_OR_SOURCE = /(?:^|\.)(?:source|fileName|name|mpn|mfgMpnCode|fromMpn|designators|url|href|datasheet\w*|description\w*|note|attribution|supplierCodes|offers|id|bomId|jobId|nameZh|nameEn|cateNameZh|cateNameEn|brandNameZh|brandNameEn)(?:$|[.[])/;
/** In Chinese answers, the site's own sentences and labels: reasons, names of categories and parameters, values, messages. */
const ZH_CHECKED = /(?:reason\w*|cateName|display|msg|label|original|candidate)$/;

let w: World;
let replaceDb: Awaited<ReturnType<typeof createTestDatabase>>;
let replaceApp: ReturnType<typeof createApp>;

beforeAll(async () => {
  w = await createWorld();
  replaceDb = await createTestDatabase();
  replaceApp = createApp({ db: replaceDb.db, logger: pino({ level: 'silent' }) });
  await makeUser(replaceDb.db, 'sweeper');
  await seedReplaceCatalogue(replaceDb.db);
}, 120_000);

afterAll(async () => {
  await w?.close();
  await replaceDb?.close();
});

/** Headers of the site's client on a page of `locale`, with a cookie of the other language. */
const pageHeaders = (locale: 'zh' | 'en'): Record<string, string> => ({ 'X-Locale': locale, cookie: `locale=${locale === 'en' ? 'zh' : 'en'}`, 'accept-language': locale === 'en' ? 'zh-CN' : 'en-US' });

function expectLocale(value: unknown, locale: 'zh' | 'en', what: string): void {
  const findings = wrongLanguage(value, locale, (p) => USER_OR_SOURCE.test(p));
  const relevant = locale === 'zh' ? findings.filter((f) => ZH_CHECKED.test(f.path.replace(/\[\d+\]$/, ''))) : findings;
  expect(relevant, `${what} (${locale}): ${relevant.slice(0, 8).map((f) => `${f.path} = ${f.text}`).join(' | ')}`).toEqual([]);
}

async function matchedBom(): Promise<string> {
  const up = await upload<BomUploadResult>(w, KICAD_CSV, 'kicad-bom.csv', { token: w.alice.token });
  expect(up.body.code, up.body.msg).toBe(200000);
  const bomId = up.body.result.bomId;
  const hm = await call<BomHeaderMatch>(w, 'GET', `/chiplet/bom/headerMatch?bomId=${bomId}`, { token: w.alice.token });
  const body: BomConfirmBody = { bomId, headerRow: hm.body.result.headerRow, columns: hm.body.result.columns };
  const confirmed = await call<{ jobId: string }>(w, 'POST', '/chiplet/bom/confirm', { token: w.alice.token }, body);
  expect(confirmed.body.code, confirmed.body.msg).toBe(200000);
  expect((await settled(w, confirmed.body.result.jobId)).state).toBe('succeeded');
  return bomId;
}

describe(`language sweep over the API and MCP tools (${label})`, () => {
  it('the BOM candidate panel: reasons, categories and brands in the page language, whatever the cookie says', async () => {
    const bomId = await matchedBom();
    for (const locale of ['en', 'zh'] as const) {
      const res = await w.app.request(`/api/chiplet/bom/queryMatch?bomId=${bomId}&pageSize=100`, { headers: { ...pageHeaders(locale), 'x-token': w.alice.token } });
      const body = (await res.json()) as Env<BomQueryMatch>;
      expect(body.code).toBe(200000);
      const reasons = body.result.list.flatMap((l) => l.candidates.map((c) => c.reason));
      expect(reasons.length).toBeGreaterThan(0);
      expect(reasons.some((r) => HAN.test(r))).toBe(locale === 'zh');
      expectLocale(body.result, locale, 'bom/queryMatch');
    }
  });

  it('replace/getReplaces: grading reasons, parameter names and values, category and brand names', async () => {
    for (const code of ['RC0603FR-0710KL_yageo', 'AO3400A_aos']) {
      for (const locale of ['en', 'zh'] as const) {
        const res = await replaceApp.request('/api/chiplet/replace/getReplaces', { method: 'POST', headers: { ...pageHeaders(locale), 'content-type': 'application/json' }, body: JSON.stringify({ mfgMpnCode: code, pageNum: 1, pageSize: 50 }) });
        const body = (await res.json()) as Env<{ list: { reason: string }[] }>;
        expect(body.code, code).toBe(200000);
        expect(body.result.list.length, code).toBeGreaterThan(0);
        expectLocale(body.result, locale, `replace/getReplaces ${code}`);
      }
    }
  });

  it('the default collection folder is named in the page language', async () => {
    for (const locale of ['en', 'zh'] as const) {
      const res = await w.app.request('/api/chiplet/user/collect/userCate', { headers: { ...pageHeaders(locale), 'x-token': w.alice.token } });
      const body = (await res.json()) as Env<{ name: string; isDefault: boolean }[] | { list: { name: string; isDefault: boolean }[] }>;
      expect(body.code).toBe(200000);
      const list = Array.isArray(body.result) ? body.result : body.result.list;
      const folder = list.find((f) => f.isDefault)!;
      expect(folder.name).toBe(locale === 'en' ? en['collections.defaultName'] : zh['collections.defaultName']);
    }
  });

  it('every reason, finding and default name the server writes has an English form without Han and a Chinese one without stray English', () => {
    const keys = (Object.keys(en) as (keyof typeof en)[]).filter((k) => /^(?:bom\.reason|replace\.reason|check\.|collections\.defaultName|design\.demoOwner)/.test(k));
    expect(keys.length).toBeGreaterThan(20);
    for (const k of keys) {
      expect(HAN.test(en[k].replace(/\{\w+\}/g, '')), `${k}: ${en[k]}`).toBe(false);
      expect(strayEnglishWords(zh[k].replace(/\{\w+\}/g, '')), `${k}: ${zh[k]}`).toEqual([]);
    }
  });

  it('the MCP tools answer in the caller language', async () => {
    const tools = await mcpTools();
    const find = (name: string) => tools.find((t) => t.name === name)!;
    for (const locale of ['en', 'zh'] as const) {
      const ctx = { db: replaceDb.db, locale, userId: null, design: null };
      const replacements = await find('findReplacements').run(ctx, { part: 'RC0603FR-0710KL' });
      expectLocale(replacements.data, locale, 'MCP findReplacements');
      const details = await find('partDetails').run(ctx, { mpn: 'AO3400A' });
      expectLocale(details.data, locale, 'MCP partDetails');
    }
  });
});
