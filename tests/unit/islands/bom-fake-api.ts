import { vi } from 'vitest';
import type { BomCandidate, BomLineView, BomSummary } from '../../../src/lib/bom/bom.schema.ts';
import { t } from '../../../src/lib/i18n/i18n.ts';
import { zh } from '../../../src/lib/i18n/zh.ts';
import type { BomLabels } from '../../../src/islands/bom/labels.ts';
import { pageToasts } from '../../../src/lib/client/toast.ts';

// Fake answers of the BOM calls in the real { code, msg, result } envelope (the API is another
// module's job; these tests are about what the islands do with its answers), and the page's toasts.

export const BOM_ID = '3f0c1a52-6a0e-4c59-9d39-2f3f8a7a1b11';
export const labels = Object.fromEntries(
  Object.keys(zh)
    .filter((k) => k.startsWith('bom.'))
    .map((k) => [k.slice(4), t('zh', k as keyof typeof zh)]),
) as BomLabels;

export type Call = { method: string; path: string; query: Record<string, string>; body: unknown };
export type Handler = (call: Call) => { code: number; msg?: string; result: unknown } | Response;
export const ok = (result: unknown) => ({ code: 200000, msg: 'success', result });

/** Stubs fetch with one handler per path; unknown paths answer 40400. Returns the calls made. */
export function fakeApi(handlers: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const body = init.body instanceof FormData ? init.body : typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const call = { method, path: url.pathname.replace('/api/chiplet', ''), query: Object.fromEntries(url.searchParams), body };
      calls.push(call);
      const handler = handlers[call.path];
      const answer = handler ? handler(call) : { code: 40400, msg: 'not found', result: null };
      if (answer instanceof Response) return answer;
      return new Response(JSON.stringify({ msg: '', ...answer }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** Toasts shown while a test runs (the page queue with a view that closes each at once). */
export function watchToasts(): { messages: string[]; stop: () => void } {
  const messages: string[] = [];
  const queue = pageToasts();
  const stop = queue.connect((toast) => {
    messages.push(toast.message);
    queueMicrotask(() => queue.done(toast.id));
  });
  return { messages, stop };
}

export function candidate(mpn: string, confidence: number, extra: Partial<BomCandidate> = {}): BomCandidate {
  return {
    productId: mpn.length,
    mfgMpnCode: `${mpn}-code`,
    mpn,
    brandName: 'Yageo',
    package: '0603',
    cateName: '贴片电阻',
    description: null,
    domestic: false,
    hasKicad: true,
    confidence,
    tier: 'parametric',
    reason: `由描述解析：${mpn}`,
    reasons: [`由描述解析：${mpn}`],
    ...extra,
  };
}

export function line(lineId: number, extra: Partial<BomLineView> = {}): BomLineView {
  return {
    lineId,
    row: lineId,
    designators: [`R${lineId}`],
    quantity: 2,
    totalQuantity: 2,
    source: { mpn: `MPN${lineId}`, description: `desc ${lineId}`, quantity: '2', designators: `R${lineId}`, cells: [] },
    status: 'exact',
    chosen: null,
    candidates: [],
    dnp: false,
    problems: [],
    version: 1,
    ...extra,
  };
}

export function summary(lines: readonly BomLineView[], extra: Partial<BomSummary> = {}): BomSummary {
  const counts = { pending: 0, exact: 0, matched: 0, doubtful: 0, notFound: 0, dnp: 0, notAPart: 0 };
  for (const l of lines) counts[l.status]++;
  return {
    bomId: BOM_ID,
    name: 'tomu',
    state: 'matched',
    boardCount: 1,
    lines: lines.length,
    counts,
    totalParts: 0,
    jobId: null,
    trends: { preferOriginalBrand: true, preferDomestic: false, preferKicad: false, preferActive: true },
    owned: false,
    version: 1,
    updatedAt: '2026-11-24T00:00:00.000Z',
    ...extra,
  };
}
