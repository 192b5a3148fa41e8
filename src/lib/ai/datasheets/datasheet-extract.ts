import { getDocumentProxy } from 'unpdf';
import { documentPassages, rebuildLines, type Line, type PassageDraft, type TextItem } from './datasheet-text.ts';

// Reads a PDF's text layer page by page with pdf.js (through unpdf) and turns it into passages.
// Runs inside the jobs' worker pool (datasheet-extract-task.ts), never on the request loop. A PDF
// that cannot be indexed is an answer with the reason, not a crash: not a PDF, locked by a
// password, or without a text layer (scanned pages). Owner-password PDFs (print/copy flags only)
// open without a password, as in every viewer, so their text is indexed.

export type ExtractFailure = 'notPdf' | 'encrypted' | 'noText' | 'unreadable';

export type ExtractOutcome =
  | { ok: true; title: string; pages: number; passages: PassageDraft[]; firstPagesText: string }
  | { ok: false; reason: ExtractFailure; pages: number };

/** Pages read for the part numbers of the title and ordering information. */
export const FIRST_PAGES = 3;
/** At most this many pages are read (a 2,000-page reference manual is not a datasheet). */
export const MAX_PAGES = 600;
/** Fewer visible characters than this in the whole document: no text layer. */
const MIN_TEXT_CHARS = 40;

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** The bytes start with '%PDF-' (within the first 1 KB, as readers allow some junk before it). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const limit = Math.min(bytes.length - PDF_MAGIC.length, 1024);
  for (let at = 0; at <= limit; at++) {
    let hit = true;
    for (let i = 0; i < PDF_MAGIC.length; i++) {
      if (bytes[at + i] !== PDF_MAGIC[i]) {
        hit = false;
        break;
      }
    }
    if (hit) return true;
  }
  return false;
}

type RawItem = { str?: string; transform?: number[]; width?: number; height?: number };

/** pdf.js items to positions: x, y from the transform, the font height from its scale. */
export function toTextItems(raw: readonly RawItem[]): TextItem[] {
  const out: TextItem[] = [];
  for (const r of raw) {
    if (typeof r.str !== 'string' || !r.transform) continue;
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = r.transform;
    const vertical = Math.abs(b) > Math.abs(a) && Math.abs(c) > Math.abs(d);
    const size = vertical ? Math.hypot(a, b) : Math.hypot(c, d);
    out.push({ str: r.str, x: e, y: f, width: Math.abs(r.width ?? 0), height: r.height && r.height > 0 ? r.height : size });
  }
  return out;
}

function titleOf(info: Record<string, unknown> | undefined, pages: readonly (readonly Line[])[], fallback: string): string {
  const fromInfo = typeof info?.Title === 'string' ? info.Title.replace(/\s+/g, ' ').trim() : '';
  // Word-processor leftovers ('Microsoft Word - x.doc', 'CH340DS1.DOC') are not titles.
  if (fromInfo && !/\.(docx?|rtf|indd|pdf)$/i.test(fromInfo) && !/^microsoft word/i.test(fromInfo) && fromInfo.length <= 200) return fromInfo;
  // Else the first page's largest line.
  const first = pages[0] ?? [];
  let best: Line | null = null;
  for (const line of first.slice(0, 20)) if (!best || line.size > best.size) best = line;
  const text = best?.cells.join(' ').trim() ?? '';
  return (text.length >= 3 ? text : fallback).slice(0, 200);
}

export type ExtractOptions = {
  fallbackTitle: string;
  /** Called after each page (1-based count). */
  onPage?: (done: number, total: number) => void;
  /** Throws to cancel; checked between pages. */
  checkStopped?: () => void;
};

export async function extractPdf(bytes: Uint8Array, options: ExtractOptions): Promise<ExtractOutcome> {
  if (!looksLikePdf(bytes)) return { ok: false, reason: 'notPdf', pages: 0 };
  let doc;
  try {
    // A copy: pdf.js may transfer or detach the buffer it is given.
    doc = await getDocumentProxy(new Uint8Array(bytes), { stopAtErrors: false, isEvalSupported: false, verbosity: 0 });
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    if (name === 'PasswordException') return { ok: false, reason: 'encrypted', pages: 0 };
    if (name === 'InvalidPDFException') return { ok: false, reason: 'notPdf', pages: 0 };
    return { ok: false, reason: 'unreadable', pages: 0 };
  }
  try {
    const total = Math.min(doc.numPages, MAX_PAGES);
    const pages: Line[][] = [];
    let chars = 0;
    for (let n = 1; n <= total; n++) {
      options.checkStopped?.();
      let lines: Line[] = [];
      try {
        const page = await doc.getPage(n);
        const content = await page.getTextContent();
        lines = rebuildLines(toTextItems(content.items as RawItem[]));
        page.cleanup();
      } catch {
        // One broken page does not lose the others.
        lines = [];
      }
      for (const l of lines) for (const c of l.cells) chars += c.replace(/\s/g, '').length;
      pages.push(lines);
      options.onPage?.(n, total);
    }
    if (chars < MIN_TEXT_CHARS) return { ok: false, reason: 'noText', pages: doc.numPages };
    let info: Record<string, unknown> | undefined;
    try {
      info = (await doc.getMetadata()).info as Record<string, unknown>;
    } catch {
      info = undefined;
    }
    const firstPagesText = pages
      .slice(0, FIRST_PAGES)
      .map((lines) => lines.map((l) => l.cells.join(' ')).join('\n'))
      .join('\n');
    return { ok: true, title: titleOf(info, pages, options.fallbackTitle), pages: doc.numPages, passages: documentPassages(pages), firstPagesText };
  } finally {
    await doc.destroy().catch(() => {});
  }
}
