// Page and title block, written the same way in boards and schematics:
// `(paper "A4" [portrait])` or `(paper "User" W H)`, and
// `(title_block (title ..) (date ..) (rev ..) (company ..) (comment N ..))`.

import { atomAt, child, numAt, type SexprList } from './sexpr.ts';

export interface Paper {
  /** A0-A5, A-E, USLetter, USLegal, USLedger, GERBER or User. */
  size: string;
  /** Width and height in mm for `User` pages; undefined for named sizes. */
  width?: number;
  height?: number;
  portrait: boolean;
}

export interface TitleBlock {
  title: string;
  date: string;
  rev: string;
  company: string;
  /** Comment lines by number (1-9). */
  comments: Record<number, string>;
}

export function readPaper(node: SexprList | undefined): Paper {
  if (!node) return { size: 'A4', portrait: false };
  const size = atomAt(node, 1) ?? 'A4';
  const out: Paper = { size, portrait: node.items.includes('portrait') };
  if (size === 'User') {
    out.width = numAt(node, 2);
    out.height = numAt(node, 3);
  }
  return out;
}

export function readTitleBlock(node: SexprList | undefined): TitleBlock {
  const out: TitleBlock = { title: '', date: '', rev: '', company: '', comments: {} };
  if (!node) return out;
  out.title = atomAt(child(node, 'title'), 1) ?? '';
  out.date = atomAt(child(node, 'date'), 1) ?? '';
  out.rev = atomAt(child(node, 'rev'), 1) ?? '';
  out.company = atomAt(child(node, 'company'), 1) ?? '';
  for (let i = 1; i < node.items.length; i++) {
    const it = node.items[i];
    if (typeof it === 'object' && it.items[0] === 'comment') {
      const n = numAt(it, 1, NaN);
      if (Number.isInteger(n)) out.comments[n] = atomAt(it, 2) ?? '';
    }
  }
  return out;
}
