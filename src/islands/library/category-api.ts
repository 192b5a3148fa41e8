import { apiFetch, type Envelope } from '../../lib/client/api.ts';
import { Code } from '../../lib/server/errors.ts';
import type { CategoryScope } from '../../lib/library/categories.ts';
import type { Deleted, ItemList, OpenResult, RelateResult, Saved, SaveBody, Tree } from '../../lib/library/categories.schema.ts';

// The browser's calls of the own-category API (issue #16 item 2; /api/chiplet/u/cate*, u/relate/*)
// through the one API client: X-token, the envelope, a toast with the server's message on failure.

async function result<T>(p: Promise<Envelope<T>>): Promise<T | null> {
  const r = await p;
  return r.code === Code.ok ? r.result : null;
}
const post = <T>(path: string, body: unknown, suppressError = false) => result(apiFetch<T>(`/api/chiplet/u/${path}`, { method: 'POST', body: body as Record<string, unknown>, suppressError }));

export const loadTree = (scope: CategoryScope, suppressError = false) => post<Tree>('cate', { scope }, suppressError);
/** Create or rename / move; the raw envelope, so a form can show the server's refusal beside the field. */
export const saveCategory = (body: Omit<SaveBody, 'name'> & { name: string }) =>
  apiFetch<Saved>('/api/chiplet/u/cate/save', { method: 'POST', body: body as Record<string, unknown>, suppressError: true });
export const deleteCategory = (id: number) => post<Deleted>('cate/del', { id });
export const shareCategory = (id: number, open: boolean) => post<OpenResult>('cate/open', { id, open });
export const categoryItems = (categoryId: number, pageNum: number, pageSize: number, includeDescendants = false) =>
  post<ItemList>('relate/c', { categoryId, pageNum, pageSize, includeDescendants });
export const unrelate = (categoryId: number, linkIds: number[]) => post<{ removed: number }>('relate/cate/del', { categoryId, linkIds });

/** Puts catalogue parts (ids, or page keys / part numbers) and own components into one of the caller's categories. */
/** Tells every tree and picker on the page to load again (after a create, rename, move, link…). */
export const CATEGORIES_CHANGED = 'chipedia:categories-changed';
export function categoriesChanged(): void {
  window.dispatchEvent(new Event(CATEGORIES_CHANGED));
}

export function relateToCategory(categoryId: number, items: { productIds?: number[]; componentIds?: number[]; mfgMpnCodes?: string[] }): Promise<RelateResult | null> {
  return post<RelateResult>('relate/cate', { categoryId, ...items }).then((r) => {
    if (r) categoriesChanged();
    return r;
  });
}
