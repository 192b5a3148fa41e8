// compareParts: 2–4 catalogue parts side by side on the parameter keys they share.

import { z } from 'zod';
import type { AiTool, AiToolContext, AiToolResult } from '../ai-tools.ts';
import { aiParam, loadParts, type LoadedPart } from './parts.server.ts';
import { resolvePart } from './resolve.server.ts';
import { formatParamValue, paramNames } from '../../catalog/filters.ts';
import { runnerOf } from '../../server/db/raw-sql.server.ts';

export const comparePartsInput = z.object({
  parts: z.array(z.string().min(1).max(160)).min(2).max(4).describe('2–4 part numbers or catalogue codes'),
});

export type CompareRow = { key: string; name: string; values: string[] };
export type CompareData = {
  parts: Array<{
    typed: string;
    mfgMpnCode: string | null;
    mpn: string | null;
  }>;
  rows: CompareRow[];
  missing: string[];
};

/** Rows shown at most (shared keys first, in name order). */
const MAX_ROWS = 24;

export async function runCompareParts(ctx: AiToolContext, input: z.infer<typeof comparePartsInput>): Promise<AiToolResult & { data: CompareData }> {
  const resolved = await Promise.all(input.parts.map((typed) => resolvePart(ctx.db, typed, ctx.locale, 1)));
  const ids = resolved.map((r) => r.ids[0]).filter((id): id is number => id !== undefined);
  const loaded = await loadParts(ctx.db, [...new Set(ids)], ctx.locale);
  const byId = new Map(loaded.map((l) => [l.id, l]));
  const found = resolved.map((r) => (r.ids[0] !== undefined ? (byId.get(r.ids[0]) ?? null) : null));
  const present = found.filter((l): l is LoadedPart => l !== null);
  const rows = present.length >= 2 ? await sharedRows(ctx, present) : [];
  return {
    data: {
      parts: resolved.map((r, i) => ({
        typed: r.typed,
        mfgMpnCode: found[i]?.part.mfgMpnCode ?? null,
        mpn: found[i]?.part.mpn ?? null,
      })),
      rows,
      missing: resolved.filter((_, i) => !found[i]).map((r) => r.typed),
    },
    parts: present.map((l) => ({ ...l.part, matched: rows.map((r) => r.key) })),
  };
}

/** Keys every part states (then keys most parts state), with each part's displayed value. */
async function sharedRows(ctx: AiToolContext, parts: readonly LoadedPart[]): Promise<CompareRow[]> {
  const rows = await runnerOf(ctx.db).rows<{
    product_id: number;
    key: string;
    value_num: number | null;
    unit: string | null;
    value_text: string | null;
  }>('SELECT product_id, key, value_num, unit, value_text FROM product_params WHERE product_id = ANY($1::int[])', [parts.map((p) => p.id)]);
  const values = new Map<string, Map<number, string>>();
  for (const r of rows) {
    if (!values.has(r.key)) values.set(r.key, new Map());
    values.get(r.key)!.set(r.product_id, formatParamValue(r.value_num === null ? null : Number(r.value_num), r.value_text, r.unit));
  }
  const name = (key: string) => (ctx.locale === 'en' ? paramNames(key).nameEn : paramNames(key).nameZh);
  const out: CompareRow[] = [
    {
      key: 'package',
      name: aiParam('package', null, null, '', ctx.locale).name,
      values: parts.map((p) => p.part.package ?? '—'),
    },
    ...[...values.entries()]
      .filter(([key, m]) => key !== 'package' && m.size >= 2)
      .sort((a, b) => b[1].size - a[1].size || name(a[0]).localeCompare(name(b[0])))
      .map(([key, m]) => ({
        key,
        name: name(key),
        values: parts.map((p) => m.get(p.id) ?? '—'),
      })),
  ];
  return out.slice(0, MAX_ROWS);
}

export const comparePartsTool: AiTool<typeof comparePartsInput> = {
  name: 'compareParts',
  description: 'Compare 2–4 catalogue parts side by side on the parameters they share (part numbers or catalogue codes).',
  input: comparePartsInput,
  run: runCompareParts,
};
