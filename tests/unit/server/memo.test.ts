import { describe, expect, it } from 'vitest';
import { createMemo } from '../../../src/lib/server/memo.server.ts';

/** A loader that counts its calls and answers what `next` says. */
function loader<V>(next: () => Promise<V>) {
  const counter = { calls: 0, load: () => (counter.calls++, next()) };
  return counter;
}

describe('memo', () => {
  const dbA = {};
  const dbB = {};

  it('keeps a value per database and key until its time is up', async () => {
    const memo = createMemo<string, number>({ ttlMs: 1000 });
    let n = 0;
    const l = loader(async () => ++n);
    expect(await memo.get(dbA, 'k', l.load, 0)).toBe(1);
    expect(await memo.get(dbA, 'k', l.load, 999)).toBe(1);
    expect(await memo.get(dbA, 'other', l.load, 999)).toBe(2);
    expect(await memo.get(dbB, 'k', l.load, 999)).toBe(3);
    expect(await memo.get(dbA, 'k', l.load, 1000)).toBe(4);
    expect(l.calls).toBe(4);
  });

  it('shares one load between concurrent callers', async () => {
    const memo = createMemo<string, string>({ ttlMs: 1000 });
    let release!: (v: string) => void;
    const l = loader(() => new Promise<string>((resolve) => (release = resolve)));
    const first = memo.get(dbA, 'k', l.load, 0);
    const second = memo.get(dbA, 'k', l.load, 1);
    release('once');
    expect(await Promise.all([first, second])).toEqual(['once', 'once']);
    expect(l.calls).toBe(1);
  });

  it('does not keep a failure: the next call loads again', async () => {
    const memo = createMemo<string, string>({ ttlMs: 1000 });
    let fail = true;
    const l = loader(async () => {
      if (fail) throw new Error('database down');
      return 'back';
    });
    await expect(memo.get(dbA, 'k', l.load, 0)).rejects.toThrow('database down');
    fail = false;
    expect(await memo.get(dbA, 'k', l.load, 1)).toBe('back');
    expect(l.calls).toBe(2);
  });

  it('answers but does not keep a value `keep` rejects', async () => {
    const memo = createMemo<string, number[]>({ ttlMs: 1000, keep: (rows) => rows.length > 0 });
    let rows: number[] = [];
    const l = loader(async () => rows);
    expect(await memo.get(dbA, 'k', l.load, 0)).toEqual([]);
    rows = [1];
    expect(await memo.get(dbA, 'k', l.load, 1)).toEqual([1]);
    rows = [2];
    expect(await memo.get(dbA, 'k', l.load, 2)).toEqual([1]);
    expect(l.calls).toBe(2);
  });

  it('drops the oldest entry past maxEntries', async () => {
    const memo = createMemo<number, number>({ ttlMs: 1000, maxEntries: 2 });
    let calls = 0;
    const load = (v: number) => async () => (calls++, v);
    await memo.get(dbA, 1, load(1), 0);
    await memo.get(dbA, 2, load(2), 0);
    await memo.get(dbA, 3, load(3), 0);
    expect(calls).toBe(3);
    await memo.get(dbA, 3, load(3), 1);
    await memo.get(dbA, 2, load(2), 1);
    expect(calls).toBe(3);
    await memo.get(dbA, 1, load(1), 1);
    expect(calls).toBe(4);
  });

  it('clear forgets one database only, and a load started before clear does not evict a newer one', async () => {
    const memo = createMemo<string, string>({ ttlMs: 1000 });
    let calls = 0;
    await memo.get(dbA, 'k', async () => (calls++, 'a1'), 0);
    await memo.get(dbB, 'k', async () => (calls++, 'b1'), 0);
    let reject!: (e: Error) => void;
    const stale = memo.get(dbA, 'slow', () => new Promise<string>((_, r) => (reject = r)), 0);
    memo.clear(dbA);
    expect(await memo.get(dbA, 'k', async () => (calls++, 'a2'), 1)).toBe('a2');
    expect(await memo.get(dbB, 'k', async () => (calls++, 'b2'), 1)).toBe('b1');
    const fresh = await memo.get(dbA, 'slow', async () => 'fresh', 1);
    reject(new Error('late failure'));
    await expect(stale).rejects.toThrow('late failure');
    expect(await memo.get(dbA, 'slow', async () => 'reloaded', 2)).toBe(fresh);
    expect(calls).toBe(3);
  });
});
