import { describe, expect, it } from 'vitest';
import { assertTransition, canTransition, isTerminal, JOB_STATES, JobTransitionError, mergeProgress, NO_PROGRESS, ProgressThrottle } from '../../../src/lib/jobs/jobs.ts';

describe('job states', () => {
  it('allows the lifecycle and nothing out of a final state', () => {
    expect(canTransition('queued', 'running')).toBe(true);
    expect(canTransition('queued', 'cancelled')).toBe(true);
    expect(canTransition('running', 'succeeded')).toBe(true);
    expect(canTransition('running', 'failed')).toBe(true);
    expect(canTransition('running', 'cancelled')).toBe(true);
    expect(canTransition('queued', 'succeeded')).toBe(false);
    for (const final of ['succeeded', 'failed', 'cancelled'] as const) {
      expect(isTerminal(final)).toBe(true);
      for (const to of JOB_STATES) expect(canTransition(final, to)).toBe(false);
    }
    expect(isTerminal('running')).toBe(false);
    expect(() => assertTransition('succeeded', 'running')).toThrow(JobTransitionError);
    expect(() => assertTransition('succeeded', 'running')).toThrow('a succeeded job cannot become running');
  });
});

describe('progress', () => {
  it('writes the first report, phase changes and the end, else once per interval', () => {
    const t = new ProgressThrottle(1000);
    const p = (done: number, phase = 'load', total: number | null = 100) => ({ done, total, phase, message: null });
    const written: number[] = [];
    for (let ms = 0; ms < 2500; ms += 10) if (t.offer(p(Math.floor(ms / 30)), ms)) written.push(ms);
    // 250 reports over 2.5 s: written at 0, 1000 and 2000 only.
    expect(written).toEqual([0, 1000, 2000]);
    expect(t.offer(p(84, 'index'), 2010)).toBe(true);
    expect(t.offer(p(90, 'index'), 2020)).toBe(false);
    expect(t.offer(p(100, 'index'), 2030)).toBe(true);
    expect(t.offer(p(100, 'index'), 2040)).toBe(false);
  });

  it('merges partial reports; a new phase starts from nothing', () => {
    const a = mergeProgress(NO_PROGRESS, { phase: 'read', total: 10 });
    const b = mergeProgress(a, { done: 4, message: 'file 4' });
    expect(b).toEqual({ done: 4, total: 10, phase: 'read', message: 'file 4' });
    expect(mergeProgress(b, { phase: 'write', done: 1 })).toEqual({ done: 1, total: null, phase: 'write', message: null });
    expect(mergeProgress(b, { total: null })).toEqual({ done: 4, total: null, phase: 'read', message: 'file 4' });
  });
});
