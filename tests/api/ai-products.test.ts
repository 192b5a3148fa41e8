import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerByRetrieval } from '../../src/lib/ai/retrieval.server.ts';
import { aiTools } from '../../src/lib/ai/tools.server.ts';
import type { AiDesignContext } from '../../src/lib/ai/ai-tools.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { runnerOf } from '../../src/lib/server/db/raw-sql.server.ts';
import { brands } from '../../src/lib/server/db/schema/index.ts';
import type { AiTool } from '../../src/lib/ai/ai-tools.ts';
import { seedReplaceCatalogue } from '../helpers/replace-seed.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

// GET /api/chiplet/ai/getProducts and /ai/getLink, and the retrieval assistant's answers, on real
// catalogue rows (tests/helpers/replace-seed.ts: 0603/0805 10k and 4k7 resistors of a Taiwanese
// and a Chinese maker, SOT-23 MOSFETs of an American and a Chinese maker). Both locales, bad
// input. PGlite by default, PostgreSQL with TEST_DATABASE_URL.

type Env<T = unknown> = { code: number; msg: string; result: T };
type Item = {
  mfgMpnCode: string;
  mpn: string;
  brandName: string;
  cateName: string;
  package: string | null;
  params: { key: string; name: string; value: string }[];
};
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createApp>;

async function get<T>(path: string, locale: 'zh' | 'en' = 'zh', host = 'localhost'): Promise<{ status: number; body: Env<T> }> {
  const res = await app.request(`http://${host}/api/chiplet/ai/${path}`, {
    headers: { 'accept-language': locale === 'en' ? 'en' : 'zh-CN' },
  });
  return { status: res.status, body: (await res.json()) as Env<T> };
}
const products = (question: string, locale: 'zh' | 'en' = 'zh') => get<{ list: Item[] }>(`getProducts?question=${encodeURIComponent(question)}`, locale);

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
  await seedReplaceCatalogue(database.db);
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe(`ai/getProducts (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('answers the parts for a parametric question, best first, with exactly the documented fields', async () => {
    const r = await products('10k 0603 贴片电阻 1%');
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(200000);
    const list = r.body.result.list;
    expect(list.map((i) => i.mpn).sort()).toEqual(['0603WAF1002T5E', 'RC0603FR-0710KL']);
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(['brandName', 'cateName', 'mfgMpnCode', 'mpn', 'package', 'params']);
      expect(item.package).toBe('0603');
      // The matched parameters come first, named in Chinese.
      expect(item.params.slice(0, 2).map((p) => [p.name, p.value])).toEqual([
        ['阻值', '10 kΩ'],
        ['精度', '1%'],
      ]);
    }
  });

  it('answers in English for English callers', async () => {
    const r = await products('MOSFET at least 30V SOT-23', 'en');
    expect(r.status).toBe(200);
    const list = r.body.result.list;
    expect(list.map((i) => i.mpn).sort()).toEqual(['AO3400A', 'CJ3400', 'GDS3400']);
    expect(list[0]!.params[0]!.name).toBe('Drain-Source Voltage (Vds)');
  });

  it('reads 国产 as brands whose recorded country is China', async () => {
    const r = await products('国产 MOS管 30V');
    expect(r.body.result.list.map((i) => i.mpn)).toEqual(['CJ3400']);
    expect(r.body.result.list[0]!.brandName).toBe('长电');
  });

  it('answers an empty list, not an error, for a question the catalogue cannot answer', async () => {
    const r = await products('100nF 0402 capacitor', 'en');
    expect(r.status).toBe(200);
    expect(r.body.result.list).toEqual([]);
  });

  it('refuses an empty or a too long question with a 40000 naming the field, in the caller’s language', async () => {
    const empty = await products('   ');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      code: 40000,
      msg: '参数 question 无效：问题不能为空',
    });
    const missing = await get('getProducts', 'en');
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('question');
    const long = await products('x'.repeat(2001), 'en');
    expect(long.status).toBe(400);
    expect(long.body.msg).toContain('at most 2000 characters');
    const huge = await products('电'.repeat(20_000));
    expect(huge.status).toBe(400);
    expect(huge.body.msg).toContain('问题最多 2000 个字符');
  });
});

describe('ai/getLink', () => {
  it("answers the assistant page's absolute address, with /en for English callers and the viewer panel for for=ecad", async () => {
    expect((await get<{ url: string }>('getLink', 'zh', 'eda.example.com')).body.result.url).toBe('http://eda.example.com/aiChat');
    expect((await get<{ url: string }>('getLink', 'en', 'eda.example.com')).body.result.url).toBe('http://eda.example.com/en/aiChat');
    expect((await get<{ url: string }>('getLink?for=ecad', 'zh', 'eda.example.com')).body.result.url).toBe('http://eda.example.com/ecadViewer/ai');
    expect((await get<{ url: string }>('getLink?for=ecad', 'en', 'eda.example.com')).body.result.url).toBe('http://eda.example.com/en/ecadViewer/ai');
    const bad = await get('getLink?for=desktop', 'en');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain("must be 'chat' or 'ecad'");
  });
});

describe('answerByRetrieval', () => {
  const ctx = (locale: 'zh' | 'en', design: AiDesignContext | null = null) => ({
    db: database.db,
    locale,
    userId: null,
    design,
  });

  it('begins with the plain statement of why no model answered, for each reason, and streams it first', async () => {
    const chunks: string[] = [];
    const a = await answerByRetrieval(ctx('zh'), '10k 0603 电阻', aiTools(), {
      onText: (c) => chunks.push(c),
    });
    expect(chunks[0]).toContain('当前未配置语言模型');
    expect(a.markdown.startsWith(chunks[0]!)).toBe(true);
    expect(chunks.join('')).toBe(a.markdown);
    expect(
      (
        await answerByRetrieval(ctx('en'), '10k 0603 resistor', aiTools(), {
          reason: 'budget',
        })
      ).markdown,
    ).toMatch(/^> Today's language-model budget is used up/);
    expect(
      (
        await answerByRetrieval(ctx('en'), '10k 0603 resistor', aiTools(), {
          reason: 'provider-error',
        })
      ).markdown,
    ).toMatch(/^> The language-model service is unavailable/);
  });

  it('composes a ranked table with the constraints read and the matched parameters in bold', async () => {
    const a = await answerByRetrieval(ctx('en'), '10k chip resistor 0603, 1% or less', aiTools());
    expect(a.markdown).toContain('Constraints read:');
    expect(a.markdown).toContain('Resistance = 10 kΩ');
    expect(a.markdown).toContain('Tolerance ≤ 1%');
    expect(a.markdown).toMatch(/\| 2 \| \[RC0603FR-0710KL\]\(\/detail\?mfgMpnCode=RC0603FR-0710KL_yageo\) \| Yageo \| 0603 \| \*\*Resistance\*\* 10 kΩ; \*\*Tolerance\*\* 1%/);
    expect(a.parts.every((p) => p.matched.includes('resistance'))).toBe(true);
  });

  it('compares two named parts side by side', async () => {
    const a = await answerByRetrieval(ctx('zh'), 'AO3400A 和 CJ3400 对比', aiTools());
    expect(a.parts.map((p) => p.mpn)).toEqual(['AO3400A', 'CJ3400']);
    expect(a.markdown).toContain('| 参数 | AO3400A | CJ3400 |');
    expect(a.markdown).toContain('| 导通电阻 | 33 mΩ | 28 mΩ |');
  });

  it('lists replacements with their grade', async () => {
    const a = await answerByRetrieval(ctx('en'), 'what replaces RC0603FR-0710KL', aiTools());
    expect(a.markdown).toContain('Replacements for RC0603FR-0710KL');
    expect(a.parts.map((p) => p.mpn)).toContain('0603WAF1002T5E');
    expect(a.parts.map((p) => p.mpn)).not.toContain('RC0603FR-0710KL');
    expect(a.markdown).toContain('Drop-in');
  });

  it('says plainly when a named part is not in the catalogue, and invents none', async () => {
    const a = await answerByRetrieval(ctx('zh'), 'XQZ9999 的替代', aiTools());
    expect(a.markdown).toContain('目录中没有找到 XQZ9999');
    expect(a.parts).toEqual([]);
  });

  it('answers a datasheet question from the catalogue when no datasheet tool is given', async () => {
    const a = await answerByRetrieval(ctx('en'), 'what is the max drain current of AO3400A', aiTools());
    expect(a.citations).toEqual([]);
    expect(a.markdown).toContain('No datasheet passage answering this was found for AO3400A');
    expect(a.markdown).toContain('| Drain Current (Id) | 5.7 A |');
  });

  it('answers questions about the open design from its BOM', async () => {
    const design: AiDesignContext = {
      title: 'Sensor board',
      stats: { components: 7 },
      bom: [
        {
          refs: ['R1', 'R2', 'R3'],
          value: '10k',
          footprint: 'R_0603',
          mpn: 'RC0603FR-0710KL',
          manufacturer: 'Yageo',
          quantity: 3,
          mfgMpnCode: 'RC0603FR-0710KL_yageo',
        },
        {
          refs: ['R4'],
          value: '4k7',
          footprint: 'R_0603',
          mpn: null,
          manufacturer: null,
          quantity: 1,
          mfgMpnCode: null,
        },
        {
          refs: ['C1', 'C2'],
          value: '100n',
          footprint: 'C_0402',
          mpn: 'GRM155',
          manufacturer: 'Murata',
          quantity: 2,
          mfgMpnCode: null,
        },
        {
          refs: ['Q1'],
          value: 'AO3400A',
          footprint: 'SOT-23',
          mpn: 'AO3400A',
          manufacturer: 'AOS',
          quantity: 1,
          mfgMpnCode: 'AO3400A_aos',
        },
      ],
    };
    const count = await answerByRetrieval(ctx('zh', design), '这个设计有多少个电阻？', aiTools());
    expect(count.markdown).toContain('设计「Sensor board」中共有 4 个“电阻”（2 行 BOM）');
    const missing = await answerByRetrieval(ctx('en', design), 'which parts are not in the catalogue?', aiTools());
    expect(missing.markdown).toContain('Design "Sensor board" has 2 BOM lines not in the catalogue');
    expect(missing.markdown).toContain('| R4 | 4k7 |');
    const cost = await answerByRetrieval(ctx('en', design), 'BOM cost drivers', aiTools());
    expect(cost.markdown).toContain('The catalogue holds no prices');
    expect(cost.markdown.indexOf('R1, R2, R3')).toBeLessThan(cost.markdown.indexOf('C1, C2'));
  });

  it('asks for a description when the question holds nothing searchable', async () => {
    const a = await answerByRetrieval(ctx('en'), '!!! ???', aiTools());
    expect(a.markdown).toContain('Describe the part you need');
    expect(a.parts).toEqual([]);
  });
});

describe('the assistant tools', () => {
  const ctx = (locale: 'zh' | 'en' = 'en') => ({ db: database.db, locale, userId: null, design: null });
  const tool = (name: string): AiTool => aiTools().find((t) => t.name === name)!;
  const call = async (name: string, input: unknown) => tool(name).run(ctx(), tool(name).input.parse(input));
  /** Every part a tool returns is a row of the catalogue, and its data stays small. */
  const checkResult = async (r: Awaited<ReturnType<AiTool['run']>>) => {
    expect(JSON.stringify(r.data).length).toBeLessThan(8_000);
    const codes = (r.parts ?? []).map((p) => p.mfgMpnCode);
    if (codes.length) {
      const [row] = await runnerOf(database.db).rows<{ n: number }>('SELECT count(*)::int AS n FROM products WHERE mfg_mpn_code = ANY($1::text[])', [codes]);
      const n = Number(row!.n);
      expect(n).toBe(new Set(codes).size);
    }
  };

  it('lists the five catalogue tools and the datasheet search, and takes extra ones (an extra of the same name replaces ours)', () => {
    expect(aiTools().map((t) => t.name)).toEqual(['searchParts', 'partDetails', 'compareParts', 'findReplacements', 'matchBomLine', 'searchDatasheets']);
    const extra: AiTool = { ...tool('partDetails'), name: 'searchDatasheets', description: 'datasheets, replaced' };
    const withExtra = aiTools([extra]);
    expect(withExtra.map((t) => t.name)).toEqual(['searchParts', 'partDetails', 'compareParts', 'findReplacements', 'matchBomLine', 'searchDatasheets']);
    expect(withExtra.at(-1)!.description).toBe('datasheets, replaced');
    for (const t of aiTools()) expect(t.description.length).toBeGreaterThan(20);
  });

  it('searchParts filters by parameter ranges, package and domestic brands', async () => {
    const r = await call('searchParts', { keyword: 'MOS管', params: [{ key: 'drainSourceVoltage', min: 30 }], package: 'SOT-23' });
    expect(r.parts!.map((p) => p.mpn).sort()).toEqual(['AO3400A', 'CJ3400', 'GDS3400']);
    expect(r.parts!.every((p) => p.matched.includes('drainSourceVoltage'))).toBe(true);
    await checkResult(r);
    const cn = await call('searchParts', { keyword: '贴片电阻', params: [{ key: 'resistance', min: 10_000, max: 10_000 }], domestic: true });
    expect(cn.parts!.map((p) => p.mpn)).toEqual(['0603WAF1002T5E']);
    expect(() => tool('searchParts').input.parse({ params: [{ key: 'DROP TABLE', min: 1 }] })).toThrow();
  });

  it('partDetails, compareParts, findReplacements and matchBomLine answer from the catalogue', async () => {
    const d = await call('partDetails', { mpn: 'AO3400A' });
    expect(d.data).toMatchObject({ found: true, mpn: 'AO3400A', package: 'SOT-23', params: { drainCurrent: '5.7 A' } });
    await checkResult(d);
    expect((await call('partDetails', { mpn: 'QQQ000' })).data).toMatchObject({ found: false });

    const c = await call('compareParts', { parts: ['AO3400A', 'CJ2302'] });
    expect((c.data as { rows: { key: string; values: string[] }[] }).rows.find((row) => row.key === 'drainSourceVoltage')!.values).toEqual(['30 V', '20 V']);
    await checkResult(c);
    expect(() => tool('compareParts').input.parse({ parts: ['A'] })).toThrow();

    const f = await call('findReplacements', { part: 'RC0603FR-0710KL' });
    expect((f.data as { list: { mpn: string; grade: string }[] }).list[0]).toMatchObject({ mpn: '0603WAF1002T5E', grade: 'dropIn' });
    await checkResult(f);

    const m = await call('matchBomLine', { mpn: 'AO3400A' });
    expect((m.data as { status: string; candidates: { mpn: string }[] }).candidates[0]!.mpn).toBe('AO3400A');
    await checkResult(m);
    expect(() => tool('matchBomLine').input.parse({})).toThrow();
  });

  it('keeps to Chinese brands also when there are more of them than a search filter takes', async () => {
    // 60 more brands recorded as Chinese (without parts): the search runs unfiltered and its best page is kept to them.
    await database.db.insert(brands).values(Array.from({ length: 60 }, (_, i) => ({ key: `cn-extra-${i}`, nameZh: `测试品牌${i}`, nameEn: `Test brand ${i}`, country: 'CN' })));
    const r = await call('searchParts', { keyword: 'MOS管', domestic: true });
    expect(r.parts!.map((p) => p.mpn).sort()).toEqual(['CJ2302', 'CJ3400']);
    expect((r.data as { total: number }).total).toBe(2);
  });
});
