import { describe, expect, it } from 'vitest';
import { isLibraryModelKey, modelFormat, modelKey, previewCandidates } from '../../../src/lib/catalog/model3d/model-paths.ts';

describe('3D model paths', () => {
  it('keys a footprint model path by its place in the KiCad 3D library', () => {
    expect(modelKey('${KICAD6_3DMODEL_DIR}/Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.wrl')).toBe('Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.wrl');
    expect(modelKey('${KICAD8_3DMODEL_DIR}\\Package_SO.3dshapes\\SOIC-8.step')).toBe('Package_SO.3dshapes/SOIC-8.step');
    expect(modelFormat('a.3dshapes/B.STEP')).toBe('step');
    expect(modelFormat('a.3dshapes/b.stl')).toBeNull();
  });

  it('falls back from a STEP file to its VRML twin for the preview', () => {
    expect(previewCandidates('${KICAD8_3DMODEL_DIR}/Package_SO.3dshapes/SOIC-8.step')).toEqual(['Package_SO.3dshapes/SOIC-8.step', 'Package_SO.3dshapes/SOIC-8.wrl']);
    expect(previewCandidates('Package_SO.3dshapes/SOIC-8.wrl')).toEqual(['Package_SO.3dshapes/SOIC-8.wrl']);
    expect(previewCandidates('model.obj')).toEqual([]);
  });

  it('accepts only <Library>.3dshapes/<file> keys', () => {
    expect(isLibraryModelKey('Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.wrl')).toBe(true);
    for (const bad of ['../etc/passwd.wrl', '/abs.3dshapes/x.wrl', 'Package_SO.3dshapes/../../x.wrl', 'nodir.wrl', 'a/b/c.3dshapes/x.wrl', 'Lib.3dshapes/x.txt', 'Lib.3dshapes/a\u0000.wrl', 'Lib.3dshapes\\x.wrl', '.3dshapes/x.wrl']) {
      expect(isLibraryModelKey(bad), bad).toBe(false);
    }
  });
});
