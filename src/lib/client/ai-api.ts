import type { UIMessage } from 'ai';
import type { AiDataParts, AiMessageMetadata, AiOrigin } from '../ai/ai.ts';
import { apiFetch, type Envelope } from './api.ts';
import { $token } from './store.ts';

// The assistant's calls besides the chat stream (issue #15): conversations of a logged-in user and
// datasheet uploads, through the one API client (X-token, envelope, 40001/40002 handling). The chat
// stream itself goes through @ai-sdk/react's transport (src/islands/ai/ai-chat.tsx).

/** A chat message as the page holds it: text parts in Markdown plus our data parts. */
export type AiUIMessage = UIMessage<AiMessageMetadata, AiDataParts>;

export type AiConversation = { id: string; title: string; origin: AiOrigin; createdAt: string; updatedAt: string };
export type AiConversationDetail = AiConversation & { messages: AiUIMessage[] };

/** 'ok': indexed; 'failed': stored but not searchable (error says why); anything else: still indexing. */
export type DatasheetStatus = 'ok' | 'failed' | 'pending';
/** POST /api/rag/upload/pdf's result (the fields the page uses). */
export type DatasheetUpload = { id: string; title: string; pages: number; status: DatasheetStatus; error?: string | null };

const BASE = '/api/chiplet/ai';

export const listConversations = (pageNum = 1, pageSize = 50) =>
  apiFetch<{ list: AiConversation[]; total: number }>(`${BASE}/conversations`, { query: { pageNum, pageSize }, suppressError: true });
export const getConversation = (id: string) => apiFetch<AiConversationDetail>(`${BASE}/conversations/${encodeURIComponent(id)}`, { suppressError: true });
export const renameConversation = (id: string, title: string) => apiFetch<AiConversation>(`${BASE}/conversations/rename`, { method: 'POST', body: { id, title } });
export const deleteConversation = (id: string) => apiFetch<{ id: string }>(`${BASE}/conversations/del`, { method: 'POST', body: { id } });
/** The assistant's address for hosts: the page (chat) or the panel beside the viewer (ecad). */
export const getLink = (target: AiOrigin = 'chat') => apiFetch<{ url: string }>(`${BASE}/getLink`, { query: target === 'ecad' ? { for: 'ecad' } : {}, suppressError: true });

/**
 * Uploads a datasheet (multipart `file`). Refusals come back as envelopes (41300 too large, 40000
 * not a PDF…) and are shown in the page, not toasted twice: suppressError.
 */
export function uploadDatasheet(file: File, mfgMpnCode?: string): Promise<Envelope<DatasheetUpload>> {
  const form = new FormData();
  form.append('file', file);
  if (mfgMpnCode) form.append('mfgMpnCode', mfgMpnCode);
  return apiFetch<DatasheetUpload>('/api/rag/upload/pdf', { method: 'POST', body: form, suppressError: true, timeout: 120_000 });
}

/** The chat transport's headers: the session token (as apiFetch sends it) and the page's language. */
export function chatHeaders(locale: 'zh' | 'en'): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': locale === 'en' ? 'en' : 'zh-CN' };
  const token = $token.get();
  if (token) headers['X-token'] = token;
  return headers;
}
