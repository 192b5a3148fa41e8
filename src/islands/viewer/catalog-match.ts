import { apiFetch } from '../../lib/client/api.ts';
import type { BomLineSummary } from '../../lib/kicad-viewer/protocol.ts';

// Links BOM lines to our catalogue's parts through the search engine (POST
// /api/chiplet/products/queryPage), a few requests at a time: an MPN when the line has one, else
// value + footprint for parts that are not plain passives. A line links only on an exact MPN match.

export type CatalogHit = { mfgMpnCode: string; mpn: string; brandName: string };
export type CatalogMatch = { state: 'looking' } | { state: 'none' } | { state: 'found'; hit: CatalogHit };

const norm = (s: string): string => s.toUpperCase().replace(/[\s\-_./]/g, '');

/** The search keyword for a line, or null when a search could not give an exact answer. */
export function keywordOf(line: BomLineSummary): string | null {
  if (line.mpn) return line.mpn;
  // A value that looks like a part number (letters and digits, no unit like 10k/100nF).
  if (/^[A-Za-z]{2,}[A-Za-z0-9\-_.]*\d[A-Za-z0-9\-_.]*$/.test(line.value) && !/^\d/.test(line.value)) return line.value;
  return null;
}

export function isExact(line: BomLineSummary, hit: CatalogHit): boolean {
  const key = keywordOf(line);
  return key !== null && norm(hit.mpn) === norm(key);
}

const CONCURRENCY = 4;
const MAX_LINES = 200;

/** Looks up the lines (the first 200 with a keyword), calling back as answers arrive. */
export async function matchBomLines(lines: readonly BomLineSummary[], onMatch: (index: number, m: CatalogMatch) => void, signal?: AbortSignal): Promise<void> {
  const todo = lines.map((l, i) => ({ i, key: keywordOf(l) })).filter((x): x is { i: number; key: string } => x.key !== null).slice(0, MAX_LINES);
  for (const t of todo) onMatch(t.i, { state: 'looking' });
  let next = 0;
  const worker = async () => {
    while (next < todo.length && !signal?.aborted) {
      const t = todo[next++]!;
      try {
        const r = await apiFetch<{ list: CatalogHit[] }>('/api/chiplet/products/queryPage', { method: 'POST', body: { keyword: t.key, pageNum: 1, pageSize: 3 }, suppressError: true });
        const hit = r.code === 200000 ? r.result.list.find((h) => isExact(lines[t.i]!, h)) : undefined;
        onMatch(t.i, hit ? { state: 'found', hit } : { state: 'none' });
      } catch {
        onMatch(t.i, { state: 'none' });
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}
