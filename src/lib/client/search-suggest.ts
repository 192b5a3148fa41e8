// Suggestions under the search box (issue 4): part numbers, brands and categories as the user
// types. The pure part of the combobox in src/islands/search/search-combobox.tsx: which text is
// worth asking about, keyboard movement, the fetch of GET /api/chiplet/products/suggest and the
// check of its answer.

export type SuggestionKind = 'mpn' | 'brand' | 'category';
export type SuggestionItem = { kind: SuggestionKind; text: string; href: string; sub?: string };
export type SuggestionKindLabels = Record<SuggestionKind, string>;

export const SUGGEST_DEBOUNCE_MS = 120;
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_MAX_CHARS = 100;
export const SUGGEST_URL = '/api/chiplet/products/suggest';

/** Next highlighted index for a key press; -1 means the input itself. */
export function moveHighlight(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current + 1 >= count ? -1 : current + 1;
  return current <= -1 ? count - 1 : current - 1;
}

/** The trimmed text to ask the server about, or null when it is too short or too long for suggestions. */
export function suggestQuery(text: string): string | null {
  const q = text.trim();
  return q.length < SUGGEST_MIN_CHARS || q.length > SUGGEST_MAX_CHARS ? null : q;
}

/** The grey note of an option: its kind, and the brand or parent category when the server gives one. */
export function kindText(item: SuggestionItem, labels: SuggestionKindLabels): string {
  const kind = labels[item.kind] ?? item.kind;
  return item.sub ? `${kind} · ${item.sub}` : kind;
}

const KINDS = new Set<string>(['mpn', 'brand', 'category']);

/** Keeps the well-formed suggestions of an answer; links must stay on this site (a path, not `//host`). */
export function readSuggestions(body: unknown): SuggestionItem[] {
  if (typeof body !== 'object' || body === null) return [];
  const { code, result } = body as { code?: unknown; result?: unknown };
  if (code !== 200000 || !Array.isArray(result)) return [];
  return result.flatMap((raw: unknown): SuggestionItem[] => {
    if (typeof raw !== 'object' || raw === null) return [];
    const { kind, text, href, sub } = raw as Record<string, unknown>;
    if (typeof kind !== 'string' || !KINDS.has(kind) || typeof text !== 'string' || typeof href !== 'string') return [];
    if (!href.startsWith('/') || href.startsWith('//') || href.startsWith('/\\')) return [];
    const item: SuggestionItem = { kind: kind as SuggestionKind, text, href };
    if (typeof sub === 'string' && sub !== '') item.sub = sub;
    return [item];
  });
}

/**
 * Suggestions for `q`. Plain fetch, not the API client: no token is needed and a failure must not
 * toast (the search button still works). Rejects only when aborted.
 */
export async function fetchSuggestions(q: string, signal?: AbortSignal): Promise<SuggestionItem[]> {
  try {
    const res = await fetch(`${SUGGEST_URL}?q=${encodeURIComponent(q)}`, { signal, headers: { Accept: 'application/json' } });
    return readSuggestions(await res.json());
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}
