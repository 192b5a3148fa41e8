// matchBomLine: one BOM line (part number, maker, description, value, package) through the BOM
// matcher (issue #12), the candidates best first with their confidence.

import { z } from 'zod';
import { DEFAULT_BOM_TRENDS } from '../../bom/bom.schema.ts';
import { matchLines } from '../../bom/match/match-lines.server.ts';
import { serverMessage } from '../../server/messages/server-message.ts';
import { AI_LIMITS } from '../ai.ts';
import type { AiTool, AiToolContext, AiToolResult } from '../ai-tools.ts';
import { loadParts } from './parts.server.ts';

const cell = z.string().max(200).optional();
export const matchBomLineInput = z
  .object({
    mpn: cell,
    manufacturer: cell,
    description: cell,
    value: cell,
    package: cell,
  })
  .refine((l) => Object.values(l).some((v) => v && v.trim() !== ''), {
    message: 'at least one field is required',
  });

export type BomLineData = {
  status: string;
  candidates: Array<{
    mfgMpnCode: string;
    mpn: string;
    confidence: number;
    tier: string;
    reason: string;
  }>;
};

export async function runMatchBomLine(ctx: AiToolContext, input: z.infer<typeof matchBomLineInput>): Promise<AiToolResult & { data: BomLineData }> {
  const fields = Object.fromEntries(Object.entries(input).filter(([, v]) => typeof v === 'string' && v.trim() !== '')) as Record<string, string>;
  const [match] = await matchLines(ctx.db, [{ fields, designators: [], dnp: false }], {
    trends: DEFAULT_BOM_TRENDS,
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  const candidates = (match?.candidates ?? []).slice(0, AI_LIMITS.parts);
  const loaded = await loadParts(
    ctx.db,
    candidates.map((c) => c.productId),
    ctx.locale,
  );
  const byId = new Map(loaded.map((l) => [l.id, l]));
  return {
    data: {
      status: match?.status ?? 'notFound',
      candidates: candidates
        .filter((c) => byId.has(c.productId))
        .map((c) => ({
          mfgMpnCode: byId.get(c.productId)!.part.mfgMpnCode,
          mpn: byId.get(c.productId)!.part.mpn,
          confidence: Math.round(c.confidence * 100) / 100,
          tier: c.tier,
          reason: c.reasons.map((r) => serverMessage(r.key, ctx.locale, r.vars)).join('; '),
        })),
    },
    parts: loaded.map((l) => l.part),
  };
}

export const matchBomLineTool: AiTool<typeof matchBomLineInput> = {
  name: 'matchBomLine',
  description: 'Match one BOM line (any of: mpn, manufacturer, description, value, package) to catalogue parts, best first with confidence and the reason.',
  input: matchBomLineInput,
  run: runMatchBomLine,
};
