import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOM_READ_LIMITS } from '../../../../src/lib/bom/read/limits.ts';
import { READ_BOM_TASK } from '../../../../src/lib/bom/read/read-task.ts';
import { readBomFile } from '../../../../src/lib/bom/read/read-bom-file.ts';
import { WorkerPool } from '../../../../src/lib/jobs/worker-pool.server.ts';

// The read step as the upload will run it: in the jobs' worker pool, the bytes transferred.

let pool: WorkerPool;
beforeAll(() => {
  pool = new WorkerPool({ size: 1 });
});
afterAll(async () => {
  await pool?.close();
});

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../fixtures/bom/read/${name}`, import.meta.url)));

describe('readBomTask in the worker pool', () => {
  it('reads a workbook off the main thread: the bytes move to the worker, the same sheets come back', async () => {
    const bytes = fixture('altium-title-block.xlsx');
    const expected = readBomFile(bytes, 'PowerBoard.xlsx');
    const out = await pool.run(READ_BOM_TASK, { bytes, fileName: 'PowerBoard.xlsx' }, { transfer: [bytes.buffer as ArrayBuffer] });
    expect(bytes.byteLength).toBe(0); // transferred, not copied
    expect(out).toEqual({ ok: true, result: expected });
  });

  it('a refused file comes back as its problem key and numbers, not as a crash', async () => {
    const csv = Buffer.from(['Ref,Qty', ...Array.from({ length: 30 }, (_, i) => `R${i},1`)].join('\n'));
    const limits = { ...BOM_READ_LIMITS, maxRows: 10 };
    expect(await pool.run(READ_BOM_TASK, { bytes: new Uint8Array(csv), fileName: 'b.csv', limits })).toEqual({
      ok: false,
      problem: { key: 'bom.read.tooManyRows', vars: { sheet: 'b', max: 10 } },
    });
    expect(await pool.run(READ_BOM_TASK, { bytes: fixture('password-protected.xlsx'), fileName: 'p.xlsx' })).toEqual({ ok: false, problem: { key: 'bom.read.encrypted', vars: {} } });
  });
});

