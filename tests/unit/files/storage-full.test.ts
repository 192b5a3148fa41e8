import { describe, expect, it } from 'vitest';
import { storageFull } from '../../../src/lib/files/storage-full.ts';

describe('storageFull', () => {
  it('recognises ENOSPC and EDQUOT, also wrapped in a cause', () => {
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(storageFull(enospc)).toBe(true);
    expect(storageFull(Object.assign(new Error('quota'), { code: 'EDQUOT' }))).toBe(true);
    expect(storageFull(new Error('upload failed', { cause: enospc }))).toBe(true);
  });

  it('leaves every other failure alone', () => {
    expect(storageFull(Object.assign(new Error('gone'), { code: 'ENOENT' }))).toBe(false);
    expect(storageFull(new Error('no space left on device'))).toBe(false);
    expect(storageFull(null)).toBe(false);
    expect(storageFull('ENOSPC')).toBe(false);
  });
});
