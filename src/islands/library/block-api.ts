import { apiFetch, type Envelope } from '../../lib/client/api.ts';
import { $token } from '../../lib/client/store.ts';
import type { Block, BlockList, BlockSave, PersistedFile } from '../../lib/library/blocks.schema.ts';
import type { BlockInfo } from '../../lib/library/blocks.ts';
import { Code } from '../../lib/server/errors.ts';

// The browser's design-block calls (issue #16 item 6: u/fragment*, file/operation/persistence*)
// through the one API client: X-token, the envelope, a toast on failure. The preview and the
// download are the owner's only, so they are fetched with the token and handed over as blobs.

export type { Block, BlockInfo, BlockList };

async function result<T>(p: Promise<Envelope<T>>): Promise<T | null> {
  const r = await p;
  return r.code === Code.ok ? r.result : null;
}

export type BlockQuery = { pageNum: number; pageSize: number; keyword?: string; categoryId?: number };

export const listBlocks = (q: BlockQuery) => result(apiFetch<BlockList>('/api/chiplet/u/fragment', { method: 'POST', body: q }));
/** The raw envelope, so a page can tell 'not found' from other failures. */
export const oneBlock = (id: number) => apiFetch<Block>(`/api/chiplet/u/fragment/one?id=${id}`, { suppressError: true });
export const saveBlock = (body: Partial<BlockSave>) => result(apiFetch<Block>('/api/chiplet/u/fragment/save', { method: 'POST', body }));
export const deleteBlock = (id: number) => result(apiFetch<{ id: number; deleted: true }>('/api/chiplet/u/fragment/del', { method: 'POST', body: { id } }));
export const renderSheet = (fileId: string) => result(apiFetch<{ svg: string | null; info: BlockInfo }>('/api/chiplet/u/fragment/render', { method: 'POST', body: { fileId } }));

export function persistUpload(file: File): Promise<PersistedFile | null> {
  const form = new FormData();
  form.append('file', file, file.name);
  return result(apiFetch<PersistedFile>('/api/file/operation/persistence/file', { method: 'POST', body: form }));
}

/** An owner-only address as a blob (preview, download), or null. */
export async function ownedBlob(url: string): Promise<Blob | null> {
  const res = await fetch(url, { headers: { 'X-token': $token.get() } });
  return res.ok ? res.blob() : null;
}

/** Saves the block's zip under the server's name. */
export async function downloadBlock(block: Pick<Block, 'downloadUrl' | 'name'>): Promise<boolean> {
  const res = await fetch(block.downloadUrl, { headers: { 'X-token': $token.get() } });
  if (!res.ok) return false;
  const disposition = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/.exec(disposition)?.[1];
  const name = star ? decodeURIComponent(star) : (plain ?? `${block.name}.kicad_block.zip`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}

/** A message with {name} placeholders filled. */
export const fill = (text: string, vars: Readonly<Record<string, unknown>>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
