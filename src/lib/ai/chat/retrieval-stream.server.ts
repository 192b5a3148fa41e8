import type { AiNotice } from '../ai.ts';
import type { AiTool, AiToolContext } from '../ai-tools.ts';
import { answerByRetrieval } from '../retrieval.server.ts';
import { serverMessage } from '../../server/messages/server-message.ts';
import type { AnswerBuilder } from './answer.ts';

// Retrieval mode on the chat stream (issue #15 item 3): no model, a spent budget or a failed
// provider. The notice goes first (the page can say why at once), then the composed Markdown as
// text deltas in a few chunks (the first written as soon as the answer exists), then part cards
// and citations as data parts, the same shapes the model path writes.

export type RetrievalReason = 'no-model' | 'budget' | 'provider-error';

const CHUNKS = 4;

/** The notice's message in the caller's language; `reason` fills the provider error's cause. */
export function noticeMessage(notice: AiNotice, locale: AiToolContext['locale'], vars: { reason?: string; max?: number } = {}): string {
  switch (notice) {
    case 'no-model':
      return serverMessage('aiChat.notice.noModel', locale);
    case 'budget':
      return serverMessage('aiChat.notice.budget', locale);
    case 'provider-error':
      return serverMessage('aiChat.notice.providerError', locale, { reason: vars.reason ?? serverMessage('aiChat.reason.error', locale) });
    case 'truncated':
      return serverMessage('aiChat.notice.truncated', locale, { max: vars.max ?? 0 });
    case 'limit':
      return serverMessage('aiChat.notice.limit', locale);
  }
}

/** Splits Markdown into about `n` pieces at line ends (a table row is never cut). */
export function chunksOf(markdown: string, n = CHUNKS): string[] {
  if (markdown.length === 0) return [];
  const lines = markdown.split(/(?<=\n)/);
  const target = Math.max(1, Math.ceil(markdown.length / n));
  const out: string[] = [];
  let current = '';
  for (const line of lines) {
    current += line;
    if (current.length >= target) {
      out.push(current);
      current = '';
    }
  }
  if (current) out.push(current);
  return out;
}

const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Streams a retrieval answer to `out`. `notice`: the notice to write first (null when the caller
 * wrote its own). Returns whether the answer was stopped (the request's signal aborted).
 */
export async function streamRetrieval(
  out: AnswerBuilder,
  ctx: AiToolContext,
  question: string,
  tools: AiTool[],
  reason: RetrievalReason,
  notice: { reason?: string } | null = {},
): Promise<{ aborted: boolean }> {
  if (notice) out.notice(reason, noticeMessage(reason, ctx.locale, notice));
  // The notice part says why no model answered; the Markdown need not say it again.
  const answer = await answerByRetrieval(ctx, question, tools, { reason, statement: false });
  const pieces = chunksOf(answer.markdown);
  for (const [i, piece] of pieces.entries()) {
    if (ctx.signal?.aborted) {
      out.endText();
      return { aborted: true };
    }
    // Separate writes reach the client as separate chunks; the first goes out at once.
    if (i > 0) await yieldToIo();
    if (!out.text(piece)) break;
  }
  out.endText();
  if (out.truncated) out.notice('truncated', noticeMessage('truncated', ctx.locale, { max: out.limit }));
  if (answer.parts.length > 0) out.addParts(answer.parts);
  if (answer.citations.length > 0) out.addCitations(answer.citations);
  return { aborted: false };
}
