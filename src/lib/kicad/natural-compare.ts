// Natural order for references, pin numbers and net names: R2 < R10, U1A < U1B.

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'variant' });

/** Compares strings with digit runs as numbers (R2 < R10); ties broken by plain order so the result is total. */
export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
