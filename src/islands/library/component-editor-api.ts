import { apiFetch } from '../../lib/client/api.ts';
import { $token } from '../../lib/client/store.ts';
import type { ComponentDetail, ComponentList, ComponentListQuery, ComponentSave, ParamKeys, UploadResult } from '../../lib/library/components.schema.ts';
import { Code } from '../../lib/server/errors.ts';

// The own-component calls (issue #16 item 3) as the panel and the editor make them. Each resolves
// to the result, or null when the call failed (apiFetch has already toasted the server's message),
// unless `quiet` keeps the message for the caller to show in place.

const BASE = '/api/chiplet/u';

async function result<T>(p: Promise<{ code: number; msg: string; result: T }>): Promise<T | null> {
  const body = await p;
  return body.code === Code.ok ? body.result : null;
}

export const listComponents = (q: Partial<ComponentListQuery> & { pageNum: number; pageSize: number }) => result(apiFetch<ComponentList>(`${BASE}/comp`, { method: 'POST', body: q }));
export const getComponent = (id: number) => result(apiFetch<ComponentDetail>(`${BASE}/comp/one?userCompId=${id}`));
export const deleteComponent = (id: number) => result(apiFetch<{ id: number }>(`${BASE}/comp/del`, { method: 'POST', body: { id } }));
export const paramKeys = (cateId: number | null) => result(apiFetch<ParamKeys>(`${BASE}/comp/params${cateId ? `?cateId=${cateId}` : ''}`));

/** Saves; the whole envelope, so the caller can show a refusal's msg beside the findings. */
export const saveComponent = (body: ComponentSave) => apiFetch<ComponentDetail>(`${BASE}/comp/save`, { method: 'POST', body });

export function uploadAssets(files: readonly File[], userCompId: number | null) {
  const fd = new FormData();
  for (const f of files) fd.append('file', f, f.name);
  return result(apiFetch<UploadResult>(`${BASE}/asset/upload/list${userCompId ? `?userCompId=${userCompId}` : ''}`, { method: 'POST', body: fd }));
}

/** An owner-only file (preview, mesh) as a blob URL: an <img> or the viewer cannot send X-token. */
export async function privateBlobUrl(url: string, signal?: AbortSignal): Promise<string | null> {
  const res = await fetch(url, { headers: { 'X-token': $token.get() }, ...(signal ? { signal } : {}) });
  if (!res.ok) return null;
  return URL.createObjectURL(await res.blob());
}

/** Downloads an owner-only file under its server name. */
export async function downloadPrivate(url: string, fallbackName: string): Promise<void> {
  const res = await fetch(url, { headers: { 'X-token': $token.get() } });
  if (!res.ok) return;
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
