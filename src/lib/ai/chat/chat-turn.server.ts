import { randomUUID } from 'node:crypto';
import { createUIMessageStream, createUIMessageStreamResponse, type ModelMessage } from 'ai';
import { AI_LIMITS, type AiMessageMetadata, type AiPart } from '../ai.ts';
import type { AiDesignContext, AiTool, AiToolContext } from '../ai-tools.ts';
import { aiTools } from '../tools.server.ts';
import { getDesign } from '../../designs/designs.server.ts';
import type { Locale } from '../../server/api-locale.ts';
import type { Db } from '../../server/db/client.server.ts';
import { AppError, Code } from '../../server/errors.ts';
import type { Logger } from '../../server/logger.server.ts';
import { serverMessage } from '../../server/messages/server-message.ts';
import { AnswerBuilder, type ChatUIMessage } from './answer.ts';
import { budgetLeft, recordUsage } from './budget.server.ts';
import type { ChatBody, ChatMessage } from './chat.schema.ts';
import { runModelTurn, type TurnResult } from './chat-stream.server.ts';
import { answersAfterLastQuestion, appendMessage, createConversation, messagesOf, ownConversation, replaceAnswers, titleOf, type StoredMessage } from './conversations.server.ts';
import { chatModel, chatModelSettings, withoutKey } from './model.server.ts';
import { loggableQuestion } from './redact.ts';
import { streamRetrieval, type RetrievalReason } from './retrieval-stream.server.ts';

// One chat turn, from the validated body to the streamed answer (issue #15 items 1, 2, 3, 5, 7).
// Logged in: the conversation is stored and its stored history is what the model reads. Logged
// out: the page's own history (at most AI_LIMITS.guestHistory messages) is used and nothing is
// stored. Everything that can refuse (question, history, conversation, design) is checked before
// the stream starts, so a refusal is an ordinary envelope in the caller's language.

export type TurnRequest = {
  db: Db;
  locale: Locale;
  userId: number | null;
  body: ChatBody;
  /** The request's signal: aborted when the client goes away (stop). */
  signal: AbortSignal;
  log: Logger;
  now: Date;
};

/** Model history kept per turn: the last messages, and at most this many characters of them. */
const HISTORY_MESSAGES = 20;
const HISTORY_CHARS = 24_000;

const textOf = (parts: ReadonlyArray<Record<string, unknown>>): string =>
  parts
    .filter((p) => p.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text as string)
    .join('\n\n');

/** The question: the last message's text, 1..AI_LIMITS.questionChars characters. */
export function questionOf(messages: readonly ChatMessage[], locale: Locale): string {
  const last = messages.at(-1);
  if (!last || last.role !== 'user') throw new AppError(Code.badInput, serverMessage('aiChat.question.missing', locale));
  const text = textOf(last.parts).trim();
  if (text === '') throw new AppError(Code.badInput, serverMessage('aiChat.question.empty', locale));
  const count = [...text].length;
  if (count > AI_LIMITS.questionChars) throw new AppError(Code.badInput, serverMessage('aiChat.question.tooLong', locale, { max: AI_LIMITS.questionChars, count }));
  return text;
}

/**
 * Earlier messages as the model reads them: text only; an answer's part cards become one line
 * naming them, so 'compare the first two' has something to refer to.
 */
export function modelHistory(messages: ReadonlyArray<{ role: 'user' | 'assistant'; parts: ReadonlyArray<Record<string, unknown>> }>): ModelMessage[] {
  const out: ModelMessage[] = [];
  let chars = 0;
  for (const m of messages.slice(-HISTORY_MESSAGES).reverse()) {
    let text = textOf(m.parts);
    if (m.role === 'assistant') {
      const cards = m.parts.find((p) => p.type === 'data-parts')?.data as { parts?: AiPart[] } | undefined;
      const names = (cards?.parts ?? []).slice(0, AI_LIMITS.parts).map((p) => `${p.mpn} (${p.brandName})`);
      if (names.length > 0) text += `\n\n[parts shown: ${names.join(', ')}]`;
    }
    text = text.trim();
    if (text === '') continue;
    if (chars + text.length > HISTORY_CHARS) break;
    chars += text.length;
    out.unshift({ role: m.role, content: text });
  }
  return out;
}

/**
 * The design the answers use: a stored design (designId; the design rules decide who may see it, a
 * private design of someone else is 40400) wins over one sent inline by the panel beside the
 * viewer (a design read in the browser, already checked by ChatDesignSchema). Either way its
 * texts are flattened to one line each: they are data for the prompt's design block.
 */
async function designContext(db: Db, body: Pick<ChatBody, 'designId' | 'design'>, userId: number | null, locale: Locale): Promise<AiDesignContext | null> {
  if (body.designId) {
    const d = await getDesign(db, body.designId, { userId, locale });
    return asData({
      title: d.title,
      stats: Object.fromEntries(Object.entries(d.stats).filter((e): e is [string, number] => typeof e[1] === 'number')),
      bom: (d.bom ?? []).map((l) => ({
        refs: l.refs,
        value: l.value,
        footprint: l.footprint,
        mpn: l.mpn ?? null,
        manufacturer: l.manufacturer ?? null,
        quantity: l.quantity,
        mfgMpnCode: l.part?.mfgMpnCode ?? null,
      })),
    });
  }
  return body.design ? asData(body.design) : null;
}

/** One line of data: control characters as spaces, and the design block's own tag defused. */
const dataText = (s: string): string => s.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').replace(/<(\/?)(design)/giu, '‹$1$2');

function asData(d: AiDesignContext): AiDesignContext {
  const opt = (s: string | null) => (s === null ? null : dataText(s));
  return {
    title: dataText(d.title),
    stats: d.stats,
    bom: d.bom.map((l) => ({ ...l, refs: l.refs.map(dataText), value: dataText(l.value), footprint: dataText(l.footprint), mpn: opt(l.mpn), manufacturer: opt(l.manufacturer), mfgMpnCode: opt(l.mfgMpnCode) })),
  };
}

/** The tools the chat offers: the assistant's own set (catalogue tools and the datasheet search). */
export function chatTools(): AiTool[] {
  return aiTools();
}

type Prepared = {
  question: string;
  history: ModelMessage[];
  conversationId: string | null;
  design: AiDesignContext | null;
  /** Regenerate: the stored answers the new one replaces. */
  replaces?: string[];
};

/** Checks and stores the question (logged in) before anything is streamed. */
async function prepare(req: TurnRequest): Promise<Prepared> {
  const { db, locale, userId, body } = req;
  const question = questionOf(body.messages, locale);
  const design = await designContext(db, body, userId, locale);
  if (userId === null) {
    if (body.messages.length > AI_LIMITS.guestHistory) {
      throw new AppError(Code.badInput, serverMessage('aiChat.history.tooLong', locale, { max: AI_LIMITS.guestHistory, count: body.messages.length }));
    }
    return { question, history: modelHistory(body.messages.slice(0, -1)), conversationId: null, design };
  }
  let conversationId = body.conversationId ?? null;
  if (conversationId) await ownConversation(db, userId, conversationId, locale);
  if (body.trigger === 'regenerate-message') {
    if (!conversationId) throw new AppError(Code.badInput, serverMessage('aiChat.regenerate.nothing', locale));
    const stored = await messagesOf(db, conversationId);
    const replaces = answersAfterLastQuestion(stored);
    const asked = stored.slice(0, stored.length - replaces.length);
    const last = asked.at(-1);
    if (!last || last.role !== 'user') throw new AppError(Code.badInput, serverMessage('aiChat.regenerate.nothing', locale));
    // The stored question is answered again (the server's history, not the client's); the old
    // answer stays until the new one is stored.
    return { question: textOf(last.parts).trim() || question, history: modelHistory(asked.slice(0, -1)), conversationId, design, replaces };
  }
  let history: ModelMessage[] = [];
  const fresh = !conversationId;
  if (conversationId) history = modelHistory(await messagesOf(db, conversationId));
  else conversationId = (await createConversation(db, userId, titleOf(question), body.origin)).id;
  const asked = body.messages.at(-1)!;
  await appendMessage(db, conversationId!, { id: asked.id, role: 'user', parts: [{ type: 'text', text: question }], mode: null, tokens: 0 }, new Date(), !fresh);
  return { question, history, conversationId, design };
}

/** A stream whose cancellation (the client went away) is reported to `onCancel`. */
function cancellable<T>(stream: ReadableStream<T>, onCancel: () => void): ReadableStream<T> {
  const reader = stream.getReader();
  return new ReadableStream<T>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel(reason) {
      onCancel();
      await reader.cancel(reason);
    },
  });
}

/** Runs one turn: refusals throw (envelope); otherwise the UI message stream response. */
export async function chatTurn(req: TurnRequest): Promise<Response> {
  const started = performance.now();
  const { db, locale, userId } = req;
  const settings = chatModelSettings();
  const model = chatModel(settings);
  // The budget is read while the question is checked and stored (independent statements).
  const [prepared, withinBudget] = await Promise.all([prepare(req), model ? budgetLeft(db, settings.dailyTokens, req.now) : Promise.resolve(false)]);
  const reason: RetrievalReason | null = !model ? 'no-model' : withinBudget ? null : 'budget';

  const stopped = new AbortController();
  const onAbort = () => stopped.abort(req.signal.reason);
  if (req.signal.aborted) onAbort();
  else req.signal.addEventListener('abort', onAbort, { once: true });

  const answerId = randomUUID();
  const metadata = (mode: 'model' | 'retrieval'): AiMessageMetadata => ({ conversationId: prepared.conversationId, mode });
  const tools = chatTools();
  const ctx: AiToolContext = { db, locale, userId, design: prepared.design, signal: stopped.signal };

  const stream = createUIMessageStream<ChatUIMessage>({
    onError: () => serverMessage('internal', locale),
    execute: async ({ writer }) => {
      const out = new AnswerBuilder(writer);
      writer.write({ type: 'start', messageId: answerId, messageMetadata: metadata(reason ? 'retrieval' : 'model') });
      let result: TurnResult = { mode: 'retrieval', tokens: 0, steps: 0, aborted: false, failure: null, failureDetail: null };
      let error: unknown = null;
      try {
        if (reason) {
          const r = await streamRetrieval(out, ctx, prepared.question, tools, reason);
          result = { ...result, aborted: r.aborted };
        } else {
          result = await runModelTurn(out, {
            model: model!,
            ctx,
            tools,
            question: prepared.question,
            history: prepared.history,
            timeoutMs: settings.timeoutMs,
            maxSteps: settings.maxSteps,
            signal: stopped.signal,
          });
        }
        writer.write({ type: 'finish', messageMetadata: metadata(result.mode) });
      } catch (e) {
        error = e;
        throw e;
      } finally {
        req.signal.removeEventListener('abort', onAbort);
        await finishTurn(req, prepared, out, answerId, result, reason, error, started);
      }
    },
  });
  return createUIMessageStreamResponse({ stream: cancellable(stream, () => stopped.abort(new Error('client closed the stream'))) });
}

/** Stores what was shown (logged in), counts the turn against the budget and logs it. */
async function finishTurn(req: TurnRequest, prepared: Prepared, out: AnswerBuilder, answerId: string, result: TurnResult, reason: RetrievalReason | null, error: unknown, started: number): Promise<void> {
  const { db, log } = req;
  try {
    const stored: StoredMessage = { id: answerId, role: 'assistant', parts: out.stored(), mode: result.mode, tokens: result.tokens };
    await Promise.all([
      prepared.conversationId && !out.isEmpty() ? replaceAnswers(db, prepared.conversationId, prepared.replaces ?? [], stored, new Date()) : null,
      recordUsage(db, result.tokens, req.now),
    ]);
  } catch (e) {
    log.error({ err: e instanceof Error ? e.message : String(e) }, 'ai chat: storing the turn failed');
  }
  log.info(
    {
      mode: result.mode,
      notice: reason ?? (result.failure ? 'provider-error' : out.truncated ? 'truncated' : null),
      failure: result.failure,
      failureDetail: result.failureDetail ? withoutKey(result.failureDetail).slice(0, 300) : undefined,
      tokens: result.tokens,
      steps: result.steps,
      aborted: result.aborted,
      firstTextMs: out.firstTextAt === null ? null : Math.round(out.firstTextAt - started),
      totalMs: Math.round(performance.now() - started),
      chars: out.fullText().length,
      userId: req.userId,
      conversationId: prepared.conversationId,
      // Which design the answer used (stored or sent inline), by size only: its texts are not logged.
      design: prepared.design ? { source: req.body.designId ? 'stored' : 'inline', lines: prepared.design.bom.length } : null,
      question: loggableQuestion(prepared.question),
      error: error ? withoutKey(error instanceof Error ? error.message : String(error)).slice(0, 300) : undefined,
    },
    'ai chat turn',
  );
}
