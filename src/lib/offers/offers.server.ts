import { asc, eq, inArray } from 'drizzle-orm';
import type { Locale } from '../i18n/i18n.ts';
import { getConfig } from '../server/config.server.ts';
import type { Db } from '../server/db/client.server.ts';
import { currencyRates, products, supplyOffers } from '../server/db/schema/index.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { CURRENCIES } from '../users/account.server.ts';
import { compareOffers, convertMicros, formatMicros, isStale, MICROS, toMicros, unitPriceFor } from './offers.ts';
import type { OfferRecord } from './offers-import.ts';
import type { OfferView, PartOffers, SearchSupplyChainResult } from './offers.schema.ts';

// Offers as the API and the product page show them (ADR 0015 §4): per part, each offer with its
// staleness, the unit price for a quantity and that price converted to a display currency with
// the operator's rates; and the rates themselves (`npm run rates`, user/getCurrency).

export type Rate = { rateMicros: number; updatedAt: Date | null };

/** Known currency codes (the ISO list of user/getCurrency). */
export const CURRENCY_CODES: ReadonlySet<string> = new Set(CURRENCIES.map((c) => c.code));

const decimalsOf = (code: string) => CURRENCIES.find((c) => c.code === code)?.decimals ?? 2;
/** Unit prices of parts run to fractions of a cent: two digits more than the currency's own. */
const priceDigits = (code: string) => Math.min(6, decimalsOf(code) + 2);

/** Operator rates by currency; CNY is always there at 1. */
export async function getRates(db: Db): Promise<Map<string, Rate>> {
  const rows = await db.select().from(currencyRates);
  const rates = new Map<string, Rate>(rows.map((r) => [r.currency, { rateMicros: r.rateMicros, updatedAt: r.updatedAt }]));
  rates.set('CNY', { rateMicros: MICROS, updatedAt: null });
  return rates;
}

export async function setRate(db: Db, currency: string, rateMicros: number, setBy: string): Promise<void> {
  await db
    .insert(currencyRates)
    .values({ currency, rateMicros, setBy, updatedAt: new Date() })
    .onConflictDoUpdate({ target: currencyRates.currency, set: { rateMicros, setBy, updatedAt: new Date() } });
}

export async function deleteRate(db: Db, currency: string): Promise<boolean> {
  const gone = await db.delete(currencyRates).where(eq(currencyRates.currency, currency)).returning({ currency: currencyRates.currency });
  return gone.length > 0;
}

export async function listRates(db: Db): Promise<{ currency: string; rateToCny: string; setBy: string | null; updatedAt: string }[]> {
  const rows = await db.select().from(currencyRates).orderBy(asc(currencyRates.currency));
  return rows.map((r) => ({ currency: r.currency, rateToCny: formatMicros(r.rateMicros, 6), setBy: r.setBy, updatedAt: r.updatedAt.toISOString() }));
}

/** user/getCurrency: every currency with the operator's rate to CNY (CNY itself 1). */
export async function currenciesWithRates(db: Db) {
  const rates = await getRates(db);
  return CURRENCIES.map((c) => {
    const rate = rates.get(c.code);
    return { ...c, rateToCny: rate ? rate.rateMicros / MICROS : null, rateUpdatedAt: rate?.updatedAt?.toISOString() ?? null };
  });
}

/** An offer as read back: the import's record, keyed by the part's code, with where it came from. */
type StoredOffer = Omit<OfferRecord, 'mfgMpnCode'> & { code: string; source: string };

export type OfferViewOptions = { currency: string; quantity: number; locale: Locale; now: Date; staleAfterHours: number; rates: ReadonlyMap<string, Rate> };

/** One stored offer as shown: stale mark, unit price for the quantity, display conversion. */
export function offerView(o: StoredOffer, options: OfferViewOptions): OfferView & { cnyMicros: number | null } {
  const unit = unitPriceFor(o.priceBreaks, options.quantity, o.moq, o.multiple);
  const from = options.rates.get(o.currency);
  const to = options.rates.get(options.currency);
  let display: OfferView['display'] = null;
  let displayReason: string | null = null;
  if (!unit) displayReason = serverMessage('offers.display.noPrice', options.locale);
  else if (!from || !to) displayReason = serverMessage('offers.display.noRate', options.locale, { currency: !from ? o.currency : options.currency });
  else {
    const digits = priceDigits(options.currency);
    const convert = (micros: number) => convertMicros(micros, from.rateMicros, to.rateMicros);
    const unitMicros = convert(unit.priceMicros);
    display = {
      currency: options.currency,
      unitPrice: unitMicros / MICROS,
      unitPriceText: formatMicros(unitMicros, digits),
      priceBreaks: o.priceBreaks.map((b) => {
        const m = convert(toMicros(b.price));
        return { qty: b.qty, price: m / MICROS, text: formatMicros(m, digits) };
      }),
    };
  }
  return {
    distributor: o.distributor,
    distributorSku: o.distributorSku,
    stock: o.stock,
    moq: o.moq,
    multiple: o.multiple,
    packaging: o.packaging,
    currency: o.currency,
    priceBreaks: o.priceBreaks,
    url: o.url,
    dataTime: o.dataTime.toISOString(),
    source: o.source,
    stale: isStale(o.dataTime, options.now, options.staleAfterHours),
    unitPrice: unit ? { quantity: unit.orderQuantity, breakQty: unit.breakQty, price: unit.priceMicros / MICROS, currency: o.currency } : null,
    display,
    displayReason,
    cnyMicros: unit && from ? convertMicros(unit.priceMicros, from.rateMicros, MICROS) : null,
  };
}

export type SearchOptions = { currency?: string; quantity?: number; locale: Locale; now?: Date; staleAfterHours?: number };

/** `kicad/searchSupplyChain`: offers per requested code, in the order asked (codes repeated once). */
export async function searchSupplyChain(db: Db, codes: readonly string[], options: SearchOptions): Promise<SearchSupplyChainResult> {
  const unique = [...new Set(codes)];
  const currency = options.currency ?? 'CNY';
  const quantity = options.quantity ?? 1;
  const staleAfterHours = options.staleAfterHours ?? getConfig().OFFERS_STALE_AFTER_HOURS;
  const [known, rows, rates] = await Promise.all([
    db.select({ code: products.mfgMpnCode }).from(products).where(inArray(products.mfgMpnCode, unique)),
    db
      .select({
        code: products.mfgMpnCode,
        distributor: supplyOffers.distributor,
        distributorSku: supplyOffers.distributorSku,
        stock: supplyOffers.stock,
        moq: supplyOffers.moq,
        multiple: supplyOffers.multiple,
        packaging: supplyOffers.packaging,
        currency: supplyOffers.currency,
        priceBreaks: supplyOffers.priceBreaks,
        url: supplyOffers.url,
        dataTime: supplyOffers.dataTime,
        source: supplyOffers.source,
      })
      .from(supplyOffers)
      .innerJoin(products, eq(products.id, supplyOffers.productId))
      .where(inArray(products.mfgMpnCode, unique)),
    getRates(db),
  ]);
  const view: OfferViewOptions = { currency, quantity, locale: options.locale, now: options.now ?? new Date(), staleAfterHours, rates };
  const byCode = new Map<string, ReturnType<typeof offerView>[]>();
  for (const row of rows) {
    const list = byCode.get(row.code) ?? [];
    list.push(offerView(row, view));
    byCode.set(row.code, list);
  }
  const found = new Set(known.map((k) => k.code));
  const list: PartOffers[] = unique.map((code) => ({
    mfgMpnCode: code,
    found: found.has(code),
    offers: (byCode.get(code) ?? []).sort((a, b) => compareOffers(a, b)).map(({ cnyMicros: _cny, ...offer }) => offer),
  }));
  return { currency, quantity, staleAfterHours, list };
}
