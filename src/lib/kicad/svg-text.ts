// Shared SVG string helpers for the symbol and footprint renderers: number
// formatting, XML escaping, KiCad text markup (~{overbar}, _{sub}, ^{super}),
// text metrics and a bounding-box accumulator. Plain string building only:
// these run thousands of times per page.

import { arcFromThreePoints, type Point } from './kicad-common.ts';

/** Decimal places of k / 10000 for k = 0..9999, trailing zeros dropped: FRACTION[1200] = '.12', FRACTION[0] = ''. */
const FRACTION: readonly string[] = Array.from({ length: 10000 }, (_, k) => (k === 0 ? '' : ('.' + String(10000 + k).slice(1)).replace(/0+$/, '')));
/** Largest |n · 10⁴| printed through the integer path (int32: fast arithmetic and integer strings). */
const INT_MAX = 0x7fffffff;
/**
 * Direct-mapped cache of recent results, keyed by k = round(n · 10⁴): drawings
 * repeat the same few values (grid positions, line widths, text sizes), so most
 * calls are a lookup. Slot 0 starts as k = 0 → '0', which is correct.
 */
const CACHE_SIZE = 8192;
const cachedK = new Int32Array(CACHE_SIZE);
const cachedText: string[] = new Array<string>(CACHE_SIZE).fill('0');

/**
 * Round to 0.1 µm and print without exponent or '-0': the same text as
 * `String(Math.round(n * 1e4) / 1e4)`, which is the shortest round-trip form of
 * that decimal, i.e. its integer part and at most four decimals. Built from the
 * integer k = n · 10⁴ (integer-to-string plus a table of decimals) and cached,
 * because double-to-string was the renderer's largest single cost.
 */
export function fmt(n: number): string {
  const k = Math.round(n * 10000);
  if (k >= -INT_MAX && k <= INT_MAX) {
    const slot = (k ^ (k >>> 13)) & (CACHE_SIZE - 1);
    if (cachedK[slot] === k) return cachedText[slot] as string;
    const text = formatTenThousandths(k);
    cachedK[slot] = k;
    cachedText[slot] = text;
    return text;
  }
  // Huge or not finite: the general path.
  return String(k / 10000);
}

/** k / 10000 as text, for an int32 k ('0' for 0 and -0). */
function formatTenThousandths(k: number): string {
  if (k === 0) return '0';
  const m = k < 0 ? -k : k;
  const i = Math.floor(m / 10000);
  const text = String(i) + (FRACTION[m - i * 10000] as string);
  return k < 0 ? '-' + text : text;
}

/** SVG path for a three-point arc (already in SVG coordinates). */
export function arcPath(s: Point, m: Point, e: Point): string {
  const g = arcFromThreePoints(s, m, e);
  if (!g) return `M${fmt(s.x)} ${fmt(s.y)}L${fmt(e.x)} ${fmt(e.y)}`;
  const large = Math.abs(g.sweep) > Math.PI ? 1 : 0;
  // Positive sweep = increasing angle = clockwise on screen in Y-down SVG = sweep-flag 1.
  const sweep = g.sweep > 0 ? 1 : 0;
  return `M${fmt(s.x)} ${fmt(s.y)}A${fmt(g.radius)} ${fmt(g.radius)} 0 ${large} ${sweep} ${fmt(e.x)} ${fmt(e.y)}`;
}

// Characters XML needs escaped, plus control characters XML 1.0 forbids.
// eslint-disable-next-line no-control-regex
const XML_SPECIAL = /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
// eslint-disable-next-line no-control-regex
const XML_SPECIAL_G = /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Code points below 64 that XML_SPECIAL matches (1), for a regex-free scan of the common case. */
const SPECIAL_BELOW_64 = new Uint8Array(64);
for (let c = 0; c < 64; c++) SPECIAL_BELOW_64[c] = XML_SPECIAL.test(String.fromCharCode(c)) ? 1 : 0;

/** Whether s has a character XML_SPECIAL matches: a char-code scan, as most texts are short and plain (pin numbers and names). */
function hasXmlSpecial(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 64 ? SPECIAL_BELOW_64[c] === 1 : c >= 0xfffe) return true;
  }
  return false;
}

/** Escape text for XML content and attribute values; drops characters XML 1.0 forbids. */
export function esc(s: string): string {
  if (!hasXmlSpecial(s)) return s;
  return s.replace(XML_SPECIAL_G, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      case "'":
        return '&apos;';
      default:
        return '';
    }
  });
}

/** Display text without KiCad markup: "~{RESET}" -> "RESET", "~" -> "". */
export function plainText(s: string): string {
  if (s === '~') return '';
  if (!s.includes('{')) return s;
  return s.replace(/[~_^]\{([^}]*)\}/g, '$1');
}

// Advance widths (1/1000 em) of printable ASCII in Helvetica, which Arial and
// Liberation Sans share metric-for-metric: with those fonts first in the
// font-family list, text widths (and so overbars and bounding boxes) are exact.
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // ' '..'/'
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // '0'..'?'
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // '@'..'O'
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // 'P'..'_'
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // '`'..'o'
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // 'p'..'~'
];

/** SVG font-size giving a cap height (0.716 em in Arial) close to KiCad's text height. */
export const FONT_SCALE = 1.4;

export const FONT_FAMILY = "Arial,'Liberation Sans',Helvetica,sans-serif";

/** Advance width of plain text in em units. */
function emWidth(s: string): number {
  let w = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 32 && c <= 126) w += ASCII_WIDTHS[c - 32] ?? 556;
    else if (c >= 0x2e80) w += 1000; // CJK and other wide scripts
    else w += 600;
  }
  return w / 1000;
}

interface Segment {
  text: string;
  kind: 'normal' | 'over' | 'sub' | 'sup';
}

const MARKUP = /([~_^])\{([^}]*)\}/g;

function segments(s: string): Segment[] {
  if (!s.includes('{')) return [{ text: s, kind: 'normal' }];
  const out: Segment[] = [];
  let i = 0;
  let m: RegExpExecArray | null;
  MARKUP.lastIndex = 0;
  while ((m = MARKUP.exec(s)) !== null) {
    if (m.index > i) out.push({ text: s.slice(i, m.index), kind: 'normal' });
    out.push({ text: m[2] ?? '', kind: m[1] === '~' ? 'over' : m[1] === '_' ? 'sub' : 'sup' });
    i = m.index + m[0].length;
  }
  if (i < s.length) out.push({ text: s.slice(i), kind: 'normal' });
  return out;
}

function segWidth(seg: Segment, fs: number): number {
  return emWidth(seg.text) * fs * (seg.kind === 'sub' || seg.kind === 'sup' ? 0.7 : 1);
}

/** Width in mm of KiCad text (markup aware) drawn at KiCad text height `height`. */
export function textWidth(s: string, height: number): number {
  const fs = height * FONT_SCALE;
  let w = 0;
  for (const seg of segments(s)) w += segWidth(seg, fs);
  return w;
}

/** Axis-aligned bounding box accumulator (SVG coordinates). */
export class Bounds {
  minX = Infinity;
  minY = Infinity;
  maxX = -Infinity;
  maxY = -Infinity;

  add(x: number, y: number, pad = 0): void {
    if (x - pad < this.minX) this.minX = x - pad;
    if (y - pad < this.minY) this.minY = y - pad;
    if (x + pad > this.maxX) this.maxX = x + pad;
    if (y + pad > this.maxY) this.maxY = y + pad;
  }

  addBox(b: Bounds, dx = 0, dy = 0): void {
    if (b.isEmpty()) return;
    this.add(b.minX + dx, b.minY + dy);
    this.add(b.maxX + dx, b.maxY + dy);
  }

  isEmpty(): boolean {
    return this.minX > this.maxX;
  }

  get width(): number {
    return this.isEmpty() ? 0 : this.maxX - this.minX;
  }

  get height(): number {
    return this.isEmpty() ? 0 : this.maxY - this.minY;
  }
}

export type HJustify = 'left' | 'center' | 'right';
export type VJustify = 'top' | 'center' | 'bottom';

export interface TextSpec {
  text: string;
  /** Anchor in SVG coordinates. */
  x: number;
  y: number;
  /** Degrees counter-clockwise on screen (KiCad convention). */
  angle: number;
  /** KiCad text height in mm. */
  size: number;
  h: HJustify;
  v: VJustify;
  fill: string;
  bold?: boolean;
  italic?: boolean;
  cls?: string;
  /** Keep text readable by turning 180° text around (default true). */
  upright?: boolean;
}

/** The last text attributes written, by their inputs: a symbol's pin names (or numbers) all share one. */
interface TextAttrs {
  fs: number;
  fill: string;
  h: HJustify;
  bold: boolean | undefined;
  italic: boolean | undefined;
  cls: string | undefined;
  text: string;
}
const TEXT_ATTRS_MEMO = 4;
const textAttrsMemo: (TextAttrs | undefined)[] = new Array<TextAttrs | undefined>(TEXT_ATTRS_MEMO).fill(undefined);
let textAttrsNext = 0;

/** ` font-size fill text-anchor font-weight font-style class` of a <text>, from a small memo of recent ones. */
function textAttrs(fs: number, fill: string, h: HJustify, bold: boolean | undefined, italic: boolean | undefined, cls: string | undefined): string {
  for (let i = 0; i < TEXT_ATTRS_MEMO; i++) {
    const m = textAttrsMemo[i];
    if (m && m.fs === fs && m.fill === fill && m.h === h && m.bold === bold && m.italic === italic && m.cls === cls) return m.text;
  }
  let text = ` font-size="${fmt(fs)}" fill="${fill}"`;
  if (h !== 'left') text += ` text-anchor="${h === 'right' ? 'end' : 'middle'}"`;
  if (bold) text += ' font-weight="bold"';
  if (italic) text += ' font-style="italic"';
  if (cls) text += ` class="${cls}"`;
  textAttrsMemo[textAttrsNext] = { fs, fill, h, bold, italic, cls, text };
  textAttrsNext = (textAttrsNext + 1) % TEXT_ATTRS_MEMO;
  return text;
}

/**
 * Emit text placed like KiCad does: anchor + justification in the text's own
 * (rotated) frame. Vertical justification uses an explicit baseline offset
 * (renderers disagree on dominant-baseline) and overbars are drawn as lines
 * from the font metrics (text-decoration is unreliable in rotated SVG text).
 * Also grows `bounds` by the text box.
 */
export function svgText(t: TextSpec, bounds: Bounds | null): string {
  const fs = t.size * FONT_SCALE;
  // Most text is at 0° or 90°: skip the (floating-point) modulo for those, whose result is the angle itself.
  let angle = t.angle === 0 ? 0 : t.angle === 90 ? 90 : ((t.angle % 360) + 360) % 360;
  let h = t.h;
  let v = t.v;
  if (t.upright !== false && angle > 90 && angle <= 270) {
    angle = (angle + 180) % 360;
    h = h === 'left' ? 'right' : h === 'right' ? 'left' : h;
    v = v === 'top' ? 'bottom' : v === 'bottom' ? 'top' : v;
  }
  const base = v === 'center' ? t.size / 2 : v === 'top' ? t.size : 0;
  // Plain text (no markup, most of it) is measured and written without splitting it into segments.
  const plain = !t.text.includes('{');
  const segs = plain ? null : segments(t.text);
  let w = 0;
  if (segs) for (const seg of segs) w += segWidth(seg, fs);
  else w = emWidth(t.text) * fs;
  const x0 = h === 'left' ? 0 : h === 'right' ? -w : -w / 2;
  const attrs = textAttrs(fs, t.fill, h, t.bold, t.italic, t.cls);

  let body = '';
  let bars = '';
  const first = segs?.[0];
  if (!segs || (segs.length === 1 && first && first.kind === 'normal')) body = esc(t.text);
  else {
    let cx = x0;
    let shifted = 0;
    const barY = base - fs * 0.716 - t.size * 0.16;
    for (const seg of segs) {
      const small = seg.kind === 'sub' || seg.kind === 'sup';
      const sw = segWidth(seg, fs);
      const want = seg.kind === 'sub' ? fs * 0.25 : seg.kind === 'sup' ? -fs * 0.4 : 0;
      const dy = want - shifted;
      shifted = want;
      if (small || dy !== 0) {
        body += `<tspan${dy !== 0 ? ` dy="${fmt(dy)}"` : ''}${small ? ' font-size="70%"' : ''}>${esc(seg.text)}</tspan>`;
      } else body += esc(seg.text);
      if (seg.kind === 'over' && sw > 0) bars += `M${fmt(cx)} ${fmt(barY)}h${fmt(sw)}`;
      cx += sw;
    }
  }
  if (bounds) {
    const y0 = base - t.size * 1.3;
    const y1 = base + t.size * 0.3;
    if (angle === 0) {
      bounds.add(t.x + x0, t.y + y0);
      bounds.add(t.x + x0 + w, t.y + y1);
    } else {
      const a = (-angle * Math.PI) / 180;
      const c = Math.cos(a);
      const s = Math.sin(a);
      bounds.add(t.x + x0 * c - y0 * s, t.y + x0 * s + y0 * c);
      bounds.add(t.x + (x0 + w) * c - y0 * s, t.y + (x0 + w) * s + y0 * c);
      bounds.add(t.x + x0 * c - y1 * s, t.y + x0 * s + y1 * c);
      bounds.add(t.x + (x0 + w) * c - y1 * s, t.y + (x0 + w) * s + y1 * c);
    }
  }
  const bar = bars ? `<path d="${bars}" stroke="${t.fill}" stroke-width="${fmt(t.size * 0.1)}" fill="none"/>` : '';
  if (angle === 0) {
    if (!bar) return `<text x="${fmt(t.x)}" y="${fmt(t.y + base)}"${attrs}>${body}</text>`;
    return `<g transform="translate(${fmt(t.x)} ${fmt(t.y)})"><text y="${fmt(base)}"${attrs}>${body}</text>${bar}</g>`;
  }
  const tr = `translate(${fmt(t.x)} ${fmt(t.y)}) rotate(${fmt(-angle)})`;
  if (!bar) return `<text transform="${tr}" y="${fmt(base)}"${attrs}>${body}</text>`;
  return `<g transform="${tr}"><text y="${fmt(base)}"${attrs}>${body}</text>${bar}</g>`;
}

/** The outer <svg> of a render: viewBox from the drawing's bounds plus a margin, size at `pxPerMm`. */
export function svgDocument(args: {
  className: string;
  label: string;
  title: string;
  bounds: { minX: number; minY: number; width: number; height: number };
  margin: number;
  pxPerMm: number;
  background: string | null;
  body: string;
}): string {
  const { bounds, margin } = args;
  const minX = bounds.minX - margin;
  const minY = bounds.minY - margin;
  const w = bounds.width + 2 * margin;
  const h = bounds.height + 2 * margin;
  let out =
    `<svg xmlns="http://www.w3.org/2000/svg" class="${args.className}" viewBox="${fmt(minX)} ${fmt(minY)} ${fmt(w)} ${fmt(h)}"` +
    ` width="${fmt(w * args.pxPerMm)}" height="${fmt(h * args.pxPerMm)}" role="img" aria-label="${esc(args.label)}"` +
    ` font-family="${FONT_FAMILY}" stroke-linecap="round" stroke-linejoin="round">`;
  out += `<title>${esc(args.title)}</title>`;
  if (args.background) out += `<rect class="background" x="${fmt(minX)}" y="${fmt(minY)}" width="${fmt(w)}" height="${fmt(h)}" fill="${args.background}"/>`;
  return out + args.body + '</svg>';
}
