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

/** The first bad string (key or value) anywhere in parsed JSON; the field is its path. */
export function jsonProblem(value: unknown, path = ''): InputProblem | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { field: path || 'body', problem } : null;
  }
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = jsonProblem(v, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const keyProblem = textProblem(k);
      if (keyProblem) return { field: path || 'body', problem: keyProblem };
      const found = jsonProblem(v, path ? `${path}.${k}` : k);
      if (found) return found;
    }
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
