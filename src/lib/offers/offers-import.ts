import { readCsvRows } from '../catalog/import/csv.ts';
import type { ServerMessageKey } from '../server/messages/server-message.ts';
import { isSafeLink, priceBreaksProblem, type PriceBreak } from './offers.ts';

// The operator's offers file (docs/data-format.md, "Offers"): NDJSON or CSV in, one validated
// offer or one refusal per line out, with the line number. Pure and streaming (text chunks in),
// so the readers are tested without files and memory stays flat for large files. Parts are
// resolved later, in the database (offers-import.server.ts): this module cannot know them.

/** One offer as the import stores it (before its part is resolved). */
export type OfferRecord = {
  mfgMpnCode: string;
  distributor: string;
  distributorSku: string;
  stock: number;
  moq: number;
  multiple: number;
  packaging: string | null;
  currency: string;
  priceBreaks: PriceBreak[];
  url: string | null;
  dataTime: Date;
};

export type OfferRefusal = { key: ServerMessageKey & `offers.refuse.${string}`; vars?: Record<string, string | number> };
export type OfferLine = { line: number; offer: OfferRecord } | { line: number; refusal: OfferRefusal };

export const OFFER_LIMITS = {
  lineMaxBytes: 1_000_000,
  codeMaxChars: 160,
  distributorMaxChars: 64,
  skuMaxChars: 100,
  packagingMaxChars: 64,
  urlMaxChars: 2000,
  breaksMax: 50,
  priceMax: 1_000_000_000,
  intMax: 2_147_483_647,
  /** Clocks differ: a data time up to this far ahead of ours is accepted. */
  futureSkewMs: 10 * 60_000,
} as const;

export const OFFER_FIELDS = ['mfgMpnCode', 'distributor', 'distributorSku', 'stock', 'moq', 'multiple', 'packaging', 'currency', 'priceBreaks', 'url', 'dataTime'] as const;
const FIELD_SET: ReadonlySet<string> = new Set(OFFER_FIELDS);
const REQUIRED_FIELDS = ['mfgMpnCode', 'distributor', 'distributorSku', 'stock', 'currency', 'priceBreaks', 'dataTime'] as const;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

export type ReadOptions = { currencies: ReadonlySet<string>; now?: Date };

const refuse = (key: OfferRefusal['key'], vars?: OfferRefusal['vars']): { refusal: OfferRefusal } => ({ refusal: vars ? { key, vars } : { key } });
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? String(value)).slice(0, 40);

function text(value: unknown, field: string, max: number): string | { refusal: OfferRefusal } {
  if (typeof value !== 'string') return refuse('offers.refuse.text', { field, max });
  const t = value.trim();
  if (t === '' || t.length > max || CONTROL.test(t)) return refuse('offers.refuse.text', { field, max });
  return t;
}

function positive(value: unknown, field: string): number | { refusal: OfferRefusal } {
  if (value === undefined || value === null) return 1;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > OFFER_LIMITS.intMax) return refuse('offers.refuse.positive', { field, max: OFFER_LIMITS.intMax, value: shown(value) });
  return value;
}

/** Validates one offer given as a plain object (NDJSON line, or a CSV row already typed). */
export function validateOffer(value: unknown, options: ReadOptions): { offer: OfferRecord } | { refusal: OfferRefusal } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return refuse('offers.refuse.notObject');
  const v = value as Record<string, unknown>;
  for (const k in v) if (!FIELD_SET.has(k)) return refuse('offers.refuse.unknownField', { field: k.slice(0, 40) });
  const missing = REQUIRED_FIELDS.find((k) => v[k] === undefined || v[k] === null || v[k] === '');
  if (missing) return refuse('offers.refuse.required', { field: missing });

  const code = text(v.mfgMpnCode, 'mfgMpnCode', OFFER_LIMITS.codeMaxChars);
  if (typeof code !== 'string') return code;
  const distributor = text(v.distributor, 'distributor', OFFER_LIMITS.distributorMaxChars);
  if (typeof distributor !== 'string') return distributor;
  const sku = text(v.distributorSku, 'distributorSku', OFFER_LIMITS.skuMaxChars);
  if (typeof sku !== 'string') return sku;

  if (typeof v.stock !== 'number' || !Number.isInteger(v.stock) || v.stock < 0 || v.stock > OFFER_LIMITS.intMax) return refuse('offers.refuse.stock', { value: shown(v.stock) });
  const moq = positive(v.moq, 'moq');
  if (typeof moq !== 'number') return moq;
  const multiple = positive(v.multiple, 'multiple');
  if (typeof multiple !== 'number') return multiple;

  let packaging: string | null = null;
  if (v.packaging !== undefined && v.packaging !== null && v.packaging !== '') {
    const p = text(v.packaging, 'packaging', OFFER_LIMITS.packagingMaxChars);
    if (typeof p !== 'string') return p;
    packaging = p;
  }

  const currency = typeof v.currency === 'string' ? v.currency.trim().toUpperCase() : '';
  if (!options.currencies.has(currency)) return refuse('offers.refuse.currency', { value: shown(v.currency), list: [...options.currencies].join(', ') });

  const breaks = readBreaks(v.priceBreaks);
  if ('refusal' in breaks) return breaks;

  let url: string | null = null;
  if (v.url !== undefined && v.url !== null && v.url !== '') {
    if (typeof v.url !== 'string' || v.url.length > OFFER_LIMITS.urlMaxChars || CONTROL.test(v.url) || !isSafeLink(v.url.trim())) return refuse('offers.refuse.url');
    url = v.url.trim();
  }

  if (typeof v.dataTime !== 'string' || !ISO_TIME.test(v.dataTime.trim())) return refuse('offers.refuse.dataTime');
  const dataTime = new Date(v.dataTime.trim());
  if (Number.isNaN(dataTime.getTime())) return refuse('offers.refuse.dataTime');
  if (dataTime.getTime() > (options.now ?? new Date()).getTime() + OFFER_LIMITS.futureSkewMs) return refuse('offers.refuse.future');

  return { offer: { mfgMpnCode: code, distributor, distributorSku: sku, stock: v.stock, moq, multiple, packaging, currency, priceBreaks: breaks.breaks, url, dataTime } };
}

function readBreaks(value: unknown): { breaks: PriceBreak[] } | { refusal: OfferRefusal } {
  const shape = refuse('offers.refuse.breaks.shape', { max: OFFER_LIMITS.breaksMax });
  if (!Array.isArray(value) || value.length > OFFER_LIMITS.breaksMax) return shape;
  const breaks: PriceBreak[] = [];
  for (const b of value) {
    if (typeof b !== 'object' || b === null || Array.isArray(b)) return shape;
    const { qty, price } = b as Record<string, unknown>;
    let keys = 0;
    for (const _ in b) keys++;
    if (keys !== 2 || typeof qty !== 'number' || typeof price !== 'number') return shape;
    if (price > OFFER_LIMITS.priceMax) return refuse('offers.refuse.breaks.price', { max: OFFER_LIMITS.priceMax });
    breaks.push({ qty, price });
  }
  const problem = priceBreaksProblem(breaks);
  if (problem === 'price') return refuse('offers.refuse.breaks.price', { max: OFFER_LIMITS.priceMax });
  if (problem) return refuse(`offers.refuse.breaks.${problem}`);
  return { breaks };
}

// ── Lines ──────────────────────────────────────────────────────────────────────────────────────

const OVERLONG = Symbol('overlong');

type NumberedLine = { line: number; text: string | typeof OVERLONG };

/**
 * Text chunks → numbered lines, one array per chunk (an async step per line would cost more than
 * reading it). Each chunk is scanned once (no rescanning of a growing buffer); a line past the
 * limit is reported once and its rest skipped, not buffered.
 */
async function* numberedLines(chunks: AsyncIterable<string>): AsyncGenerator<NumberedLine[]> {
  let pending = '';
  let pendingLength = 0;
  let line = 0;
  let skipping = false;
  for await (const chunk of chunks) {
    const out: NumberedLine[] = [];
    let from = 0;
    let at: number;
    while ((at = chunk.indexOf('\n', from)) >= 0) {
      line++;
      if (skipping) skipping = false;
      else {
        const text = pending + chunk.slice(from, at);
        out.push({ line, text: text.endsWith('\r') ? text.slice(0, -1) : text });
      }
      pending = '';
      pendingLength = 0;
      from = at + 1;
    }
    if (!skipping) {
      const rest = chunk.slice(from);
      pendingLength += rest.length;
      if (pendingLength > OFFER_LIMITS.lineMaxBytes) {
        out.push({ line: line + 1, text: OVERLONG });
        skipping = true;
        pending = '';
        pendingLength = 0;
      } else pending += rest;
    }
    if (out.length) yield out;
  }
  if (!skipping && pending.trim() !== '') yield [{ line: line + 1, text: pending.replace(/\r$/, '') }];
}

function ndjsonLine(line: number, t: string | typeof OVERLONG, options: ReadOptions): OfferLine | null {
  if (t === OVERLONG) return { line, ...refuse('offers.refuse.tooLong', { max: OFFER_LIMITS.lineMaxBytes }) };
  if (t.trim() === '') return null;
  if (t.includes('\uFFFD')) return { line, ...refuse('offers.refuse.utf8') };
  let value: unknown;
  try {
    value = JSON.parse(t);
  } catch (e) {
    return { line, ...refuse('offers.refuse.json', { detail: (e as Error).message.slice(0, 80) }) };
  }
  const checked = validateOffer(value, options);
  return 'offer' in checked ? { line, offer: checked.offer } : { line, refusal: checked.refusal };
}

/** NDJSON: one JSON object per line; blank lines are ignored. Lines come in batches. */
export async function* readOfferNdjsonBatches(chunks: AsyncIterable<string>, options: ReadOptions): AsyncGenerator<OfferLine[]> {
  for await (const batch of numberedLines(chunks)) {
    const out: OfferLine[] = [];
    for (const { line, text } of batch) {
      const item = ndjsonLine(line, text, options);
      if (item) out.push(item);
    }
    if (out.length) yield out;
  }
}

/** CSV price breaks: `1:0.52;10:0.45;100:0.38` (quantity:price pairs). */
export function parseCsvBreaks(cell: string): unknown {
  if (cell.trim() === '') return [];
  return cell.split(';').map((pair) => {
    const m = /^\s*([^:]+):([^:]+?)\s*$/.exec(pair);
    if (!m) return null;
    const qty = m[1]!.trim();
    const price = m[2]!.trim();
    // Plain decimals only: "1e3", "0x10" or "" are not numbers a price list would hold.
    const decimal = /^-?\d+(?:\.\d+)?$/;
    return { qty: decimal.test(qty) ? Number(qty) : qty, price: decimal.test(price) ? Number(price) : price };
  });
}

const INTEGER_CELL = /^-?\d+(?:\.\d+)?$/;
const asNumber = (cell: string) => (INTEGER_CELL.test(cell) ? Number(cell) : cell);

/** A CSV row (header → cell) → the plain object validateOffer reads. Empty cells are absent. */
export function csvRowToOffer(header: readonly string[], fields: readonly string[]): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  header.forEach((name, i) => {
    const cell = (fields[i] ?? '').trim();
    if (cell === '') return;
    if (name === 'stock' || name === 'moq' || name === 'multiple') value[name] = asNumber(cell);
    else if (name === 'priceBreaks') value[name] = parseCsvBreaks(cell);
    else value[name] = cell;
  });
  return value;
}

/** CSV with a header row naming the fields (any order); price breaks as `qty:price;…`. */
export async function* readOfferCsv(chunks: AsyncIterable<string>, options: ReadOptions): AsyncGenerator<OfferLine> {
  let header: string[] | undefined;
  let lastLine = 1;
  try {
    for await (const { line, fields } of readCsvRows(chunks)) {
      lastLine = line;
      if (!header) {
        header = fields.map((f) => f.trim().replace(/^\uFEFF/, ''));
        const unknown = header.filter((h) => !(OFFER_FIELDS as readonly string[]).includes(h));
        const missing = REQUIRED_FIELDS.filter((f) => !header!.includes(f));
        const repeated = header.filter((h, i) => header!.indexOf(h) !== i);
        const detail = [unknown.length ? `unknown ${unknown.join(', ')}` : '', missing.length ? `missing ${missing.join(', ')}` : '', repeated.length ? `repeated ${repeated.join(', ')}` : ''].filter(Boolean).join('; ');
        if (detail) {
          yield { line, ...refuse('offers.refuse.header', { detail: detail.slice(0, 200) }) };
          return;
        }
        continue;
      }
      if (fields.some((f) => f.includes('\uFFFD'))) {
        yield { line, ...refuse('offers.refuse.utf8') };
        continue;
      }
      if (fields.some((f) => f.length > OFFER_LIMITS.lineMaxBytes)) {
        yield { line, ...refuse('offers.refuse.tooLong', { max: OFFER_LIMITS.lineMaxBytes }) };
        continue;
      }
      if (fields.length !== header.length) {
        yield { line, ...refuse('offers.refuse.columns', { expected: header.length, found: fields.length }) };
        continue;
      }
      yield { line, ...validateOffer(csvRowToOffer(header, fields), options) };
    }
  } catch (e) {
    // The CSV reader names the row it stopped at ("line N: …").
    const message = (e as Error).message;
    const at = /^line (\d+): /.exec(message);
    yield { line: at ? Number(at[1]) : lastLine, ...refuse('offers.refuse.csv', { detail: message.slice(at ? at[0].length : 0, 120) }) };
  }
}

/**
 * Refuses a second offer with the same key (part, distributor, distributor's SKU) as an earlier
 * line: the stored table holds one row per key, and which of two lines should win is the
 * operator's call, not ours.
 */
export async function* refuseDuplicates(batches: AsyncIterable<OfferLine[]>): AsyncGenerator<OfferLine[]> {
  const seen = new Map<string, number>();
  for await (const batch of batches) {
    yield batch.map((item) => {
      if (!('offer' in item)) return item;
      const key = `${item.offer.mfgMpnCode}\u0000${item.offer.distributor}\u0000${item.offer.distributorSku}`;
      const first = seen.get(key);
      if (first !== undefined) return { line: item.line, ...refuse('offers.refuse.duplicate', { line: first }) };
      seen.set(key, item.line);
      return item;
    });
  }
}

async function* inBatches<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** The reader for a file name: `.csv` is CSV, anything else NDJSON; duplicates refused in both. Batches of lines. */
export function readOfferBatches(fileName: string, chunks: AsyncIterable<string>, options: ReadOptions): AsyncGenerator<OfferLine[]> {
  return refuseDuplicates(/\.csv$/i.test(fileName) ? inBatches(readOfferCsv(chunks, options), 1000) : readOfferNdjsonBatches(chunks, options));
}

/** The same, line by line. */
export async function* readOffers(fileName: string, chunks: AsyncIterable<string>, options: ReadOptions): AsyncGenerator<OfferLine> {
  for await (const batch of readOfferBatches(fileName, chunks, options)) yield* batch;
}
