import { z } from '@hono/zod-openapi';
import { en } from '../server/messages/en.ts';
import { fillMessage } from '../server/messages/server-message.ts';
import { zh } from '../server/messages/zh.ts';

// The shapes of the offers calls (ADR 0015 §4): `kicad/searchSupplyChain` in and out, and the
// rates `user/getCurrency` adds. Declared once for the route, the page and the tests.

export const SEARCH_CODES_MAX = 100;
export const QUANTITY_MAX = 100_000_000;

const both = (key: keyof typeof zh & keyof typeof en, vars: Record<string, string | number> = {}) => ({ zh: fillMessage(zh[key], vars), en: fillMessage(en[key], vars) });
const PartCode = z.string().regex(/^[\w.~-]{1,160}$/, 'must be a part code (letters, digits, . _ ~ -; at most 160)');
const CurrencyCode = z.string().regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO 4217 code').transform((c) => c.toUpperCase());

export const SearchSupplyChainSchema = z
  .strictObject({
    mfgMpnCode: PartCode.optional(),
    mfgMpnCodes: z.array(PartCode).min(1).optional(),
    currency: CurrencyCode.optional().openapi({ description: 'Display currency (default CNY); converted with the operator-set rates' }),
    quantity: z.number().int().min(1).max(QUANTITY_MAX).optional().openapi({ description: 'Pieces wanted (default 1): picks the price break' }),
  })
  .superRefine((v, ctx) => {
    const problem =
      v.mfgMpnCode === undefined && v.mfgMpnCodes === undefined
        ? both('offers.codes.required')
        : v.mfgMpnCode !== undefined && v.mfgMpnCodes !== undefined
          ? both('offers.codes.both')
          : (v.mfgMpnCodes?.length ?? 0) > SEARCH_CODES_MAX
            ? both('offers.codes.tooMany', { max: SEARCH_CODES_MAX })
            : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem.zh, params: { en: problem.en }, path: ['mfgMpnCodes'] });
  })
  .openapi('SearchSupplyChain');
export type SearchSupplyChainInput = z.infer<typeof SearchSupplyChainSchema>;

const PriceBreakSchema = z.object({ qty: z.number().int(), price: z.number() });

export const OfferViewSchema = z
  .object({
    distributor: z.string(),
    distributorSku: z.string(),
    stock: z.number().int(),
    moq: z.number().int(),
    multiple: z.number().int(),
    packaging: z.string().nullable(),
    currency: z.string(),
    priceBreaks: z.array(PriceBreakSchema).openapi({ description: 'Ascending quantities, prices in `currency`' }),
    url: z.string().nullable().openapi({ description: 'http(s) only; never fetched by our server' }),
    dataTime: z.string().openapi({ format: 'date-time', description: 'When the distributor’s data was taken' }),
    source: z.string().openapi({ description: "'import' or 'adapter:<name>'" }),
    stale: z.boolean().openapi({ description: 'dataTime older than OFFERS_STALE_AFTER_HOURS' }),
    unitPrice: z
      .object({ quantity: z.number().int().openapi({ description: 'Pieces ordered: at least moq, a multiple of multiple' }), breakQty: z.number().int(), price: z.number(), currency: z.string() })
      .nullable(),
    display: z
      .object({ currency: z.string(), unitPrice: z.number(), unitPriceText: z.string(), priceBreaks: z.array(z.object({ qty: z.number().int(), price: z.number(), text: z.string() })) })
      .nullable()
      .openapi({ description: 'Converted to the display currency; null when a rate is missing (see displayReason)' }),
    displayReason: z.string().nullable(),
  })
  .openapi('SupplyOffer');
export type OfferView = z.infer<typeof OfferViewSchema>;

export const PartOffersSchema = z
  .object({
    mfgMpnCode: z.string(),
    /** False for a code the catalogue does not have. */
    found: z.boolean(),
    offers: z.array(OfferViewSchema).openapi({ description: 'In stock first, then cheapest; empty when no offers are known' }),
  })
  .openapi('PartOffers');
export type PartOffers = z.infer<typeof PartOffersSchema>;

export const SearchSupplyChainResultSchema = z.object({
  currency: z.string(),
  quantity: z.number().int(),
  staleAfterHours: z.number().int(),
  list: z.array(PartOffersSchema),
});
export type SearchSupplyChainResult = z.infer<typeof SearchSupplyChainResultSchema>;

/** What user/getCurrency adds to each currency. */
export const CurrencyRateFields = {
  rateToCny: z.number().nullable().openapi({ description: 'CNY per unit set by an operator (`npm run rates`); CNY is 1; null when not set' }),
  rateUpdatedAt: z.string().nullable().openapi({ format: 'date-time' }),
};
