import type { z } from 'zod';
import type {
  BomAddBodySchema,
  BomChangeBodySchema,
  BomChangeSetBodySchema,
  BomConfirmBody,
  BomConfirmResultSchema,
  BomHeaderMatch,
  BomJobStartedSchema,
  BomLineFieldsSchema,
  BomLineView,
  BomQueryByDescSchema,
  BomQueryMatch,
  BomSummary,
  BomTrendOptionsSchema,
  BomTrends,
  BomUploadResult,
  UserBomListSchema,
} from '../bom/bom.schema.ts';
import { Code } from '../server/errors.ts';
import { apiFetch, pageLocale } from './api.ts';
import { $bomId, $mappingData, $token, getMappingData, setMappingData } from './store.ts';

// The BOM tool's calls (SPEC §7 BOM and user BOM), typed with the shapes of bom.schema.ts (type-only
// imports: no zod in the bundle). Every call resolves with its result or throws BomApiError; the
// shared client has already toasted the server's message unless the call asked it not to (edits do:
// the grid explains a stale edit itself).

export type BomConfirmResult = z.infer<typeof BomConfirmResultSchema>;
export type BomJobStarted = z.infer<typeof BomJobStartedSchema>;
export type BomLineFields = z.infer<typeof BomLineFieldsSchema>;
export type BomCandidateList = z.infer<typeof BomQueryByDescSchema>;
export type BomTrendOptions = z.infer<typeof BomTrendOptionsSchema>;
export type UserBomList = z.infer<typeof UserBomListSchema>;
export type UserBomItem = UserBomList['list'][number];
export type { BomHeaderMatch, BomLineView, BomQueryMatch, BomSummary, BomTrends, BomUploadResult };

const BASE = '/api/chiplet';

/** A call that did not succeed: the envelope's code and message, and its result (40900 carries the current line). */
export class BomApiError extends Error {
  readonly code: number;
  readonly result: unknown;
  constructor(code: number, msg: string, result: unknown) {
    super(msg);
    this.name = 'BomApiError';
    this.code = code;
    this.result = result;
  }
}

type CallOptions = { method?: 'GET' | 'POST' | 'DELETE'; query?: Record<string, string | number | undefined>; body?: unknown; quiet?: boolean; signal?: AbortSignal };

async function call<T>(path: string, { method = 'GET', query, body, quiet = false, signal }: CallOptions = {}): Promise<T> {
  const env = await apiFetch<T>(`${BASE}${path}`, {
    method,
    ...(query ? { query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) } : {}),
    ...(body !== undefined ? { body: body as Record<string, unknown> } : {}),
    ...(signal ? { signal } : {}),
    suppressError: quiet,
  });
  if (env?.code !== Code.ok) throw new BomApiError(env?.code ?? Code.internal, env?.msg ?? '', env?.result ?? null);
  return env.result;
}

/** POST /bom/upload (multipart `file`). Quiet: the upload panel shows the server's message beside the drop zone. */
export function uploadBom(file: File, signal?: AbortSignal): Promise<BomUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return call<BomUploadResult>('/bom/upload', { method: 'POST', body: form, quiet: true, ...(signal ? { signal } : {}) });
}

export function headerMatch(bomId: string, sheet?: string): Promise<BomHeaderMatch> {
  return call('/bom/headerMatch', { query: { bomId, sheet } });
}

export function confirmMapping(body: BomConfirmBody): Promise<BomConfirmResult> {
  return call('/bom/confirm', { method: 'POST', body });
}

/** Every line of a BOM (pages of 5,000, the most the call gives at once) with its summary. */
export async function queryAllLines(bomId: string, signal?: AbortSignal): Promise<BomQueryMatch> {
  const pageSize = 5000;
  const first = await call<BomQueryMatch>('/bom/queryMatch', { query: { bomId, pageNum: 1, pageSize }, ...(signal ? { signal } : {}) });
  const list = [...first.list];
  for (let pageNum = 2; list.length < first.total && pageNum <= Math.ceil(first.total / pageSize); pageNum++) {
    const page = await call<BomQueryMatch>('/bom/queryMatch', { query: { bomId, pageNum, pageSize }, ...(signal ? { signal } : {}) });
    list.push(...page.list);
  }
  return { list, total: first.total, summary: first.summary };
}

/** The summary alone (one line asked for). Quiet: a remembered BOM that expired is not an error to show. */
export async function bomSummary(bomId: string): Promise<BomSummary> {
  return (await call<BomQueryMatch>('/bom/queryMatch', { query: { bomId, pageNum: 1, pageSize: 1 }, quiet: true })).summary;
}

type ChangeBody = z.infer<typeof BomChangeBodySchema>;
type ChangeSetBody = z.infer<typeof BomChangeSetBodySchema>;

export function changePart(body: ChangeBody): Promise<BomLineView> {
  return call('/bom/change', { method: 'POST', body, quiet: true });
}
export function changeLineFields(body: ChangeSetBody): Promise<BomLineView> {
  return call('/bom/changeSet', { method: 'POST', body, quiet: true });
}
export function addLine(body: z.infer<typeof BomAddBodySchema>): Promise<BomLineView> {
  return call('/bom/add', { method: 'POST', body });
}
export function deleteLines(bomId: string, lineIds: number[]): Promise<unknown> {
  return call('/bom/delete', { method: 'POST', body: { bomId, lineIds } });
}
export function changeBoardCount(bomId: string, boardCount: number): Promise<BomSummary> {
  return call('/bom/changeCount', { method: 'POST', body: { bomId, boardCount } });
}
export function queryByDesc(body: { bomId?: string; lineId?: number; keyword: string; pageSize?: number }, signal?: AbortSignal): Promise<BomCandidateList> {
  return call('/bom/queryByDesc', { method: 'POST', body, ...(signal ? { signal } : {}) });
}
export function trendOptions(bomId: string): Promise<BomTrendOptions> {
  return call('/bom/addTrend', { query: { bomId } });
}
export function changeTrends(bomId: string, trends: Partial<BomTrends>): Promise<BomJobStarted> {
  return call('/bom/changeTrend', { method: 'POST', body: { bomId, trends } });
}
export function rematchDoubtful(bomId: string, lineIds?: number[]): Promise<BomJobStarted> {
  return call('/bom/changeByAI', { method: 'POST', body: lineIds ? { bomId, lineIds } : { bomId } });
}

/** POST /api/jobs/{id}/cancel: the matching job stops; the lines matched so far stay. */
export async function cancelJob(jobId: string): Promise<void> {
  const env = await apiFetch<unknown>(`/api/jobs/${encodeURIComponent(jobId)}/cancel`, { method: 'POST' });
  if (env?.code !== Code.ok) throw new BomApiError(env?.code ?? Code.internal, env?.msg ?? '', env?.result ?? null);
}

// ── The user's BOM list ───────────────────────────────────────────────────────

export function userBoms(pageNum = 1, pageSize = 20): Promise<UserBomList> {
  return call('/user/bom', { method: 'POST', body: { pageNum, pageSize } });
}
export function deleteUserBom(bomId: string): Promise<unknown> {
  return call('/user/bom/del', { method: 'DELETE', query: { bomId } });
}
export function renameUserBom(bomId: string, name: string): Promise<unknown> {
  return call('/user/bom/update', { method: 'POST', body: { bomId, name } });
}

// ── Export ────────────────────────────────────────────────────────────────────

/** The name from an RFC 6266 Content-Disposition (filename* first). */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      /* fall through to the plain name */
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? null;
}

const FILE_TYPES = /application\/(vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet|octet-stream)/;

/**
 * POST /bom/download: the xlsx saved through a temporary link. Resolves false when the answer is
 * not a file (an envelope, an HTML error page); the caller shows SPEC §5's message.
 */
export async function downloadBom(bomId: string, fallbackName: string): Promise<boolean> {
  // X-Locale: the sheet's headers and values in the page's language (ADR 0018).
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Locale': pageLocale() };
  const token = $token.get();
  if (token) headers['X-token'] = token;
  let res: Response;
  try {
    res = await fetch(`${BASE}/bom/download`, { method: 'POST', headers, body: JSON.stringify({ bomId }) });
  } catch {
    return false;
  }
  if (!res.ok || !FILE_TYPES.test(res.headers.get('content-type') ?? '')) return false;
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = dispositionName(res.headers.get('content-disposition')) ?? fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}

// ── Client state (SPEC §3 bomId, mappingData) ─────────────────────────────────

/** Remembers the BOM being worked on (a logged-out user's only way back to it after a reload). */
export function rememberBom(bomId: string): void {
  if ($bomId.get() !== bomId) {
    $bomId.set(bomId);
    $mappingData.set('');
  }
}

export function forgetBom(bomId: string): void {
  if ($bomId.get() === bomId) {
    $bomId.set('');
    $mappingData.set('');
  }
}

/** The confirmed mapping, one field per column in column order, kept as SPEC §3's comma list. */
export function rememberMapping(bomId: string, fields: readonly string[]): void {
  rememberBom(bomId);
  setMappingData(fields);
}

export function rememberedMapping(bomId: string): string[] {
  return $bomId.get() === bomId ? getMappingData() : [];
}
