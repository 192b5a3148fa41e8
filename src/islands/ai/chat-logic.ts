import { AI_LIMITS, type AiNotice } from '../../lib/ai/ai.ts';
import type { AiUIMessage } from '../../lib/client/ai-api.ts';
import { fill, type AiLabels } from './labels.ts';

// The chat island's pure rules: what a question may be, which links an answer may carry, how a
// failed turn is explained, and how a logged-out user's chat is kept in the page.

export type QuestionCheck = { ok: true; text: string } | { ok: false; message: string };

/** Empty or over AI_LIMITS.questionChars is refused in the page, before any request. */
export function checkQuestion(raw: string, labels: AiLabels): QuestionCheck {
  const text = raw.trim();
  if (!text) return { ok: false, message: labels.emptyQuestion };
  // Characters as a person counts them (code points), the same way the server's limit reads.
  const n = [...text].length;
  if (n > AI_LIMITS.questionChars) return { ok: false, message: fill(labels.tooLong, { max: AI_LIMITS.questionChars, n }) };
  return { ok: true, text };
}

/**
 * Links an answer may carry: http(s) anywhere, or a path on this site ('/detail?…'). Everything
 * else (javascript:, data:, protocol-relative '//host', mailto:) is dropped: the text is model
 * output and may have been steered by a PDF.
 */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  const u = url.trim();
  if (/^\/(?!\/|\\)/.test(u)) return u;
  try {
    const parsed = new URL(u);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A site-relative path in the page's language ('/detail?…' → '/en/detail?…' on the English site). */
export function localePath(path: string, locale: 'zh' | 'en'): string {
  if (locale !== 'en' || !path.startsWith('/') || path.startsWith('/en/') || path === '/en') return path;
  return path === '/' ? '/en' : `/en${path}`;
}

/**
 * Why a turn failed, for the page. The chat endpoint refuses before streaming with an envelope
 * `{ code, msg|message }` in the request's language; the transport throws it as the error's text.
 */
export function failureReason(error: Error | undefined, labels: AiLabels): string {
  if (!error) return labels.failedGeneric;
  const text = error.message ?? '';
  try {
    const body = JSON.parse(text) as { msg?: unknown; message?: unknown };
    const msg = typeof body.msg === 'string' ? body.msg : typeof body.message === 'string' ? body.message : '';
    if (msg) return msg;
  } catch {
    // Not an envelope: a network failure or the stream breaking mid-way.
  }
  return /failed to fetch|network|load failed/i.test(text) || !text ? labels.failedGeneric : text.slice(0, 300);
}

/** The server's notice text, or ours when it sent none. */
export function noticeText(notice: AiNotice, message: string | undefined, labels: AiLabels): string {
  return message?.trim() || labels[`notice.${notice}`];
}

/** An answer as plain text for the clipboard: its Markdown text parts. */
export function answerText(message: AiUIMessage): string {
  return message.parts
    .filter((p): p is { type: 'text'; text: string } => p.type === 'text')
    .map((p) => p.text)
    .join('\n\n')
    .trim();
}

// A logged-out user's chat lives in the page: sessionStorage keeps it across a reload of the tab.
const GUEST_KEY = (origin: string) => `chipedia.ai.guest.${origin}`;
const GUEST_MAX_BYTES = 1_000_000;

export function loadGuestChat(origin: string, storage: Storage | undefined = pageSession()): AiUIMessage[] {
  try {
    const raw = storage?.getItem(GUEST_KEY(origin));
    if (!raw) return [];
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? (parsed.filter(isMessage) as AiUIMessage[]) : [];
  } catch {
    return [];
  }
}

export function saveGuestChat(origin: string, messages: readonly AiUIMessage[], storage: Storage | undefined = pageSession()): void {
  if (!storage) return;
  try {
    let kept = messages.slice(-AI_LIMITS.guestHistory * 2);
    let raw = JSON.stringify(kept);
    // Oldest turns go first when the page's storage would overflow.
    while (raw.length > GUEST_MAX_BYTES && kept.length > 2) {
      kept = kept.slice(2);
      raw = JSON.stringify(kept);
    }
    if (kept.length === 0) storage.removeItem(GUEST_KEY(origin));
    else storage.setItem(GUEST_KEY(origin), raw);
  } catch {
    // Storage full or blocked: the chat still lives in the page until it is closed.
  }
}

/** The history a logged-out client sends: the server accepts at most AI_LIMITS.guestHistory messages. */
export function guestHistory<T>(messages: readonly T[]): T[] {
  return messages.slice(-AI_LIMITS.guestHistory);
}

function isMessage(m: unknown): boolean {
  const v = m as { id?: unknown; role?: unknown; parts?: unknown };
  return typeof v?.id === 'string' && (v.role === 'user' || v.role === 'assistant') && Array.isArray(v.parts);
}

function pageSession(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** A conversation id as the URL carries it (?c=): a UUID, else ignored. */
export function conversationFromUrl(search: string): string | null {
  const c = new URLSearchParams(search).get('c');
  return c && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(c) ? c.toLowerCase() : null;
}

/** The datasheet upload's check in the page, before sending. */
export function checkPdf(file: File, labels: AiLabels): string | null {
  const isPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!isPdf) return labels.notPdf;
  if (file.size === 0) return labels.emptyFile;
  if (file.size > AI_LIMITS.pdfBytes) {
    return fill(labels.tooBig, { size: (file.size / 1024 / 1024).toFixed(1), mb: AI_LIMITS.pdfBytes / 1024 / 1024 });
  }
  return null;
}
