// Pure text handling for datasheets (issue #15 item 4): lines rebuilt from a PDF page's positioned
// text items, passages of a few hundred characters that never cross a page, table-like runs kept
// whole (one row per line, cells joined by ' | ', the caption on top), and the search form of a
// text shared by passages and questions. No PDF library, no database: the worker task feeds it.

/** A text item as pdf.js gives it, reduced to what line rebuilding needs (PDF space: y grows upwards). */
export type TextItem = { str: string; x: number; y: number; width: number; height: number };

/** A rebuilt line: its cells (runs separated by a wide gap) left to right. */
export type Line = { cells: string[]; y: number; size: number };

export type PassageKind = 'text' | 'table';

export type PassageDraft = { page: number; seq: number; kind: PassageKind; text: string; searchText: string };

/** Characters a text passage aims for; table passages may hold up to TABLE_MAX. */
export const PASSAGE_TARGET = 500;
export const PASSAGE_MAX = 900;
export const TABLE_MAX = 1500;

const CJK = '\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff';
const CJK_CHAR = new RegExp(`[${CJK}]`);
const CJK_RUN = new RegExp(`[${CJK}]+`, 'g');

// ── Lines ────────────────────────────────────────────────────────────────────────────────────

/**
 * Groups items into lines by baseline (within 40 % of the font height, so sub- and superscripts
 * join their line), sorts each line left to right and joins items: touching items without a
 * space (Chinese characters often come one per item), a small gap as one space, and a gap wider
 * than twice the font height as a new cell (a table column or a second text column).
 */
export function rebuildLines(items: readonly TextItem[]): Line[] {
  const usable = items.filter((i) => i.str.length > 0 && Number.isFinite(i.x) && Number.isFinite(i.y));
  const sorted = [...usable].sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: TextItem[][] = [];
  for (const item of sorted) {
    const h = Math.max(item.height, 1);
    const group = groups.find((g) => Math.abs(g[0]!.y - item.y) <= Math.max(h, g[0]!.height, 1) * 0.4);
    if (group) group.push(item);
    else groups.push([item]);
  }
  const lines: Line[] = [];
  for (const group of groups) {
    group.sort((a, b) => a.x - b.x);
    const size = Math.max(...group.map((i) => i.height), 1);
    const cells: string[] = [];
    let cell = '';
    let end = -Infinity;
    for (const item of group) {
      // Whitespace items often span a whole column gap: they would hide it, so they only separate.
      if (item.str.trim() === '') {
        if (cell !== '' && !cell.endsWith(' ')) cell += ' ';
        continue;
      }
      const gap = item.x - end;
      const text = item.str.replace(/\s+/g, ' ');
      if (cell === '') cell = text.trimStart();
      else if (gap > size * 1.5) {
        cells.push(cell);
        cell = text.trimStart();
      } else if (gap > size * 0.15 && !cell.endsWith(' ') && !text.startsWith(' ')) cell += ` ${text}`;
      else cell += text;
      end = Math.max(end, item.x + item.width);
    }
    cells.push(cell);
    const trimmed = cells.map((c) => c.replace(/\s+/g, ' ').trim()).filter((c) => c.length > 0);
    if (trimmed.length > 0) lines.push({ cells: trimmed, y: group[0]!.y, size });
  }
  return lines.sort((a, b) => b.y - a.y);
}

// ── Tables ───────────────────────────────────────────────────────────────────────────────────

const NUMBER_CELL = /^[-+±~≤≥<>=()]*\d/;

/** A line that looks like a table row: several cells, and a number among them. */
export function isTableRow(line: Line): boolean {
  if (line.cells.length < 2) return false;
  const numeric = line.cells.filter((c) => NUMBER_CELL.test(c) || /^(min|typ|max|unit|units|symbol|parameter)\.?$/i.test(c)).length;
  return numeric >= 1 && line.cells.every((c) => c.length <= 80);
}

// ── Passages ─────────────────────────────────────────────────────────────────────────────────

type Block = { kind: PassageKind; lines: string[]; caption: string | null };

/** Splits a page's lines into text blocks and table blocks (runs of ≥ 3 table-like rows, gaps of one line allowed). */
export function blocksOf(lines: readonly Line[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  let text: string[] = [];
  const flush = () => {
    if (text.length) blocks.push({ kind: 'text', lines: text, caption: null });
    text = [];
  };
  while (i < lines.length) {
    if (isTableRow(lines[i]!)) {
      let j = i;
      let rows = 0;
      let last = i;
      // Inside a table: rows, other multi-cell lines ('Internally Limited'), and up to two short
      // lines of wrapped cells or sub-headings when a row follows.
      const continues = (k: number) => {
        const line = lines[k]!;
        if (isTableRow(line) || (rows >= 1 && line.cells.length >= 2 && line.cells.every((c) => c.length <= 80))) return true;
        const short = line.cells.join(' ').length <= 60;
        return short && ((k + 1 < lines.length && isTableRow(lines[k + 1]!)) || (k + 2 < lines.length && lines[k + 1]!.cells.join(' ').length <= 60 && isTableRow(lines[k + 2]!)));
      };
      while (j < lines.length && continues(j)) {
        if (isTableRow(lines[j]!) || lines[j]!.cells.length >= 2) {
          rows++;
          last = j;
        }
        j++;
      }
      if (rows >= 3) {
        // The caption: up to two short lines just above ('Table 6. Limiting values', 'Absolute
        // Maximum Ratings'), moved from the text onto the table.
        const caption: string[] = [];
        while (caption.length < 2 && text.length && text[text.length - 1]!.length <= 120) caption.unshift(text.pop()!);
        flush();
        const rowsText: string[] = [];
        for (let k = i; k <= last; k++) rowsText.push(lines[k]!.cells.join(' | '));
        blocks.push({ kind: 'table', lines: rowsText, caption: caption.length ? caption.join('\n') : null });
        i = last + 1;
        continue;
      }
    }
    text.push(lines[i]!.cells.join(' '));
    i++;
  }
  flush();
  return blocks;
}

/** Cuts a long line at spaces (or anywhere for unbroken text) so no piece passes `max`. */
function cutLine(line: string, max: number): string[] {
  if (line.length <= max) return [line];
  const out: string[] = [];
  let rest = line;
  while (rest.length > max) {
    let at = rest.lastIndexOf(' ', max);
    if (at < max / 2) at = max;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/** The passages of one page: text in pieces of about PASSAGE_TARGET characters, tables whole (split at TABLE_MAX with the caption repeated). */
export function pagePassages(page: number, lines: readonly Line[], startSeq = 0): PassageDraft[] {
  const out: PassageDraft[] = [];
  let seq = startSeq;
  const push = (kind: PassageKind, text: string) => {
    const trimmed = text.trim();
    if (trimmed.length < 3) return;
    out.push({ page, seq: seq++, kind, text: trimmed, searchText: searchTextOf(trimmed) });
  };
  for (const block of blocksOf(lines)) {
    if (block.kind === 'table') {
      const head = block.caption ? `${block.caption}\n` : '';
      let rows: string[] = [];
      let size = head.length;
      for (const row of block.lines) {
        if (rows.length && size + row.length + 1 > TABLE_MAX) {
          push('table', head + rows.join('\n'));
          rows = [];
          size = head.length;
        }
        rows.push(row);
        size += row.length + 1;
      }
      if (rows.length) push('table', head + rows.join('\n'));
      continue;
    }
    let buf: string[] = [];
    let size = 0;
    for (const line of block.lines.flatMap((l) => cutLine(l, PASSAGE_MAX))) {
      if (buf.length && size + line.length + 1 > PASSAGE_TARGET && (size >= PASSAGE_TARGET / 2 || size + line.length + 1 > PASSAGE_MAX)) {
        push('text', buf.join('\n'));
        buf = [];
        size = 0;
      }
      buf.push(line);
      size += line.length + 1;
    }
    if (buf.length) push('text', buf.join('\n'));
  }
  return out;
}

/** A line's key for spotting running headers and footers: digits dropped ('2 / 19', 'Rev. 6'). */
const runningKey = (line: Line) => line.cells.join(' ').replace(/[\d\s\-–—/.]+/g, ' ').trim().toLowerCase();

/**
 * Running headers and footers (a line on at least half the pages, three or more) say the same on
 * every page ('Integrated in AMS1117 … Low Dropout Linear Regulator'): they would make every page
 * match the datasheet's title words, so they are dropped after the first page.
 */
export function dropRunningLines(pages: readonly (readonly Line[])[]): Line[][] {
  const counts = new Map<string, number>();
  for (const lines of pages) for (const key of new Set(lines.map(runningKey))) if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  const threshold = Math.max(3, Math.ceil(pages.length / 2));
  if (pages.length < 3) return pages.map((l) => [...l]);
  return pages.map((lines, i) => (i === 0 ? [...lines] : lines.filter((l) => (counts.get(runningKey(l)) ?? 0) < threshold)));
}

/** Passages of a whole document: pages are 1-based, `seq` counts within a page. */
export function documentPassages(pages: readonly (readonly Line[])[]): PassageDraft[] {
  return dropRunningLines(pages).flatMap((lines, i) => pagePassages(i + 1, lines));
}

// ── Search form ──────────────────────────────────────────────────────────────────────────────

/**
 * The search form of a text, as products.search_text (migration 0003) treats it: NFKC, lower
 * case, every run of Chinese characters replaced by all its overlapping character pairs ('输入电压'
 * → '输入 入电 电压'; a lone character stays), so Chinese matches by pairs and English by words.
 * Compound words also appear joined ('sot-223' → 'sot 223 sot223', 'ams1117-3.3' → 'ams1117 3.3
 * ams11173.3'), since a question may write them either way; other punctuation becomes a space.
 */
export function searchTextOf(text: string): string {
  const lower = text.normalize('NFKC').toLowerCase();
  const withPairs = lower.replace(CJK_RUN, (run) => ` ${cjkPairs(run).join(' ')} `);
  const words: string[] = [];
  for (const raw of withPairs.split(/\s+/)) {
    if (!raw) continue;
    if (CJK_CHAR.test(raw)) {
      words.push(raw);
      continue;
    }
    // Keep letters, digits and decimal points between digits; '-', '/', '_' join compounds.
    const compound = raw.replace(/[^a-z0-9.\-/_µ°Ωω%]+/g, ' ').trim();
    for (const piece of compound.split(' ')) {
      if (!piece) continue;
      const parts = piece
        .split(/[-/_]+/)
        .map((p) => p.replace(/^\.+|\.+$/g, '').replace(/(?<!\d)\.|\.(?!\d)/g, ' ').trim())
        .filter(Boolean);
      words.push(...parts.map(singular));
      if (parts.length > 1) {
        const joined = parts.join('').replace(/\s+/g, '');
        if (joined.length <= 40) words.push(joined);
      }
    }
  }
  return words.join(' ');
}

/** English plurals folded ('values' → 'value', 'ratings' → 'rating'), alike for passages and questions. */
function singular(word: string): string {
  return word.length >= 4 && /^[a-z]+s$/.test(word) && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** All overlapping pairs of a run of Chinese characters; a single character stands alone. */
export function cjkPairs(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

// ── Questions ────────────────────────────────────────────────────────────────────────────────

const EN_STOP = new Set(
  'a an the of for to in on at by is are was be what which who how when where does do did can could should would will with and or from this that these those its it page pages datasheet data sheet please tell me give show about i my we our you your there than then'.split(
    ' ',
  ),
);
// Pairs made only of question words say nothing about the datasheet ('是多', '多少', '什么').
const ZH_STOP_CHARS = new Set([...'的是多少什么吗呢了在和与及哪几页请问该这那个些其为就都也还要可以能会']);
/** Abbreviations a question uses for words a datasheet spells out (and Chinese for English tables). */
const EXPAND: Record<string, string[]> = {
  max: ['maximum'],
  min: ['minimum'],
  typ: ['typical'],
  temp: ['temperature'],
  vin: ['input voltage'],
  vout: ['output voltage'],
  maximum: ['max'],
  minimum: ['min'],
  最大: ['max', 'maximum'],
  最高: ['max', 'maximum'],
  最小: ['min', 'minimum'],
  最低: ['min', 'minimum'],
  输入: ['input'],
  输出: ['output'],
  电压: ['voltage'],
  电流: ['current'],
  温度: ['temperature'],
  封装: ['package'],
  功耗: ['power', 'dissipation'],
  引脚: ['pin'],
  压差: ['dropout'],
  静态: ['quiescent'],
  纹波: ['ripple'],
  基准: ['reference'],
  参考: ['reference'],
  负载: ['load'],
  热阻: ['thermal resistance'],
  关断: ['shutdown'],
  结温: ['junction temperature'],
  储存: ['storage'],
  存储: ['storage'],
  阴极: ['cathode'],
  阳极: ['anode'],
  限流: ['current limit'],
  噪声: ['noise'],
  电容: ['capacitor'],
  频率: ['frequency'],
  时钟: ['clock'],
  阻抗: ['impedance'],
  // English words for Chinese datasheets.
  voltage: ['电压'],
  current: ['电流'],
  temperature: ['温度'],
  supply: ['电源'],
  baud: ['波特率'],
  clock: ['时钟'],
  crystal: ['晶体'],
  package: ['封装'],
  suspend: ['挂起'],
  reset: ['复位'],
  frequency: ['频率'],
};

export type QuestionTerms = {
  /** Search words (in the search form), each with its alternatives. */
  terms: { word: string; alts: string[] }[];
  /** Words that look like part numbers (letters and digits, 4+ characters), as typed. */
  partNumbers: string[];
};

// Package names look like part numbers ('SOT-223', 'SSOP-20') but name no part.
const PACKAGE = /^(sot|sop|ssop|tssop|msop|hsop|soic|qfn|dfn|tdfn|uqfn|vqfn|wqfn|qfp|lqfp|tqfp|bga|fbga|lga|dip|pdip|sip|zip|to|sc|sod|son|wson|vson|usop|dpak|d2pak|wlcsp|csp|smd|sma|smb|smc)\d+[a-z]?$/i;

/** A part-number-like token: letters and digits mixed, at least four characters, not a value or a package. */
export function looksLikePartNumber(word: string): boolean {
  const w = word.replace(/[-./_]/g, '');
  return w.length >= 4 && /[a-z]/i.test(w) && /\d/.test(w) && /^[a-z0-9]+$/i.test(w) && !/^\d+(\.\d+)?[a-z]{1,3}$/i.test(w) && !PACKAGE.test(w);
}

/** The words of a question worth searching for, at most `max`; stop words and question pairs dropped. */
export function questionTerms(question: string, max = 8): QuestionTerms {
  const partNumbers: string[] = [];
  for (const raw of question.normalize('NFKC').split(/[\s,;:，；：？?！!()（）]+/)) {
    const token = raw.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
    if (looksLikePartNumber(token) && !partNumbers.includes(token)) partNumbers.push(token);
  }
  const seen = new Set<string>();
  const terms: { word: string; alts: string[] }[] = [];
  const lower = question.normalize('NFKC').toLowerCase();
  // CJK words first as pairs, for the expansions of whole pairs.
  for (const word of searchTextOf(lower).split(' ')) {
    if (!word || seen.has(word) || EN_STOP.has(word)) continue;
    if ([...word].some((ch) => ZH_STOP_CHARS.has(ch))) continue;
    if (/^\d$/.test(word)) continue;
    seen.add(word);
    terms.push({ word, alts: (EXPAND[word] ?? []).map((e) => searchTextOf(e)) });
    if (terms.length >= max) break;
  }
  return { terms, partNumbers };
}
