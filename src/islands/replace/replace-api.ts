import { apiFetch, pageLocale, type Envelope } from '../../lib/client/api.ts';
import { $token } from '../../lib/client/store.ts';
import type { ReplaceGradeName, ReplaceList, ReplacePrefs } from '../../lib/replace/replace.schema.ts';

// The island's calls (SPEC §7 replace/*), through the one API client; the xlsx download reads the
// blob itself (the client speaks JSON envelopes).

const post = <T>(path: string, body: unknown, suppressError = false): Promise<Envelope<T>> =>
  apiFetch<T>(`/api/chiplet/replace/${path}`, { method: 'POST', body: body as Record<string, unknown>, suppressError });

export type ListQuery = { mfgMpnCode: string; grade?: ReplaceGradeName | undefined; domesticOnly?: boolean; pageNum: number; pageSize: number };

export const getReplaces = (q: ListQuery) => post<ReplaceList>('getReplaces', q);
export const changeTrend = (prefs: Partial<ReplacePrefs>) => post<ReplacePrefs>('changeTrend', prefs, true);
export const addPair = (mfgMpnCode: string, replacementMpnCode: string, note: string) =>
  post<{ id: number }>('add', { mfgMpnCode, replacementMpnCode, ...(note ? { note } : {}) });
export const deletePair = (id: number) => post<{ id: number }>('delete', { id });
export const applyToLine = (bomId: string, lineId: number, mfgMpnCode: string, version?: number) =>
  post<{ lineId: number; version: number }>('change', { bomId, lineId, mfgMpnCode, ...(version !== undefined ? { version } : {}) });

export type PartHit = { mfgMpnCode: string; mpn: string; brandName: string; package: string | null; description: string };

/** Parts for a typed MPN (the catalogue search, first page). */
export async function findParts(keyword: string): Promise<PartHit[]> {
  const r = await apiFetch<{ list: PartHit[] }>('/api/chiplet/products/queryPage', { method: 'POST', body: { keyword, pageNum: 1, pageSize: 8 } });
  return r.code === 200000 ? r.result.list : [];
}

/** replace/download as a file; false when the answer is not an xlsx (SPEC §5 message). */
export async function downloadXlsx(mfgMpnCode: string): Promise<boolean> {
  // X-Locale: the sheet's headers and values in the page's language (ADR 0018).
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Locale': pageLocale() };
  const token = $token.get();
  if (token) headers['X-token'] = token;
  const res = await fetch('/api/chiplet/replace/download', { method: 'POST', headers, body: JSON.stringify({ mfgMpnCode }) });
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('spreadsheetml')) return false;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `replacements-${mfgMpnCode}.xlsx`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
