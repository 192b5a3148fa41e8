import type { PartOffers, SearchSupplyChainResult } from '../offers/offers.schema.ts';
import { apiFetch } from './api.ts';

// The browser's side of kicad/searchSupplyChain (ADR 0015 §4): offers for up to 100 parts, priced
// for a quantity and shown in CNY. Quiet: a panel that cannot load offers simply shows none.

export const OFFER_CODES_MAX = 100;

export async function searchOffers(mfgMpnCodes: readonly string[], quantity: number, signal?: AbortSignal): Promise<Map<string, PartOffers>> {
  const codes = [...new Set(mfgMpnCodes)].slice(0, OFFER_CODES_MAX);
  if (codes.length === 0) return new Map();
  const env = await apiFetch<SearchSupplyChainResult>('/api/chiplet/kicad/searchSupplyChain', {
    method: 'POST',
    body: { mfgMpnCodes: codes, quantity: Math.min(100_000_000, Math.max(1, Math.floor(quantity))) },
    suppressError: true,
    ...(signal ? { signal } : {}),
  });
  if (env?.code !== 200000) throw new Error(env?.msg ?? 'offers unavailable');
  return new Map(env.result.list.map((p) => [p.mfgMpnCode, p]));
}
