import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { getConfig } from '../../server/config.server.ts';

// The language model behind the chat, chosen by configuration (issue #15 item 2): any
// OpenAI-compatible chat API through @ai-sdk/openai-compatible. No base URL or no model: null,
// and the chat answers in retrieval mode. The key is handed to the provider only; it is never
// logged or put in an answer.

export type ChatModelSettings = {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string | undefined;
  /** LLM_DAILY_TOKENS: 0 turns the model path off. */
  dailyTokens: number;
  /** LLM_TIMEOUT_MS: the longest wait for the provider's next chunk. */
  timeoutMs: number;
  /** Model steps per turn (each tool round is one). */
  maxSteps: number;
};

let override: Partial<ChatModelSettings> | null = null;

/** The settings in force: the environment's, unless a test or the benchmark set its own. */
export function chatModelSettings(): ChatModelSettings {
  const c = getConfig();
  return {
    baseUrl: c.LLM_BASE_URL,
    apiKey: c.LLM_API_KEY,
    model: c.LLM_MODEL,
    dailyTokens: c.LLM_DAILY_TOKENS,
    timeoutMs: c.LLM_TIMEOUT_MS,
    maxSteps: 5,
    ...override,
  };
}

/** Tests and the benchmark point the chat at their scripted provider; null restores the environment. */
export function setChatModelSettings(settings: Partial<ChatModelSettings> | null): void {
  override = settings;
  cache = null;
}

let cache: { key: string; model: LanguageModel } | null = null;

/** The configured chat model, or null when none is configured. */
export function chatModel(settings = chatModelSettings()): LanguageModel | null {
  if (!settings.baseUrl || !settings.model) return null;
  const key = `${settings.baseUrl}\n${settings.model}\n${settings.apiKey ?? ''}`;
  if (cache?.key === key) return cache.model;
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: settings.baseUrl.replace(/\/+$/, ''),
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    // Usage arrives in the stream's last chunk (stream_options.include_usage), for the budget.
    includeUsage: true,
  });
  cache = { key, model: provider.chatModel(settings.model) };
  return cache.model;
}

/** Removes the key (and anything that looks like a bearer token) from text bound for a log. */
export function withoutKey(text: string, settings = chatModelSettings()): string {
  let out = text;
  if (settings.apiKey) out = out.split(settings.apiKey).join('[key]');
  return out.replace(/Bearer\s+[^\s"']+/gi, 'Bearer [key]');
}
