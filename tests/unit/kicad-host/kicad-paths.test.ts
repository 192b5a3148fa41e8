import { describe, expect, it } from 'vitest';
import { kicadVariantPath } from '../../../src/lib/client/kicad-host/kicad-paths.ts';

describe('kicadVariantPath (ADR 0015 §1 table)', () => {
  it.each([
    ['/api/chiplet/u/cate', '/api/chiplet/u/kicad/cate'],
    ['/api/chiplet/u/cate/save', '/api/chiplet/u/kicad/cate/save'],
    ['/api/chiplet/u/comp', '/api/chiplet/u/kicad/comp'],
    ['/api/chiplet/u/comp/symbolSvg?id=3', '/api/chiplet/u/kicad/comp/symbolSvg?id=3'],
    ['/api/chiplet/u/fragment/list', '/api/chiplet/u/kicad/fragment/list'],
    ['/api/chiplet/u/collect', '/api/chiplet/u/kicad/collect'],
    ['/api/chiplet/u/base/get', '/api/chiplet/u/kicad/base/get'],
    ['/api/chiplet/products/cateTree', '/api/chiplet/products/kicad/cateTree'],
    ['/api/chiplet/products/queryPage', '/api/chiplet/products/kicad/queryPage'],
    ['/api_module/moduleCategory/list', '/api_module/kicad/moduleCategory/list'],
    ['/api_module/module/page', '/api_module/kicad/module/page'],
    ['/api/file/operation/persistence/file', '/api/file/operation/kicad/persistence/file'],
    ['http://127.0.0.1:4501/api/chiplet/products/queryPage?x=1', 'http://127.0.0.1:4501/api/chiplet/products/kicad/queryPage?x=1'],
  ])('%s → %s', (from, to) => expect(kicadVariantPath(from)).toBe(to));

  it.each(['/api/chiplet/u/comparison', '/api/chiplet/u/kicad/comp', '/api/chiplet/products/queryPageX', '/api/chiplet/products/detail', '/api/chiplet/u/base/getX', '/api_module/modules', 'https://example.com'])(
    'leaves %s alone',
    (url) => expect(kicadVariantPath(url)).toBe(url),
  );
});
