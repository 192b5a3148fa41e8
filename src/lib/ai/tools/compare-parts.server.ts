// compareParts: 2–4 catalogue parts side by side on the parameter keys they share.

import { z } from 'zod';
import type { AiTool, AiToolContext, AiToolResult } from '../ai-tools.ts';
import { aiParam, loadParts, type LoadedPart } from './parts.server.ts';
import { resolvePart } from './resolve.server.ts';
import { formatParamValue, paramNames } from '../../catalog/filters.ts';
import { runnerOf } from '../../server/db/raw-sql.server.ts';
import { searchSupplyChain } from '../../offers/offers.server.ts';
import { compareVerdict, type CompareAim, type CompareFacts, type CompareVerdict } from '../compare-verdict.ts';

export const comparePartsInput = z.object({
  parts: z.array(z.string().min(1).max(160)).min(2).max(4).describe('2–4 part numbers or catalogue codes'),
  supplyVoltage: z.number().min(0).max(2000).optional().describe('The supply voltage the parts must run from, in V (e.g. 5 for "5V single supply")'),
  singleSupply: z.boolean().optional().describe('True when the use is a single supply (no negative rail)'),
  aims: z
    .array(z.enum(['noise', 'speed', 'precision', 'power', 'current', 'dropout', 'price', 'stock']))
    .max(8)
    .optional()
    .describe('What the question weighs: low noise, speed, precision, low power, output current, dropout, price, stock'),
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
  /** The deciding parameters weighed for the condition, with the recommended part (index into parts found) and why. */
  verdict: CompareVerdict | null;
  /** Per part found: the offers snapshot's unit price at quantity 1 and stock (LCSC, dated). */
  offers: Array<{ mpn: string; price: number | null; currency: string | null; stock: number | null; dataTime: string | null }>;
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
  const offers = present.length >= 2 ? await offerFacts(ctx, present) : [];
  const verdict =
    present.length >= 2
      ? compareVerdict(
          present.map((l, i) => factsOf(l, offers[i]!)),
          { supplyVoltage: input.supplyVoltage ?? null, singleSupply: input.singleSupply ?? false, aims: (input.aims ?? []) as CompareAim[] },
        )
      : null;
  const rows = present.length >= 2 ? await sharedRows(ctx, present, verdict?.keys ?? [], offers) : [];
  return {
    data: {
      parts: resolved.map((r, i) => ({
        typed: r.typed,
        mfgMpnCode: found[i]?.part.mfgMpnCode ?? null,
        mpn: found[i]?.part.mpn ?? null,
      })),
      rows,
      missing: resolved.filter((_, i) => !found[i]).map((r) => r.typed),
      verdict,
      offers: present.map((l, i) => ({ mpn: l.part.mpn, ...offers[i]! })),
    },
    parts: present.map((l) => ({ ...l.part, matched: rows.map((r) => r.key) })),
  };
}

type OfferFact = { price: number | null; currency: string | null; stock: number | null; dataTime: string | null };

/** The first offer with a price per part (the offers snapshot), for the price and stock rows. */
async function offerFacts(ctx: AiToolContext, parts: readonly LoadedPart[]): Promise<OfferFact[]> {
  const chain = await searchSupplyChain(
    ctx.db,
    parts.map((p) => p.part.mfgMpnCode),
    { locale: ctx.locale },
  );
  const byCode = new Map(chain.list.map((l) => [l.mfgMpnCode, l.offers]));
  return parts.map((p) => {
    const list = byCode.get(p.part.mfgMpnCode) ?? [];
    const priced = list.find((o) => o.unitPrice) ?? list[0];
    if (!priced) return { price: null, currency: null, stock: null, dataTime: null };
    return { price: priced.unitPrice?.price ?? null, currency: priced.unitPrice?.currency ?? priced.currency, stock: priced.stock ?? null, dataTime: priced.dataTime };
  });
}

function factsOf(l: LoadedPart, offer: OfferFact): CompareFacts {
  return { mpn: l.part.mpn, nums: l.nums, texts: l.texts, price: offer.price, stock: offer.stock };
}

/** The deciding keys first (verdict order), then keys every part states (then most), with each part's displayed value. */
async function sharedRows(ctx: AiToolContext, parts: readonly LoadedPart[], deciding: readonly string[], offers: readonly OfferFact[]): Promise<CompareRow[]> {
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
    values.get(r.key)!.set(r.product_id, formatParamValue(r.value_num === null ? null : Number(r.value_num), r.value_text, r.unit, ctx.locale));
  }
  const name = (key: string) => (ctx.locale === 'en' ? paramNames(key).nameEn : paramNames(key).nameZh);
  const out: CompareRow[] = [
    {
      key: 'package',
      name: aiParam('package', null, null, '', ctx.locale).name,
      values: parts.map((p) => p.part.package ?? '—'),
    },
    ...deciding
      .filter((key) => !key.startsWith('@'))
      .map((key) => ({ key, name: name(key), values: parts.map((p) => values.get(key)?.get(p.id) ?? '—') })),
    {
      key: '@price',
      name: ctx.locale === 'en' ? 'Unit price (LCSC snapshot)' : '单价（LCSC 快照）',
      values: offers.map((o) => (o.price !== null && o.currency ? `${o.price} ${o.currency}${o.dataTime ? ` (${o.dataTime.slice(0, 10)})` : ''}` : '—')),
    },
    { key: '@stock', name: ctx.locale === 'en' ? 'Stock (LCSC snapshot)' : '库存（LCSC 快照）', values: offers.map((o) => (o.stock !== null ? String(o.stock) : '—')) },
    ...[...values.entries()]
      .filter(([key, m]) => key !== 'package' && m.size >= 2 && !deciding.includes(key))
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
  description:
    'Compare 2–4 catalogue parts side by side on the parameters they share (part numbers or catalogue codes), with unit price and stock from the offers snapshot. Give the condition the question states (supplyVoltage in V, singleSupply, aims) to get the deciding parameters first and data.verdict: the recommended part, the reasons with figures, and the data missing.',
  input: comparePartsInput,
  run: runCompareParts,
};
