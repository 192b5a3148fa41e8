import { describe, expect, it } from 'vitest';
import { componentKicadRefs, kicadPathOf, partKicadRefs } from '../../../src/lib/kicad-host/kicad-ids.ts';

// The server side of ADR 0015's variant table and the `kicad` refs a variant adds (pure).

describe('kicadPathOf', () => {
  it('maps each plain path of the ADR 0015 table to its variant (paths inside /api and /api_module)', () => {
    const table: [string, string][] = [
      ['/chiplet/u/cate', '/chiplet/u/kicad/cate'],
      ['/chiplet/u/cate/save', '/chiplet/u/kicad/cate/save'],
      ['/chiplet/u/comp/one', '/chiplet/u/kicad/comp/one'],
      ['/chiplet/u/fragment/del', '/chiplet/u/kicad/fragment/del'],
      ['/chiplet/u/collect/get', '/chiplet/u/kicad/collect/get'],
      ['/chiplet/u/base/get', '/chiplet/u/kicad/base/get'],
      ['/chiplet/products/cateTree', '/chiplet/products/kicad/cateTree'],
      ['/chiplet/products/queryPage', '/chiplet/products/kicad/queryPage'],
      ['/file/operation/persistence/file', '/file/operation/kicad/persistence/file'],
      ['/moduleCategory/list', '/kicad/moduleCategory/list'],
      ['/module/detail', '/kicad/module/detail'],
    ];
    for (const [plain, variant] of table) expect(kicadPathOf(plain)).toBe(variant);
  });

  it('refuses a path without a variant (a programming error, caught at start)', () => {
    expect(() => kicadPathOf('/chiplet/user/collect/prod')).toThrow(/No kicad variant/);
  });
});

describe('KiCad refs', () => {
  it('a catalogue part: Library:Name ids, previews only for what it has, the placement URL', () => {
    const refs = partKicadRefs('https://chipedia.example', {
      mfgMpnCode: 'NE555D_ti',
      symbol: { library: 'Timer', name: 'NE555D' },
      footprint: { library: 'Package_SO', name: 'SOIC-8_3.9x4.9mm_P1.27mm' },
      has3d: false,
    });
    expect(refs).toEqual({
      symbolLibId: 'Timer:NE555D',
      footprintLibId: 'Package_SO:SOIC-8_3.9x4.9mm_P1.27mm',
      symbolUrl: 'https://chipedia.example/api/chiplet/products/symbol.svg?mfgMpnCode=NE555D_ti',
      footprintUrl: 'https://chipedia.example/api/chiplet/products/footprint.svg?mfgMpnCode=NE555D_ti',
      model3dUrl: null,
      placementUrl: 'https://chipedia.example/api/chiplet/kicad/placement',
    });
    const bare = partKicadRefs('http://x', { mfgMpnCode: 'A~B', symbol: null, footprint: null, has3d: true });
    expect([bare.symbolLibId, bare.footprintLibId, bare.symbolUrl, bare.footprintUrl, bare.model3dUrl]).toEqual([null, null, null, null, null]);
  });

  it('an own component: the library named after its MPN as its zip names it', () => {
    const refs = componentKicadRefs('http://x', { id: 7, mpn: 'OPA333 AIDR/2', symbolName: 'OPA333xxD', footprintName: 'SOIC-8', has3d: true });
    expect(refs.symbolLibId).toBe('OPA333_AIDR_2:OPA333xxD');
    expect(refs.footprintLibId).toBe('OPA333_AIDR_2:SOIC-8');
    expect(refs.model3dUrl).toBe('http://x/api/chiplet/u/comp/model3d?userCompId=7');
  });
});
