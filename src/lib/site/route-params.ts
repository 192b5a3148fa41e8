// Optional path parameters (SPEC §2: all optional). A rest route catches them, so these helpers
// reject extra segments and malformed values: the page then answers 404, never 500.

/** '' when absent, the value when it matches, null when the route should 404. */
export function routeParam(raw: string | undefined, pattern: RegExp): string | null {
  if (raw === undefined || raw === '') return '';
  if (raw.includes('/')) return null;
  return pattern.test(raw) ? raw : null;
}

export function filterPageParams(raw: string | undefined): { cateId: number | null; cateName: string } | null {
  if (raw === undefined || raw === '') return { cateId: null, cateName: '' };
  const [id, name = '', ...extra] = raw.split('/');
  if (extra.length > 0 || !/^\d{1,9}$/.test(id ?? '')) return null;
  if (name.length > 200) return null;
  return { cateId: Number(id), cateName: name };
}
