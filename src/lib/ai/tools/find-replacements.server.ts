// findReplacements: the replacement engine (issue #12) for a part: drop-in, pin-compatible and
// functional candidates with the reason for each grade.

import { z } from 'zod';
import { getReplaces } from '../../replace/replace.server.ts';
import { AI_LIMITS } from '../ai.ts';
import type { AiTool, AiToolContext, AiToolResult } from '../ai-tools.ts';
import { idsOfCodes, loadParts } from './parts.server.ts';
import { resolvePart } from './resolve.server.ts';

export const findReplacementsInput = z.object({
  part: z.string().min(1).max(160).describe('Part number or catalogue code of the part to replace'),
  domesticOnly: z.boolean().optional().describe('Only Chinese brands'),
  limit: z.number().int().min(1).max(AI_LIMITS.parts).optional(),
});

export type ReplacementsData = {
  original: { typed: string; mfgMpnCode: string | null; mpn: string | null };
  total: number;
  list: Array<{
    mfgMpnCode: string;
    mpn: string;
    brand: string | null;
    package: string | null;
    grade: string;
    reason: string;
    /** Where each side's pin table comes from; null: none, the pins are not verified. */
    pinTables: { original: string | null; candidate: string | null };
    domestic: boolean;
  }>;
};

export async function runFindReplacements(ctx: AiToolContext, input: z.infer<typeof findReplacementsInput>): Promise<AiToolResult & { data: ReplacementsData }> {
  const resolved = await resolvePart(ctx.db, input.part, ctx.locale, 1);
  const code = resolved.codes[0];
  if (!code)
    return {
      data: {
        original: { typed: input.part, mfgMpnCode: null, mpn: null },
        total: 0,
        list: [],
      },
      parts: [],
    };
  const limit = input.limit ?? AI_LIMITS.parts;
  const result = await getReplaces(
    ctx.db,
    {
      mfgMpnCode: code,
      pageNum: 1,
      pageSize: limit,
      ...(input.domesticOnly ? { domesticOnly: true } : {}),
    },
    ctx.locale,
    ctx.userId,
  );
  const [original] = await loadParts(ctx.db, resolved.ids.slice(0, 1), ctx.locale);
  const ids = await idsOfCodes(
    ctx.db,
    result.list.map((c) => c.mfgMpnCode),
  );
  const diffKeys = new Map(result.list.map((c) => [c.mfgMpnCode, c.diff.filter((d) => d.verdict === 'same' || d.verdict === 'better').map((d) => d.key)]));
  const loaded = await loadParts(ctx.db, ids, ctx.locale);
  const parts = loaded.map((l) => ({
    ...l.part,
    matched: diffKeys.get(l.part.mfgMpnCode) ?? [],
  }));
  return {
    data: {
      original: {
        typed: input.part,
        mfgMpnCode: code,
        mpn: result.original.mpn,
      },
      total: result.total,
      list: result.list.map((c) => ({
        mfgMpnCode: c.mfgMpnCode,
        mpn: c.mpn,
        brand: c.brandName,
        package: c.package,
        grade: c.grade,
        reason: c.reason,
        pinTables: c.pinTables,
        domestic: c.domestic,
      })),
    },
    parts: [...(original ? [original.part] : []), ...parts],
  };
}

export const findReplacementsTool: AiTool<typeof findReplacementsInput> = {
  name: 'findReplacements',
  description:
    'Replacement candidates for a catalogue part, graded dropIn (same footprint and pin map, every parameter within the original), pinCompatible (same footprint and pin tables that agree, some parameter outside), packageCompatible (same footprint, a pin table unknown: pins not verified) or functional (same function, other package), with the reason.',
  input: findReplacementsInput,
  run: runFindReplacements,
};
