import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../server/app-env.ts';
import { envelopeOf, errorResponses, ok } from '../server/envelope.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { validationHook } from '../server/validation.ts';
import { SearchSupplyChainResultSchema, SearchSupplyChainSchema } from './offers.schema.ts';
import { CURRENCY_CODES, searchSupplyChain } from './offers.server.ts';

// ADR 0015 §4: `kicad/searchSupplyChain`, the distributors' offers per part for the KiCad host
// and anyone else (public, like the product page that shows the same offers). Offers come only
// from the operator import or a registered adapter (none is registered): nothing is invented.

export const offersRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  createRoute({
    method: 'post',
    path: '/chiplet/kicad/searchSupplyChain',
    tags: ['kicad'],
    summary: 'Distributor offers per part (KiCad ≥ 9.0.5 path): stock, MOQ, price breaks, unit price for a quantity, converted for display',
    description:
      'Give `mfgMpnCode` or `mfgMpnCodes` (at most 100). Per part: every offer with `stale` (older than OFFERS_STALE_AFTER_HOURS), `unitPrice` for `quantity` (default 1; ordered quantity at least the MOQ and a multiple of `multiple`), and `display`, converted to `currency` (default CNY) with the operator-set rates, or null with `displayReason` when a rate is missing. Sorted in stock first, then cheapest. Parts without offers have an empty list; codes not in the catalogue have `found: false`.',
    request: { body: { content: { 'application/json': { schema: SearchSupplyChainSchema } }, required: true } },
    responses: {
      200: { description: 'Offers per part', content: { 'application/json': { schema: envelopeOf(SearchSupplyChainResultSchema) } } },
      ...errorResponses,
    },
  }),
  async (c) => {
    const body = c.req.valid('json');
    const locale = c.var.locale;
    if (body.currency !== undefined && !CURRENCY_CODES.has(body.currency)) {
      throw new AppError(Code.badInput, serverMessage('field', locale, { field: 'currency', problem: serverMessage('offers.currency.unknown', locale, { value: body.currency }) }));
    }
    const codes = body.mfgMpnCodes ?? (body.mfgMpnCode !== undefined ? [body.mfgMpnCode] : []);
    return c.json(ok(await searchSupplyChain(c.var.db, codes, { locale, ...(body.currency ? { currency: body.currency } : {}), ...(body.quantity ? { quantity: body.quantity } : {}) })), 200);
  },
);
