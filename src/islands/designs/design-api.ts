import { apiFetch, type Envelope } from '../../lib/client/api.ts';
import { Code } from '../../lib/server/errors.ts';
import type { DesignCard, DesignDetail, DesignList, DesignUpdate } from '../../lib/designs/designs.schema.ts';

// The browser's calls of /api/design/* (issue #14), through the one API client: X-token, the
// envelope, toasts on failure (unless a caller shows the error itself), 40001 → login dialog.

export type { DesignCard, DesignDetail, DesignList };

/** The result of a call that answered 200000, else null (the client has toasted the message). */
async function result<T>(p: Promise<Envelope<T>>): Promise<T | null> {
  const r = await p;
  return r.code === Code.ok ? r.result : null;
}

const q = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '').map(([k, v]) => [k, String(v)])).toString();

export const myDesigns = (pageNum: number, pageSize: number) => result(apiFetch<DesignList>(`/api/design/user/page?${q({ pageNum, pageSize })}`));
export const likedDesigns = (pageNum: number, pageSize: number) => result(apiFetch<DesignList>(`/api/design/liked/page?${q({ pageNum, pageSize })}`));

/** The design in full; the raw envelope, so the viewer can tell 'not found' from other failures. */
export const designDetail = (id: string) => apiFetch<DesignDetail>(`/api/design/detail?${q({ id })}`, { suppressError: true });

export const createDesign = (form: FormData) => result(apiFetch<DesignCard>('/api/design/user', { method: 'POST', body: form }));
export const updateDesign = (body: DesignUpdate) => result(apiFetch<DesignCard>('/api/design/user', { method: 'PUT', body }));
export const deleteDesign = (id: string) => result(apiFetch<{ id: string; deleted: true }>(`/api/design/user?${q({ id })}`, { method: 'DELETE' }));
export const toggleLike = (id: string) => result(apiFetch<{ id: string; liked: boolean; likeCount: number }>('/api/design/incrLikeCount', { method: 'POST', body: { id } }));
export const countVisit = (id: string) =>
  result(apiFetch<{ id: string; visitCount: number; counted: boolean }>('/api/design/incrVisitCount', { method: 'POST', body: { id }, suppressError: true }));
export const designToBom = (id: string) => result(apiFetch<{ bomId: string; lines: number }>('/api/design/user/toBom', { method: 'POST', body: { id } }));

/** One stored file's bytes (GET /design/file; the owner's token rides along for private designs). */
export async function designFile(id: string, name: string, token: string): Promise<Uint8Array> {
  const res = await fetch(`/api/design/file?${q({ id, name })}`, { headers: token ? { 'X-token': token } : {} });
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

export const viewerHref = (locale: 'zh' | 'en', id: string) => `${locale === 'en' ? '/en' : ''}/ecadViewer/viewerPage?designId=${encodeURIComponent(id)}`;
