import { describe, expect, it } from 'vitest';
import type { AiPart } from '../../../src/lib/ai/ai.ts';
import { cell, citationList, comparisonTable, listText, noticeLine, partsTable, replacementsTable } from '../../../src/lib/ai/compose.ts';

// The retrieval assistant's Markdown: notices per reason, escaped cells, tables in zh and en.

const part = (mpn: string, matched: string[] = []): AiPart => ({
  mfgMpnCode: `${mpn}_x`,
  mpn,
  brandName: 'Brand',
  cateName: 'LDO',
  package: 'SOT-223',
  params: [
    { key: 'outputCurrent', name: 'Output Current', value: '1 A' },
    { key: 'outputVoltage', name: 'Output Voltage', value: '3.3 V' },
  ],
  url: `/detail?mfgMpnCode=${mpn}_x`,
  matched,
});

describe('compose', () => {
  it('states why no model answered, per reason and language', () => {
    expect(noticeLine('no-model', 'zh')).toContain('当前未配置语言模型');
    expect(noticeLine('no-model', 'en')).toContain('No language model is configured');
    expect(noticeLine('budget', 'en')).toContain('budget');
    expect(noticeLine('provider-error', 'zh')).toContain('暂时不可用');
  });

  it('escapes cells so catalogue or PDF text cannot break a table or add links and markup', () => {
    expect(cell('a | b\nc')).toBe('a \\| b c');
    expect(cell('[click](javascript:alert(1))')).toBe('\\[click\\](javascript:alert(1))');
    expect(cell('<script>x</script>')).toBe('\\<script\\>x\\</script\\>');
    expect(cell('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(cell('')).toBe(' ');
  });

  it('lays out a ranked parts table with the matched parameters first and in bold', () => {
    const md = partsTable([part('AMS1117-3.3', ['outputVoltage'])], 'en');
    expect(md.split('\n')[0]).toBe('| # | Part number | Brand | Package | Matching parameters |');
    expect(md).toContain('| 1 | [AMS1117-3.3](/detail?mfgMpnCode=AMS1117-3.3_x) | Brand | SOT-223 | **Output Voltage** 3.3 V; Output Current 1 A |');
    expect(partsTable([part('X1')], 'zh').split('\n')[0]).toBe('| # | 型号 | 品牌 | 封装 | 匹配的参数 |');
  });

  it('lays out comparisons, replacements and citations', () => {
    const cmp = comparisonTable(
      {
        parts: [part('A1'), part('B2')],
        rows: [{ name: 'Output Current', values: ['1 A', '800 mA'] }],
      },
      'en',
    );
    expect(cmp).toContain('| Parameter | A1 | B2 |');
    expect(cmp).toContain('| Output Current | 1 A | 800 mA |');
    expect(replacementsTable([{ part: part('B2'), grade: '可直接替换', reason: '同封装' }], 'zh')).toContain('| 1 | [B2](/detail?mfgMpnCode=B2_x) | Brand | SOT-223 | 可直接替换 | 同封装 |');
    const cites = citationList(
      [
        {
          datasheetId: 'd1',
          title: 'TPS5430 datasheet',
          page: 4,
          text: 'VIN 5.5 V to 36 V',
          url: '/api/rag/datasheet/d1/file#page=4',
        },
      ],
      'en',
    );
    expect(cites).toBe('- VIN 5.5 V to 36 V [(TPS5430 datasheet, page 4)](/api/rag/datasheet/d1/file#page=4)\n');
    expect(
      citationList(
        [
          {
            datasheetId: 'd1',
            title: 'TPS5430',
            page: 4,
            text: 't',
            url: '/f#page=4',
          },
        ],
        'zh',
      ),
    ).toContain('（TPS5430，第 4 页）');
  });

  it('joins lists per language', () => {
    expect(listText(['A', 'B', 'C'], 'en')).toBe('A, B and C');
    expect(listText(['A', 'B'], 'zh')).toBe('A 和 B');
  });
});
