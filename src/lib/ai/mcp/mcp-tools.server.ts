import { z } from 'zod';
import { MAX_KEYWORD_LENGTH } from '../../search/search.schema.ts';
import { searchProducts } from '../../search/search.server.ts';
import type { AiTool } from '../ai-tools.ts';

// The tools /mcp serves. Interim: the assistant's tool set (tools.server.ts, `aiTools()`) is being
// written alongside; until it is merged the endpoint serves this one catalogue search, so /mcp is
// useful from the start. At merge this body becomes `return aiTools();`.

const SearchPartsInput = z.strictObject({
  query: z.string().trim().min(1).max(MAX_KEYWORD_LENGTH).describe('Part number, category or parameter words, e.g. "3.3V LDO 1A SOT-223" or "LM358"'),
  limit: z.number().int().min(1).max(20).default(8).describe('How many parts to return, best first'),
});

const interimSearchParts: AiTool<typeof SearchPartsInput> = {
  name: 'searchParts',
  description: 'Search the Chipedia component catalogue by part number, category and parameter constraints (Chinese or English). Returns real catalogue parts, best first, with their parameters.',
  input: SearchPartsInput,
  async run(ctx, input) {
    const r = await searchProducts(ctx.db, { keyword: input.query, pageNum: 1, pageSize: input.limit, locale: ctx.locale });
    return {
      data: {
        total: r.total,
        parts: r.list.map((p) => ({
          mfgMpnCode: p.mfgMpnCode,
          mpn: p.mpn,
          brand: p.brandName,
          category: p.cateName,
          package: p.package,
          description: p.description,
          params: Object.fromEntries(p.params.map((q) => [q.key, q.text ?? (q.value === null ? null : `${q.value}${q.unit ?? ''}`)])),
        })),
      },
    };
  },
};

export async function mcpTools(): Promise<AiTool[]> {
  return [interimSearchParts as unknown as AiTool];
}
