// Text the database or the pages cannot hold: NUL (PostgreSQL text refuses it), unpaired
// surrogates (not Unicode) and percent-escapes that are not UTF-8. Pure; used by the API's request
// guard and by the pages' middleware, which drops such query parameters and shows the problem.

export type TextProblem = 'nul' | 'surrogate' | 'encoding';

/** NUL (PostgreSQL text cannot hold it) and unpaired surrogates (not Unicode text). */
export function textProblem(s: string): TextProblem | null {
  if (s.includes('\u0000')) return 'nul';
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s)) return 'surrogate';
  return null;
}

export type InputProblem = { field: string; problem: TextProblem };

/** The first bad key or value of a raw query string ('?a=1&b=…' or 'a=1…'). */
export function queryProblem(search: string): InputProblem | null {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  if (raw === '') return null;
  for (const pair of raw.split('&')) {
    const eq = pair.indexOf('=');
    const parts = eq < 0 ? [pair] : [pair.slice(0, eq), pair.slice(eq + 1)];
    let key = parts[0]!;
    for (const [i, part] of parts.entries()) {
      let text: string;
      try {
        text = decodeURIComponent(part.replace(/\+/g, ' '));
      } catch {
        return { field: i === 0 ? 'query' : key, problem: 'encoding' };
      }
      if (i === 0) key = text;
      const problem = textProblem(text);
      if (problem) return { field: i === 0 ? 'query' : key, problem };
    }
  }
  return null;
}

/** JSON nested deeper than this is refused: no request of ours nests past a dozen levels. */
export const MAX_JSON_DEPTH = 64;

export type JsonProblem = { field: string; problem: TextProblem | 'depth' };

/**
 * The first bad string (key or value) anywhere in parsed JSON, or nesting past MAX_JSON_DEPTH; the
 * field is its path. Walked with a stack of its own, so hostile nesting cannot overflow ours.
 */
export function jsonProblem(value: unknown, path = ''): JsonProblem | null {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path, depth: 0 }];
  while (pending.length > 0) {
    const item = pending.pop()!;
    const v = item.value;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return { field: item.path || 'body', problem };
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    if (item.depth >= MAX_JSON_DEPTH) return { field: item.path || 'body', problem: 'depth' };
    const children: { value: unknown; path: string; depth: number }[] = [];
    if (Array.isArray(v)) {
      for (const [i, child] of v.entries()) children.push({ value: child, path: `${item.path}[${i}]`, depth: item.depth + 1 });
    } else {
      for (const [k, child] of Object.entries(v)) {
        const keyProblem = textProblem(k);
        if (keyProblem) return { field: item.path || 'body', problem: keyProblem };
        children.push({ value: child, path: item.path ? `${item.path}.${k}` : k, depth: item.depth + 1 });
      }
    }
    // Reversed onto the stack: the first problem in document order is the one reported.
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
  }
  return null;
}

/** The query string without the parameters that have a problem, and the first problem found. */
export function cleanQuery(search: string): { search: string; problem: InputProblem | null } {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  let first: InputProblem | null = null;
  const kept = raw.split('&').filter((pair) => {
    if (pair === '') return false;
    const problem = queryProblem(pair);
    first ??= problem;
    return problem === null;
  });
  return { search: kept.length > 0 ? `?${kept.join('&')}` : '', problem: first };
}
