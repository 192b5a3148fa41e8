import { describe, expect, it } from 'vitest';
import { installCommand, missingNeeds, SYSTEM_NEEDS, type SystemNeed } from '../../../scripts/lib/system-needs.ts';

// Issue #31 item 6: `npm test` checks its system needs first, for the steps it will run.
describe('npm test system needs', () => {
  const needs: SystemNeed[] = [
    { pkg: 'haproxy', steps: ['scale'], present: () => false },
    { pkg: 'chromium', steps: ['e2e', 'catalog'], present: () => true },
    { pkg: 'postgresql-15', steps: ['faults', 'scale'], present: () => false },
  ];

  it('names only what the wanted steps need and the machine lacks', () => {
    expect(missingNeeds((s) => s === 'unit', needs)).toEqual([]);
    expect(missingNeeds((s) => s === 'scale', needs).map((n) => n.pkg)).toEqual(['haproxy', 'postgresql-15']);
    expect(missingNeeds((s) => s === 'faults', needs).map((n) => n.pkg)).toEqual(['postgresql-15']);
    expect(missingNeeds(() => true, needs).map((n) => n.pkg)).toEqual(['haproxy', 'postgresql-15']);
  });

  it('gives the exact command to run', () => {
    expect(installCommand(['haproxy', 'postgresql-15'])).toBe('apt-get update && apt-get install -y haproxy postgresql-15');
  });

  it('covers every step that uses a system package', () => {
    const steps = new Set(SYSTEM_NEEDS.flatMap((n) => n.steps));
    for (const step of ['e2e', 'catalog', 'faults', 'scale']) expect(steps.has(step)).toBe(true);
    expect(SYSTEM_NEEDS.find((n) => n.pkg === 'haproxy')?.steps).toContain('scale');
  });
});
