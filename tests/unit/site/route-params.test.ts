import { describe, expect, it } from 'vitest';
import { hidesChrome } from '../../../src/lib/site/page-chrome.ts';
import { filterPageParams, routeParam } from '../../../src/lib/site/route-params.ts';
import { sanitizeRequestUrl } from '../../../src/lib/server/request-url.ts';
import { buildCategoryTree, filterPageHref } from '../../../src/lib/catalog/catalog.ts';

describe('route parameters', () => {
  it('accepts absent and well-formed values, rejects the rest', () => {
    expect(routeParam(undefined, /^\w+$/)).toBe('');
    expect(routeParam('STM32F103C8T6', /^\w+$/)).toBe('STM32F103C8T6');
    expect(routeParam('a/b', /^[\w/]+$/)).toBeNull();
    expect(routeParam('%zz', /^\w+$/)).toBeNull();
    expect(filterPageParams('12/微控制器')).toEqual({ cateId: 12, cateName: '微控制器' });
    expect(filterPageParams('12')).toEqual({ cateId: 12, cateName: '' });
    expect(filterPageParams('x/y')).toBeNull();
    expect(filterPageParams('1/2/3')).toBeNull();
  });

  it('repairs broken percent-escapes instead of failing', () => {
    expect(sanitizeRequestUrl('/productDetail/%zz')).toBe('/productDetail/%25zz');
    expect(sanitizeRequestUrl('/a%E5%BE%AE')).toBe('/a%E5%BE%AE');
    expect(() => decodeURI(sanitizeRequestUrl('/x/%E5%BE'))).not.toThrow();
    expect(() => decodeURI(sanitizeRequestUrl('/x/%'))).not.toThrow();
  });

  it('hides header and footer on the nine segments', () => {
    for (const p of ['/symbolSelector', '/library', '/addSymbolDevice', '/addFragment', '/login', '/addComponentType', '/addDesignBlockType', '/modifyFragment', '/addProject'])
      expect(hidesChrome(p), p).toBe(true);
    expect(hidesChrome('/bom')).toBe(false);
  });
});

describe('category tree', () => {
  it('nests children and lifts level-2 nodes whose parent is not level 1', () => {
    const tree = buildCategoryTree([
      { cateId: 1, cateName: '集成电路', cateNameEn: 'ICs', level: 1, parentId: null },
      { cateId: 10, cateName: '微控制器', cateNameEn: 'MCU', level: 2, parentId: 1 },
      { cateId: 100, cateName: 'ARM', cateNameEn: 'ARM', level: 3, parentId: 10 },
      { cateId: 20, cateName: '孤儿', cateNameEn: 'Orphan', level: 2, parentId: 10 },
      { cateId: 21, cateName: '无父', cateNameEn: 'No parent', level: 2, parentId: 999 },
    ]);
    expect(tree.map((n) => n.cateId)).toEqual([1, 20, 21]);
    expect(tree[0]!.children.map((n) => n.cateId)).toEqual([10]);
    expect(tree[0]!.children[0]!.children.map((n) => n.cateId)).toEqual([100]);
    expect(filterPageHref({ cateId: 10 }, '微控制器 MCU', 'zh')).toBe('/filterPage/10/%E5%BE%AE%E6%8E%A7%E5%88%B6%E5%99%A8%20MCU');
    expect(filterPageHref({ cateId: 10 }, 'MCU', 'en')).toBe('/en/filterPage/10/MCU');
  });
});
