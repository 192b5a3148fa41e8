// partDetails: one catalogue part's facts (parameters, description, lifecycle, datasheet, pins),
// by catalogue code or by a typed part number resolved through the search engine.

import { z } from 'zod';
import { productDetail } from '../../catalog/detail.server.ts';
import type { AiTool, AiToolContext, AiToolResult } from '../ai-tools.ts';
import { loadParts } from './parts.server.ts';
import { resolvePart } from './resolve.server.ts';

/** Parameters handed to the model (a part rarely has more; the bound keeps the result small). */
const MAX_PARAMS = 40;

export const partDetailsInput = z
  .object({
    mfgMpnCode: z.string().max(160).optional().describe('Catalogue code from a searchParts result'),
    mpn: z.string().max(100).optional().describe('A part number as written, e.g. "AMS1117-3.3"'),
  })
  .refine((i) => !!(i.mfgMpnCode || i.mpn), {
    message: 'mfgMpnCode or mpn is required',
  });

export async function runPartDetails(ctx: AiToolContext, input: z.infer<typeof partDetailsInput>): Promise<AiToolResult> {
  const typed = (input.mfgMpnCode || input.mpn || '').trim();
  const resolved = await resolvePart(ctx.db, typed, ctx.locale, 1);
  const code = resolved.codes[0];
  if (!code)
    return {
      data: { found: false, typed, didYouMean: resolved.didYouMean },
      parts: [],
    };
  const detail = await productDetail(ctx.db, code, ctx.locale, {
    similar: false,
  });
  const [loaded] = await loadParts(ctx.db, [detail.id], ctx.locale, new Map(), MAX_PARAMS);
  return {
    data: {
      found: true,
      exact: resolved.exact,
      mfgMpnCode: detail.mfgMpnCode,
      mpn: detail.mpn,
      brand: detail.brand?.name ?? null,
      country: detail.brand?.country ?? null,
      category: detail.categoryPath.map((c) => c.cateName).join(' / '),
      description: detail.description?.slice(0, 400) ?? null,
      package: detail.package,
      lifecycle: detail.lifecycle,
      datasheetUrl: detail.datasheetUrl,
      pinCount: detail.pins.length,
      params: Object.fromEntries(detail.params.slice(0, MAX_PARAMS).map((p) => [p.key, p.display])),
    },
    parts: loaded ? [loaded.part] : [],
  };
}

export const partDetailsTool: AiTool<typeof partDetailsInput> = {
  name: 'partDetails',
  description: "One catalogue part's details: parameters, description, package, lifecycle, datasheet link, pin count. Give mfgMpnCode (from searchParts) or a part number.",
  input: partDetailsInput,
  run: runPartDetails,
};
