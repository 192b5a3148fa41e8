import { APICallError, JSONParseError, stepCountIs, streamText, tool, TypeValidationError, zodSchema, type LanguageModel, type ModelMessage, type Schema, type ToolSet } from 'ai';
import type { z } from 'zod';
import type { AiTool, AiToolContext } from '../ai-tools.ts';
import { serverMessage } from '../../server/messages/server-message.ts';
import type { AnswerBuilder } from './answer.ts';
import { noticeMessage, streamRetrieval } from './retrieval-stream.server.ts';
import { systemPrompt } from './prompt.ts';
import { unverifiedPartNumbers } from './unverified.server.ts';

// The model path of one chat turn (issue #15 item 2): streamText over the configured
// OpenAI-compatible model with our tools, a step cap, and a stall timeout. Text deltas go to the
// page as they come; each tool's part cards and citations go as data parts while the model reads
// only the tool's `data`. When the provider fails (HTTP error, stall, unreadable stream, refusal,
// nothing said), the turn falls back to retrieval with a 'provider-error' notice. After the answer,
// part numbers the catalogue does not hold are listed in `data-unverified`.

export type ProviderFailure = 'timeout' | 'error' | 'malformed' | 'refused' | 'empty';

export type ModelTurn = {
  model: LanguageModel;
  ctx: AiToolContext;
  tools: AiTool[];
  question: string;
  /** Earlier messages of the conversation, oldest first (the question not included). */
  history: ModelMessage[];
  timeoutMs: number;
  maxSteps: number;
  /** Aborted when the user stops the answer. */
  signal: AbortSignal;
};

export type TurnResult = {
  mode: 'model' | 'retrieval';
  tokens: number;
  steps: number;
  aborted: boolean;
  failure: ProviderFailure | null;
  /** The provider's error text for the log (the key removed by the caller). */
  failureDetail: string | null;
};

// Each tool's input schema converted once (the JSON Schema sent to the provider is cached in it),
// not on every turn.
const inputSchemas = new WeakMap<AiTool, Schema<Record<string, unknown>>>();
function inputSchemaOf(t: AiTool): Schema<Record<string, unknown>> {
  let schema = inputSchemas.get(t);
  if (!schema) {
    schema = zodSchema(t.input as z.ZodType<Record<string, unknown>>);
    inputSchemas.set(t, schema);
  }
  return schema;
}

/** The AI SDK tool set for our tools: the model reads `data`; parts and citations go to the page. */
export function toolSetOf(tools: readonly AiTool[], ctx: AiToolContext, out: AnswerBuilder): ToolSet {
  const set: ToolSet = {};
  for (const t of tools) {
    set[t.name] = tool({
      description: t.description,
      inputSchema: inputSchemaOf(t),
      execute: async (input: Record<string, unknown>, { abortSignal }) => {
        const result = await t.run({ ...ctx, signal: abortSignal ?? ctx.signal }, input);
        if (result.parts?.length) out.addParts(result.parts);
        if (result.citations?.length) out.addCitations(result.citations);
        return result.data ?? null;
      },
    });
  }
  return set;
}

function classify(error: unknown, stalled: boolean): ProviderFailure {
  if (stalled) return 'timeout';
  if (JSONParseError.isInstance(error) || TypeValidationError.isInstance(error)) return 'malformed';
  if (APICallError.isInstance(error)) return error.statusCode === undefined && /json|parse/i.test(error.message) ? 'malformed' : 'error';
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/json|parse|validation/i.test(text)) return 'malformed';
  return 'error';
}

const reasonText = (failure: ProviderFailure, locale: AiToolContext['locale']) => serverMessage(`aiChat.reason.${failure}`, locale);

export async function runModelTurn(out: AnswerBuilder, turn: ModelTurn): Promise<TurnResult> {
  const { ctx, locale } = { ctx: turn.ctx, locale: turn.ctx.locale };
  const provider = new AbortController();
  let stalled = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      provider.abort(new Error('provider stalled'));
    }, turn.timeoutMs);
  };
  const stop = () => provider.abort(turn.signal.reason);
  turn.signal.addEventListener('abort', stop, { once: true });

  let tokens = 0;
  let steps = 0;
  let failure: ProviderFailure | null = null;
  let failureDetail: string | null = null;
  let finishReason: string | null = null;
  const toolCtx: AiToolContext = { ...ctx, signal: provider.signal };
  try {
    arm();
    const result = streamText({
      model: turn.model,
      system: systemPrompt(locale, ctx.design),
      messages: [...turn.history, { role: 'user', content: turn.question }],
      tools: toolSetOf(turn.tools, toolCtx, out),
      stopWhen: stepCountIs(turn.maxSteps),
      // A failed provider falls back to retrieval at once; retrying would keep the user waiting.
      maxRetries: 0,
      abortSignal: provider.signal,
      // Errors arrive in fullStream and are logged by the caller without the key; the SDK's own
      // default would print them (provider bodies may echo the key) to stderr.
      onError: () => undefined,
    });
    for await (const part of result.fullStream) {
      arm();
      if (part.type === 'text-delta') {
        if (!out.text(part.text)) {
          // The answer reached its limit: stop paying for the rest.
          provider.abort(new Error('answer limit'));
          break;
        }
      } else if (part.type === 'finish-step') {
        steps++;
        tokens += part.usage.totalTokens ?? (part.usage.inputTokens ?? 0) + (part.usage.outputTokens ?? 0);
        finishReason = part.finishReason;
      } else if (part.type === 'error') {
        failure = classify(part.error, stalled);
        failureDetail = part.error instanceof Error ? part.error.message : String(part.error);
        break;
      } else if (part.type === 'abort') {
        if (stalled) failure = 'timeout';
        break;
      }
    }
  } catch (error) {
    if (!turn.signal.aborted) {
      failure = classify(error, stalled);
      failureDetail = error instanceof Error ? error.message : String(error);
    }
  } finally {
    clearTimeout(timer);
    turn.signal.removeEventListener('abort', stop);
    // Whatever ended the loop (an error part, the limit), the provider call ends with it.
    if (!provider.signal.aborted) provider.abort(new Error('turn over'));
  }
  out.endText();
  if (turn.signal.aborted) return { mode: 'model', tokens, steps, aborted: true, failure: null, failureDetail: null };
  if (stalled) failure = 'timeout';

  const said = out.fullText().trim();
  if (!failure && !out.truncated) {
    if (finishReason === 'content-filter') failure = 'refused';
    else if (said === '' && finishReason === 'tool-calls' && steps >= turn.maxSteps) {
      // The step cap ended a tool loop before any answer: say so and answer from retrieval.
      out.notice('limit', noticeMessage('limit', locale));
      const r = await streamRetrieval(out, { ...ctx, signal: turn.signal }, turn.question, turn.tools, 'provider-error', null);
      return { mode: 'retrieval', tokens, steps, aborted: r.aborted, failure: null, failureDetail: null };
    } else if (said === '') failure = 'empty';
  }
  if (failure) {
    const r = await streamRetrieval(out, { ...ctx, signal: turn.signal }, turn.question, turn.tools, 'provider-error', { reason: reasonText(failure, locale) });
    return { mode: 'retrieval', tokens, steps, aborted: r.aborted, failure, failureDetail };
  }
  if (out.truncated) out.notice('truncated', noticeMessage('truncated', locale, { max: out.limit }));
  else if (finishReason === 'tool-calls' && steps >= turn.maxSteps) out.notice('limit', noticeMessage('limit', locale));
  const unverified = await unverifiedPartNumbers(ctx.db, said, out.shownParts().map((p) => p.mpn));
  if (unverified.length > 0) out.data('unverified', { mpns: unverified });
  return { mode: 'model', tokens, steps, aborted: false, failure: null, failureDetail: null };
}
