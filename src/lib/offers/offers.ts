// Supply-chain offers (issue #17 item 5, ADR 0015 §4), the pure part: which price break applies to
// a quantity, when an offer is stale, and currency conversion. Money is integer micros (millionths
// of a unit) so that conversion and comparison never drift the way float arithmetic does; the
// multiplications go through BigInt because micros × rate micros passes 2^53.

export type PriceBreak = { qty: number; price: number };

/** 1 unit = 1,000,000 micros. */
export const MICROS = 1_000_000;

/** A price or rate given as a decimal number → integer micros (half away from zero). */
export function toMicros(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value) * MICROS);
}

/** "7.12" / "0.000123" → micros, or null when the text is not a plain positive decimal with ≤ 6 decimals. */
export function parseDecimalMicros(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!m) return null;
  const micros = Number(m[1]) * MICROS + Number((m[2] ?? '').padEnd(6, '0'));
  return micros > 0 ? micros : null;
}

/** Micros → decimal text with `decimals` digits (rounded half away from zero). */
export function formatMicros(micros: number, decimals: number): string {
  const digits = Math.max(0, Math.min(6, decimals));
  const step = 10 ** (6 - digits);
  const rounded = Math.round(Math.abs(micros) / step);
  const whole = Math.floor(rounded / 10 ** digits);
  const fraction = rounded % 10 ** digits;
  const sign = micros < 0 && rounded > 0 ? '-' : '';
  return digits === 0 ? `${sign}${whole}` : `${sign}${whole}.${String(fraction).padStart(digits, '0')}`;
}

/**
 * Converts an amount between currencies through CNY. Rates are CNY per unit in micros
 * (CNY itself is 1,000,000). Result rounded to the nearest micro.
 */
export function convertMicros(amountMicros: number, fromRateMicros: number, toRateMicros: number): number {
  if (fromRateMicros === toRateMicros) return amountMicros;
  const numerator = BigInt(amountMicros) * BigInt(fromRateMicros);
  const denominator = BigInt(toRateMicros);
  // Round half up on the absolute value.
  const sign = numerator < 0n ? -1n : 1n;
  const abs = numerator * sign;
  return Number(sign * ((abs * 2n + denominator) / (2n * denominator)));
}

/**
 * The quantity actually ordered for a wanted quantity: at least the minimum, rounded up to the
 * multiple (distributors sell reels and tubes whole).
 */
export function orderQuantity(wanted: number, moq: number, multiple: number): number {
  const atLeast = Math.max(wanted, moq, 1);
  const step = Math.max(1, multiple);
  return Math.ceil(atLeast / step) * step;
}

export type UnitPrice = { orderQuantity: number; breakQty: number; priceMicros: number };

/**
 * The unit price for ordering `wanted` pieces: the break with the largest quantity not above the
 * order quantity. Below the first break the first break's price applies (the distributor's
 * smallest sale). Null when the offer lists no prices.
 */
export function unitPriceFor(breaks: readonly PriceBreak[], wanted: number, moq = 1, multiple = 1): UnitPrice | null {
  if (breaks.length === 0) return null;
  const qty = orderQuantity(wanted, moq, multiple);
  let chosen = breaks[0]!;
  for (const b of breaks) if (b.qty <= qty) chosen = b;
  return { orderQuantity: qty, breakQty: chosen.qty, priceMicros: toMicros(chosen.price) };
}

/** True when the offer's data is older than `staleAfterHours` at `now`. */
export function isStale(dataTime: Date, now: Date, staleAfterHours: number): boolean {
  return now.getTime() - dataTime.getTime() > staleAfterHours * 3_600_000;
}

/** Why a price breaks list is unusable, or null: quantities must be positive integers strictly ascending, prices ≥ 0. */
export function priceBreaksProblem(breaks: readonly PriceBreak[]): 'empty' | 'qty' | 'order' | 'price' | null {
  if (breaks.length === 0) return 'empty';
  let last = 0;
  for (const b of breaks) {
    if (!Number.isInteger(b.qty) || b.qty < 1) return 'qty';
    if (!Number.isFinite(b.price) || b.price < 0) return 'price';
    if (b.qty <= last) return 'order';
    last = b.qty;
  }
  return null;
}

export type SortableOffer = { stock: number; cnyMicros: number | null; distributor: string };

/**
 * Offers in the order buyers read them: in stock first, then cheapest (compared in CNY when both
 * can be converted; offers without a rate or a price after those that have one), then by name.
 */
export function compareOffers(a: SortableOffer, b: SortableOffer): number {
  const stockA = a.stock > 0 ? 0 : 1;
  const stockB = b.stock > 0 ? 0 : 1;
  if (stockA !== stockB) return stockA - stockB;
  const priceA = a.cnyMicros ?? Number.POSITIVE_INFINITY;
  const priceB = b.cnyMicros ?? Number.POSITIVE_INFINITY;
  if (priceA !== priceB) return priceA < priceB ? -1 : 1;
  return a.distributor.localeCompare(b.distributor);
}

/** Only http(s) links are kept; the server never fetches them. */
export function isSafeLink(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * An offer from a dated catalogue snapshot (the JLCPCB/LCSC snapshot's LCSC prices, source
 * 'snapshot:<name>'): shown with its date and "snapshot, not live", never as current availability.
 */
export function isSnapshotOffer(source: string): boolean {
  return source.startsWith('snapshot:');
}
