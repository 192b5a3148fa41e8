import { apiFetch, type Envelope } from '../../lib/client/api.ts';
import { Code } from '../../lib/server/errors.ts';
import type { CollectFolder, CollectItem, CollectItemList } from '../../lib/library/collections.schema.ts';
import type { CollectKind } from '../../lib/library/collections.ts';

// The browser's collections calls (issue #16, SPEC §7 user/collect/*) through the one API client:
// X-token, the envelope, a toast with the server's message on failure (in the user's language),
// 40001 → the login dialog. Each answers its result, or null when the call failed.

export type { CollectFolder, CollectItem, CollectItemList, CollectKind };

async function result<T>(p: Promise<Envelope<T>>): Promise<T | null> {
  try {
    const r = await p;
    return r.code === Code.ok ? r.result : null;
  } catch {
    // Network failure (toasted by the client) or the session ended.
    return null;
  }
}

const post = <T>(path: string, body: unknown, quiet = false) => result(apiFetch<T>(`/api/chiplet/user/collect${path}`, { method: 'POST', body: body as Record<string, unknown>, suppressError: quiet }));

export const listFolders = (quiet = false) => result(apiFetch<CollectFolder[]>('/api/chiplet/user/collect/userCate', { suppressError: quiet }));
export const addFolder = (name: string) => post<CollectFolder>('/userCate/add', { name });
export const renameFolder = (id: number, name: string) => post<CollectFolder>('/userCate/update', { id, name });
export const deleteFolder = (id: number) => post<{ id: number; moved: number; defaultFolderId: number }>('/userCate/del', { id });

export type ItemQuery = { folderId?: number | undefined; keyword?: string | undefined; kind?: CollectKind | undefined; pageNum: number; pageSize: number };
export const listItems = (q: ItemQuery) => post<CollectItemList>('/prod', Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')));
export const collectPart = (mfgMpnCode: string, folderId?: number) => post<CollectItem & { created: boolean; moved: boolean }>('/prod/add', folderId === undefined ? { mfgMpnCode } : { mfgMpnCode, folderId });
export const removeItems = (ids: (number | string)[]) => post<{ removed: number }>('/prod/del', { ids });
export const moveItems = (ids: (number | string)[], folderId: number) => post<{ moved: number; folderId: number }>('/prod/move', { ids, folderId });
/** Which of these part codes the caller collected, code → folder id (quiet: a button's state is no reason to toast). */
export const collectState = async (codes: string[]) => (await post<{ collected: Record<string, number> }>('/state', { codes }, true))?.collected ?? null;

/** `{name}` placeholders filled from vars. */
export const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
