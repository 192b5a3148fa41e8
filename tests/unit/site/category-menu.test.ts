import { describe, expect, it } from 'vitest';
import type { CategoryNode } from '../../../src/lib/catalog/catalog.ts';
import { categoryMenuHtml } from '../../../src/lib/catalog/category-menu.ts';

const categories: CategoryNode[] = [
  { cateId: 1, cateName: '集成电路', cateNameEn: 'ICs', level: 1, parentId: null },
  { cateId: 10, cateName: '放大器', cateNameEn: 'Amplifiers', level: 2, parentId: 1 },
  { cateId: 100, cateName: '运算放大器 <"&">', cateNameEn: 'Op-amps', level: 3, parentId: 10 },
];

describe('the header category menu HTML', () => {
  it('links every level to its filter page, names escaped, in the page language', () => {
    const zh = categoryMenuHtml(categories, 'zh');
    expect(zh).toContain('href="/filterPage/1/%E9%9B%86%E6%88%90%E7%94%B5%E8%B7%AF"');
    expect(zh).toContain('>运算放大器 &lt;&quot;&amp;&quot;&gt;</a>');
    expect(zh).not.toContain('<"&">');
    const en = categoryMenuHtml(categories, 'en');
    expect(en).toContain('href="/en/filterPage/100/Op-amps"');
    expect(en).toContain('>Amplifiers</a>');
    expect(en.match(/<a /g)).toHaveLength(3);
  });

  it('is built once per category list and locale, again for a new list', () => {
    expect(categoryMenuHtml(categories, 'zh')).toBe(categoryMenuHtml(categories, 'zh'));
    const renamed = categories.map((c) => (c.cateId === 1 ? { ...c, cateName: '芯片' } : c));
    expect(categoryMenuHtml(renamed, 'zh')).toContain('>芯片</a>');
  });
});
