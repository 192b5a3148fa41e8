import { zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildPlacementPayload, classifyZipFiles, MissingAssetError, withProvenance, type BundleEntry } from '../../../src/lib/kicad-host/placement.ts';
import { parseSymbolLibrary } from '../../../src/lib/kicad/symbol-lib.ts';

// The pure payload builder: which zip file is which, the provenance fields (replaced, not doubled),
// the DL_COMPONENT bundle and the single-file commands, and a missing file refused.

const SYMBOL_LIB = `(kicad_symbol_lib (version 20231120) (generator test)
  (symbol "R" (pin_numbers hide) (in_bom yes) (on_board yes)
    (property "Reference" "R" (at 2 0 90) (effects (font (size 1.27 1.27))))
    (property "Value" "R" (at 0 0 90) (effects (font (size 1.27 1.27))))
    (property "Chipedia_Check" "stale" (at 0 0 0) (effects (font (size 1.27 1.27)) hide))
    (symbol "R_0_1" (rectangle (start -1 -2) (end 1 2) (stroke (width 0.25) (type default)) (fill (type none))))
    (symbol "R_1_1" (pin passive line (at 0 3.81 270) (length 1.27) (name "~" (effects (font (size 1.27 1.27)))) (number "1" (effects (font (size 1.27 1.27))))))
  )
)`;
const files = [
  { name: 'R/R.kicad_sym', data: Buffer.from(SYMBOL_LIB) },
  { name: 'R/R.pretty/R_0603.kicad_mod', data: Buffer.from('(footprint "R_0603")') },
  { name: 'R/3d/R_0603.step', data: Buffer.from('ISO-10303-21;') },
  { name: 'R/LICENSE.txt', data: Buffer.from('licence') },
];
const provenance = { source: 'test', date: '2026-11-24', check: 'ok', url: 'http://x/productDetail/R' };
const base = { name: 'R', image: '', files, check: { quality: 'ok', checkedAt: null }, provenance };

describe('placement payload builder', () => {
  it('classifies the zip’s files and leaves the licence note out', () => {
    const c = classifyZipFiles(files);
    expect([c.symbol?.name, c.footprint?.name, c.model?.name]).toEqual(['R/R.kicad_sym', 'R/R.pretty/R_0603.kicad_mod', 'R/3d/R_0603.step']);
  });
  it('writes the four fields once, hidden, replacing an earlier one', () => {
    const { text } = withProvenance(SYMBOL_LIB, 'R.kicad_sym', provenance);
    const sym = parseSymbolLibrary(text, 'R.kicad_sym').symbols[0]!;
    const ours = sym.properties.filter((p) => p.key.startsWith('Chipedia_'));
    expect(ours.map((p) => [p.key, p.value, p.hidden])).toEqual([
      ['Chipedia_Source', 'test', true],
      ['Chipedia_Date', '2026-11-24', true],
      ['Chipedia_Check', 'ok', true],
      ['Chipedia_URL', 'http://x/productDetail/R', true],
    ]);
  });
  it('DL_COMPONENT bundles every file with its checksum; STEP models are typed as such', () => {
    const p = buildPlacementPayload({ ...base, command: 'DL_COMPONENT' });
    const bundle = JSON.parse(zstdDecompressSync(Buffer.from(p.data, 'base64')).toString('utf8')) as BundleEntry[];
    expect(bundle.map((b) => [b.type, b.name])).toEqual([
      ['symbol', 'R'],
      ['footprint', 'R_0603'],
      ['3dmodel', 'R_0603.step'],
    ]);
    expect(zstdDecompressSync(Buffer.from(bundle[1]!.content, 'base64')).toString()).toBe('(footprint "R_0603")');
    expect(p.assets[2]!.parameters.content_type).toBe('KICAD_3D_MODEL_STEP');
  });
  it('a single-file command carries that file as the data, placed', () => {
    const p = buildPlacementPayload({ ...base, command: 'DL_FOOTPRINT' });
    expect(p.parameters).toMatchObject({ mode: 'PLACE', content_type: 'KICAD_FOOTPRINT_V1', name: 'R_0603' });
    expect(zstdDecompressSync(Buffer.from(p.data, 'base64')).toString()).toBe('(footprint "R_0603")');
  });
  it('refuses a command whose file the part lacks', () => {
    expect(() => buildPlacementPayload({ ...base, files: files.slice(0, 2), command: 'DL_3DMODEL' })).toThrow(MissingAssetError);
    expect(() => buildPlacementPayload({ ...base, files: files.slice(2), command: 'DL_COMPONENT' })).toThrow(MissingAssetError);
  });
});
