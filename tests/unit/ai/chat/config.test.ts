import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../../src/lib/server/config.server.ts';
import { chatModel, withoutKey } from '../../../../src/lib/ai/chat/model.server.ts';

describe('LLM_* configuration', () => {
  it('defaults to no model, a daily budget and a 30 s stall timeout', () => {
    const c = parseConfig({});
    expect([c.LLM_BASE_URL, c.LLM_MODEL, c.LLM_API_KEY]).toEqual([undefined, undefined, undefined]);
    expect(c).toMatchObject({ LLM_DAILY_TOKENS: 1_000_000, LLM_TIMEOUT_MS: 30_000 });
  });

  it('reads a provider and refuses bad values naming the variable', () => {
    const c = parseConfig({ LLM_BASE_URL: 'https://api.deepseek.com/v1', LLM_MODEL: 'deepseek-chat', LLM_API_KEY: ' sk-x ', LLM_DAILY_TOKENS: '0', LLM_TIMEOUT_MS: '5000' });
    expect(c).toMatchObject({ LLM_BASE_URL: 'https://api.deepseek.com/v1', LLM_MODEL: 'deepseek-chat', LLM_API_KEY: 'sk-x', LLM_DAILY_TOKENS: 0, LLM_TIMEOUT_MS: 5000 });
    expect(() => parseConfig({ LLM_BASE_URL: 'ftp://x' })).toThrow(ConfigError);
    expect(() => parseConfig({ LLM_TIMEOUT_MS: '10' })).toThrow(/LLM_TIMEOUT_MS/);
    expect(() => parseConfig({ LLM_DAILY_TOKENS: '-1' })).toThrow(/LLM_DAILY_TOKENS/);
  });

  it('makes a model only with both a base URL and a model name; keys are scrubbed from log text', () => {
    const base = { apiKey: 'sk-secret-1', dailyTokens: 1, timeoutMs: 1000, maxSteps: 5 };
    expect(chatModel({ ...base, baseUrl: undefined, model: 'm' })).toBeNull();
    expect(chatModel({ ...base, baseUrl: 'http://127.0.0.1:1/v1', model: undefined })).toBeNull();
    expect(chatModel({ ...base, baseUrl: 'http://127.0.0.1:1/v1', model: 'm' })).not.toBeNull();
    expect(withoutKey('401: key sk-secret-1 rejected; Authorization: Bearer sk-secret-1', { ...base, baseUrl: undefined, model: undefined })).toBe('401: key [key] rejected; Authorization: Bearer [key]');
  });
});
