// Sheet reference images from the schematic PDFs that fixture projects publish themselves
// (tests/fixtures/kicad/projects/*/, see SOURCES.md): each page rasterised with poppler's
// pdftoppm at the sheet scale, binarised by "not background", written as a 1-bit PNG under
// tests/fixtures/kicad/reference/sheets with sheets.json (page → sheet file, frame). The page →
// sheet mapping is read from the title block text on the page ("File: name.kicad_sch").
//
//   npx node scripts/kicad-sheet-references.ts
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSchematic } from '../src/lib/kicad/schematic.ts';
import { inkCount, writeMaskPng } from '../tests/unit/kicad/fidelity/mask.ts';
import { inkOfColourImage, pageFrame, SHEET_PX_PER_MM, type SheetReference } from '../tests/unit/kicad/fidelity/sheet-frame.ts';

const PROJECTS = fileURLToPath(new URL('../tests/fixtures/kicad/projects/', import.meta.url));
const OUT = fileURLToPath(new URL('../tests/fixtures/kicad/reference/sheets/', import.meta.url));

/** PDFs plotted by eeschema itself at page size (the bitaxe PDF has no text layer to map pages by). */
const PDFS = [
  { project: 'libresolar-bms-c1', pdf: 'bms-c1.pdf' },
  { project: 'olimex-mod-esp32-c5', pdf: 'MOD-ESP32-C5_Rev_A.pdf' },
];

function pages(pdf: string): number {
  const m = /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }));
  return Number(m?.[1] ?? 0);
}

/** The sheet file named in the page's title block (the last "File:" on the page: sheet symbols on a root page name theirs first). */
function sheetFileOfPage(pdf: string, page: number): string | null {
  const text = execFileSync('pdftotext', ['-f', String(page), '-l', String(page), pdf, '-'], { encoding: 'utf8' });
  const names = [...text.matchAll(/File:\s*(\S+\.kicad_sch)/g)].map((m) => m[1] as string);
  return names.at(-1) ?? null;
}

async function main(): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), 'sheet-ref-'));
  const sheets: SheetReference[] = [];
  try {
    for (const { project, pdf } of PDFS) {
      const pdfPath = join(PROJECTS, project, pdf);
      mkdirSync(join(OUT, project), { recursive: true });
      for (let page = 1; page <= pages(pdfPath); page++) {
        const sheet = sheetFileOfPage(pdfPath, page);
        if (!sheet) throw new Error(`${pdf} page ${page}: no "File:" in its title block`);
        const sch = parseSchematic(readFileSync(join(PROJECTS, project, sheet)), sheet);
        const frame = pageFrame(sch.paper);
        const base = join(tmp, `p${page}`);
        execFileSync('pdftoppm', ['-f', String(page), '-l', String(page), '-singlefile', '-png', '-scale-to-x', String(frame.width), '-scale-to-y', String(frame.height), pdfPath, base]);
        const mask = await inkOfColourImage(readFileSync(`${base}.png`));
        const png = `${project}/${sheet.replace(/\.kicad_sch$/, '')}.png`;
        await writeMaskPng(mask, join(OUT, png));
        sheets.push({ project, sheet, pdf, page, png, ink: inkCount(mask), frame });
        console.log(project, page, sheet, frame.width, frame.height);
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  writeFileSync(join(OUT, 'sheets.json'), JSON.stringify({ pxPerMm: SHEET_PX_PER_MM, sheets }, null, 2) + '\n');
}

await main();
