import { openCfb } from './cfb.ts';
import { normalizeCellText } from './cell-text.ts';
import type { BomReadLimits } from './limits.ts';
import { BomReadError } from './problems.ts';
import { MAX_CELL_CHARS } from './xlsx.ts';
import type { RawSheet } from './sheet.ts';
import { sheetGrid, type MergedRange } from './sheet-grid.ts';
import { numberCellText, numberKindOf, type NumberKind } from './xlsx-values.ts';

// Our own minimal reader of Excel 97–2003 workbooks (BIFF8, [MS-XLS]), ADR 0009: the records a
// BOM needs — sheet list (hidden marked), shared strings across CONTINUE records, numbers (NUMBER,
// RK, MULRK), strings (LABELSST, LABEL), booleans and errors, formulas as their cached values,
// merged ranges, and the number formats that make a number a date or a percentage. An encrypted
// workbook (FILEPASS) is refused. Every read is bounds-checked: a malformed file is `corrupt`.

const R = {
  BOF: 0x0809,
  EOF: 0x000a,
  FILEPASS: 0x002f,
  DATEMODE: 0x0022,
  FORMAT: 0x041e,
  XF: 0x00e0,
  BOUNDSHEET8: 0x0085,
  SST: 0x00fc,
  CONTINUE: 0x003c,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  BOOLERR: 0x0205,
  FORMULA: 0x0006,
  STRING: 0x0207,
  MERGEDCELLS: 0x00e5,
} as const;

const ERRORS: Readonly<Record<number, string>> = { 0x00: '#NULL!', 0x07: '#DIV/0!', 0x0f: '#VALUE!', 0x17: '#REF!', 0x1d: '#NAME?', 0x24: '#NUM!', 0x2a: '#N/A' };

type Rec = { type: number; data: Uint8Array; view: DataView; at: number };

function corrupt(detail: string): BomReadError {
  return new BomReadError('bom.read.corrupt', {}, detail);
}

/** The records from `from` on (each with its CONTINUE records kept separate, as they follow). */
function* records(stream: Uint8Array, from: number): Generator<Rec> {
  let at = from;
  while (at + 4 <= stream.length) {
    const type = stream[at]! | (stream[at + 1]! << 8);
    const len = stream[at + 2]! | (stream[at + 3]! << 8);
    if (at + 4 + len > stream.length) throw corrupt('record runs past the stream');
    const data = stream.subarray(at + 4, at + 4 + len);
    yield { type, data, view: new DataView(data.buffer, data.byteOffset, data.byteLength), at };
    at += 4 + len;
  }
}

/**
 * Reads BIFF8 strings that may continue across records: `segments` are a record's data followed by
 * its CONTINUE records' data. Characters that cross into a CONTINUE start with a new flags byte.
 */
class SegmentReader {
  private seg = 0;
  private at = 0;
  private readonly segments: readonly Uint8Array[];

  constructor(segments: readonly Uint8Array[]) {
    this.segments = segments;
  }

  private current(): Uint8Array {
    let s = this.segments[this.seg];
    while (s && this.at >= s.length) {
      this.seg++;
      this.at = 0;
      s = this.segments[this.seg];
    }
    if (!s) throw corrupt('string runs past its records');
    return s;
  }

  u8(): number {
    return this.current()[this.at++]!;
  }

  u16(): number {
    return this.u8() | (this.u8() << 8);
  }

  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }

  skip(n: number): void {
    for (let left = n; left > 0; ) {
      const s = this.current();
      const step = Math.min(left, s.length - this.at);
      this.at += step;
      left -= step;
    }
  }

  /** XLUnicodeRichExtendedString (SST entries): cch, flags, optional runs and phonetic data. */
  richString(): string {
    const cch = this.u16();
    const flags = this.u8();
    const runs = flags & 0x08 ? this.u16() : 0;
    const ext = flags & 0x04 ? this.u32() : 0;
    const text = this.chars(cch, (flags & 0x01) !== 0);
    this.skip(runs * 4 + ext);
    return text;
  }

  /** `cch` characters, 1 or 2 bytes each; a CONTINUE boundary re-states the width. */
  chars(cch: number, wide: boolean): string {
    let out = '';
    let highByte = wide;
    for (let left = cch; left > 0; ) {
      let s = this.segments[this.seg];
      if (!s || this.at >= s.length) {
        this.seg++;
        this.at = 0;
        s = this.segments[this.seg];
        if (!s) throw corrupt('string runs past its records');
        highByte = (s[this.at++]! & 0x01) !== 0;
      }
      const width = highByte ? 2 : 1;
      const n = Math.min(left, Math.floor((s.length - this.at) / width));
      if (n <= 0) throw corrupt('character split across records');
      const slice = s.subarray(this.at, this.at + n * width);
      out += highByte ? Buffer.from(slice).toString('utf16le') : Buffer.from(slice).toString('latin1');
      this.at += n * width;
      left -= n;
    }
    return out;
  }
}

function rkValue(rk: number): number {
  let value: number;
  if (rk & 0x02) value = rk >> 2; // a signed 30-bit integer
  else {
    const buf = new DataView(new ArrayBuffer(8));
    buf.setUint32(4, rk & 0xfffffffc, true);
    value = buf.getFloat64(0, true);
  }
  return rk & 0x01 ? value / 100 : value;
}

export function readXls(bytes: Uint8Array, limits: BomReadLimits): RawSheet[] {
  const stream = openCfb(bytes)?.stream('Workbook');
  if (!stream) throw corrupt('no readable Workbook stream');
  const globals = records(stream, 0);
  const bof = globals.next();
  if (bof.done || bof.value.type !== R.BOF || bof.value.data.length < 4 || bof.value.view.getUint16(0, true) !== 0x0600) {
    throw new BomReadError('bom.read.xlsNotSupported', {}, 'not BIFF8');
  }

  let date1904 = false;
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  const sheets: { name: string; hidden: boolean; offset: number }[] = [];
  let strings: string[] = [];
  let pending: Rec | null = null;
  const next = () => {
    if (pending) {
      const r = pending;
      pending = null;
      return r;
    }
    const r = globals.next();
    return r.done ? null : r.value;
  };
  for (let rec = next(); rec && rec.type !== R.EOF; rec = next()) {
    const { type, data, view } = rec;
    if (type === R.FILEPASS) throw new BomReadError('bom.read.encrypted');
    if (type === R.DATEMODE && data.length >= 2) date1904 = view.getUint16(0, true) === 1;
    else if (type === R.FORMAT && data.length >= 5) {
      formats.set(view.getUint16(0, true), new SegmentReader([data.subarray(5)]).chars(view.getUint16(2, true), (data[4]! & 1) !== 0));
    } else if (type === R.XF && data.length >= 4) xfFormats.push(view.getUint16(2, true));
    else if (type === R.BOUNDSHEET8 && data.length >= 8) {
      const kind = data[5];
      const name = new SegmentReader([data.subarray(8)]).chars(data[6]!, (data[7]! & 1) !== 0);
      if (kind === 0) sheets.push({ name, hidden: (data[4]! & 0x03) !== 0, offset: view.getUint32(0, true) });
    } else if (type === R.SST && data.length >= 8) {
      const segments = [data.subarray(8)];
      for (let c = next(); c; c = next()) {
        if (c.type !== R.CONTINUE) {
          pending = c;
          break;
        }
        segments.push(c.data);
      }
      const reader = new SegmentReader(segments);
      const count = view.getUint32(4, true);
      strings = [];
      for (let i = 0; i < count; i++) strings.push(reader.richString());
    }
  }
  if (sheets.length > limits.maxSheets) throw new BomReadError('bom.read.tooManySheets', { count: sheets.length, max: limits.maxSheets });
  const kinds = xfFormats.map((id) => numberKindOf(id, formats.get(id)));
  const budget = { chars: 0 };
  return sheets.map((s) => ({ name: s.name, hidden: s.hidden, rows: sheetRows(stream, s.offset, { strings, kinds, date1904, limits, sheet: s.name, budget }) }));
}

/** `budget.chars`: shared-string text named by cells, counted before normalising (spreadsheet bombs, limits.ts). */
type SheetContext = { strings: readonly string[]; kinds: readonly NumberKind[]; date1904: boolean; limits: BomReadLimits; sheet: string; budget: { chars: number } };

function sharedText(ctx: SheetContext, index: number): string {
  const raw = ctx.strings[index] ?? '';
  if (raw.length > MAX_CELL_CHARS) throw new BomReadError('bom.read.zipBomb', {}, `a cell of ${raw.length} characters (Excel holds at most ${MAX_CELL_CHARS})`);
  ctx.budget.chars += raw.length;
  if (ctx.budget.chars > ctx.limits.maxTextChars) throw new BomReadError('bom.read.zipBomb', {}, `cells hold more than ${ctx.limits.maxTextChars} characters`);
  return normalizeCellText(raw);
}

function sheetRows(stream: Uint8Array, offset: number, ctx: SheetContext): string[][] {
  const grid = sheetGrid(ctx.limits, ctx.sheet);
  const merges: MergedRange[] = [];
  const number = (value: number, xf: number) => numberCellText(value, ctx.kinds[xf] ?? 'number', ctx.date1904);
  let formulaCell: { row: number; col: number } | null = null;
  const it = records(stream, offset);
  const first = it.next();
  if (first.done || first.value.type !== R.BOF) throw corrupt(`sheet ${ctx.sheet} has no BOF at ${offset}`);
  for (const { type, data, view } of it) {
    if (type === R.EOF) break;
    const need = (n: number) => {
      if (data.length < n) throw corrupt(`record 0x${type.toString(16)} too short`);
    };
    switch (type) {
      case R.NUMBER:
        need(14);
        grid.put(view.getUint16(0, true), view.getUint16(2, true), number(view.getFloat64(6, true), view.getUint16(4, true)));
        break;
      case R.RK:
        need(10);
        grid.put(view.getUint16(0, true), view.getUint16(2, true), number(rkValue(view.getUint32(6, true)), view.getUint16(4, true)));
        break;
      case R.MULRK: {
        need(6);
        const row = view.getUint16(0, true);
        const firstCol = view.getUint16(2, true);
        const count = (data.length - 6) / 6;
        for (let i = 0; i < count; i++) grid.put(row, firstCol + i, number(rkValue(view.getUint32(4 + i * 6 + 2, true)), view.getUint16(4 + i * 6, true)));
        break;
      }
      case R.LABELSST:
        need(10);
        grid.put(view.getUint16(0, true), view.getUint16(2, true), sharedText(ctx, view.getUint32(6, true)));
        break;
      case R.LABEL: {
        need(9);
        const text = new SegmentReader([data.subarray(9)]).chars(view.getUint16(6, true), (data[8]! & 1) !== 0);
        grid.put(view.getUint16(0, true), view.getUint16(2, true), normalizeCellText(text));
        break;
      }
      case R.BOOLERR:
        need(8);
        grid.put(view.getUint16(0, true), view.getUint16(2, true), data[7] ? (ERRORS[data[6]!] ?? '#ERROR') : data[6] ? 'TRUE' : 'FALSE');
        break;
      case R.FORMULA: {
        need(20);
        const row = view.getUint16(0, true);
        const col = view.getUint16(2, true);
        formulaCell = null;
        if (view.getUint16(12, true) !== 0xffff) grid.put(row, col, number(view.getFloat64(6, true), view.getUint16(4, true)));
        else if (data[6] === 0) formulaCell = { row, col }; // the string follows in a STRING record
        else if (data[6] === 1) grid.put(row, col, data[8] ? 'TRUE' : 'FALSE');
        else if (data[6] === 2) grid.put(row, col, ERRORS[data[8]!] ?? '#ERROR');
        break;
      }
      case R.STRING:
        if (formulaCell) {
          need(3);
          grid.put(formulaCell.row, formulaCell.col, normalizeCellText(new SegmentReader([data.subarray(3)]).chars(view.getUint16(0, true), (data[2]! & 1) !== 0)));
          formulaCell = null;
        }
        break;
      case R.MERGEDCELLS: {
        need(2);
        const count = Math.min(view.getUint16(0, true), Math.floor((data.length - 2) / 8));
        for (let i = 0; i < count; i++) {
          const at = 2 + i * 8;
          merges.push({ firstRow: view.getUint16(at, true), lastRow: view.getUint16(at + 2, true), firstCol: view.getUint16(at + 4, true), lastCol: view.getUint16(at + 6, true) });
        }
        break;
      }
    }
  }
  return grid.finish(merges);
}
