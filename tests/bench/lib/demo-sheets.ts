// The schematic benches' input: every .kicad_sch of Debian's kicad-demos, and the largest of them.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const DEMOS = '/usr/share/kicad/demos';

export function demoSheets(): string[] {
  const out: string[] = [];
  if (!existsSync(DEMOS)) return out;
  const pending = [DEMOS];
  for (let d = pending.pop(); d !== undefined; d = pending.pop()) {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) pending.push(p);
      else if (e.name.endsWith('.kicad_sch')) out.push(p);
    }
  }
  return out.sort();
}

/** The largest demo sheet (the budget's "largest demo schematic sheet"), or undefined without kicad-demos. */
export function largestDemoSheet(): string | undefined {
  return [...demoSheets()].sort((a, b) => statSync(b).size - statSync(a).size)[0];
}
