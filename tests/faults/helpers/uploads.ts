import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The uploads the fault tests send: a BOM as CSV (rows of real-looking lines) and a KiCad project
// from the test fixtures as loose files, both through the real routes.

export function bomCsv(rows: number, tag: string): string {
  const lines = ['Designator,Quantity,MPN,Description'];
  for (let i = 1; i <= rows; i++) lines.push(`R${i},1,RC0603FR-07${String(i % 1000).padStart(3, '0')}RL,${tag} resistor ${i} 0603 1%`);
  return `${lines.join('\n')}\n`;
}

export function bomForm(csv: string, name: string): FormData {
  const form = new FormData();
  form.append('file', new File([csv], `${name}.csv`, { type: 'text/csv' }));
  return form;
}

const PROJECT = join(import.meta.dirname, '../../fixtures/kicad/projects/bitaxe-ultra');

/** The bitaxe-ultra fixture project's KiCad files as a multipart body (several MB of board). */
export function designForm(): FormData {
  const form = new FormData();
  for (const name of readdirSync(PROJECT).filter((n) => /\.kicad_(pro|sch|pcb)$/.test(n)).sort()) {
    form.append('file', new Blob([readFileSync(join(PROJECT, name))]), name);
  }
  return form;
}
