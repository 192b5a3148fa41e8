// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aiLabels } from '../../../src/components/ai/labels.ts';
import AiChat from '../../../src/islands/ai/ai-chat.tsx';
import { checkPdf, checkQuestion, conversationFromUrl, failureReason, guestHistory, loadGuestChat, safeHref, saveGuestChat } from '../../../src/islands/ai/chat-logic.ts';
import { launcherTarget } from '../../../src/islands/ai/launcher.ts';
import { AI_LIMITS } from '../../../src/lib/ai/ai.ts';
import type { AiUIMessage } from '../../../src/lib/client/ai-api.ts';
import { resetUserInfo } from '../../../src/lib/client/store.ts';

// The chat island's own rules: what it refuses in the page before any request, how a failed turn
// keeps the conversation and the question, and the guest's tab chat. Answers themselves come from
// the server (tests/e2e/ai.spec.ts drives the real stream).

const zh = aiLabels('zh');
const en = aiLabels('en');
let requests: string[];

beforeEach(() => {
  resetUserInfo();
  sessionStorage.clear();
  requests = [];
  // The network is down: every request fails the way a browser's fetch does.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      requests.push(String(input instanceof Request ? input.url : input));
      throw new TypeError('Failed to fetch');
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('question rules', () => {
  it('refuses empty and over-long questions with a clear message in the language', () => {
    expect(checkQuestion('   \n ', zh)).toEqual({ ok: false, message: '请先输入问题。' });
    const long = 'a'.repeat(AI_LIMITS.questionChars + 1);
    expect(checkQuestion(long, en)).toEqual({ ok: false, message: `A question can have at most 2000 characters; this one has 2001.` });
    expect(checkQuestion('一'.repeat(AI_LIMITS.questionChars), zh)).toEqual({ ok: true, text: '一'.repeat(2000) });
    // Counted as characters, not UTF-16 units: 2000 emoji are 2000 characters.
    expect(checkQuestion('🔌'.repeat(2000), zh).ok).toBe(true);
    expect(checkQuestion('  LDO 3.3V  ', en)).toEqual({ ok: true, text: 'LDO 3.3V' });
  });

  it('lets through only http(s) and site-relative links', () => {
    expect(safeHref('/detail?x=1')).toBe('/detail?x=1');
    expect(safeHref('https://www.ti.com/a')).toBe('https://www.ti.com/a');
    for (const bad of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example', 'mailto:a@b.c', 'vbscript:x', '', null]) {
      expect(safeHref(bad)).toBeNull();
    }
  });

  it('explains a refused turn with the envelope message, else a generic reason', () => {
    expect(failureReason(new Error(JSON.stringify({ code: 42900, msg: '请求过于频繁', result: null })), zh)).toBe('请求过于频繁');
    expect(failureReason(new TypeError('Failed to fetch'), en)).toBe('the service is unavailable');
    expect(failureReason(undefined, zh)).toBe('服务暂时不可用');
  });

  it('checks a datasheet in the page: a PDF, not empty, at most 20 MB', () => {
    const pdf = (size: number, name = 'a.pdf', type = 'application/pdf') => {
      const f = new File(['x'], name, { type });
      Object.defineProperty(f, 'size', { value: size });
      return f;
    };
    expect(checkPdf(pdf(1000), zh)).toBeNull();
    expect(checkPdf(pdf(1000, 'page.html', 'text/html'), zh)).toBe('只能上传 PDF 文件。');
    expect(checkPdf(pdf(0), en)).toBe('The file is empty.');
    expect(checkPdf(pdf(200 * 1024 * 1024), en)).toBe('The file is 200.0 MB, over the 20 MB limit.');
    expect(checkPdf(pdf(AI_LIMITS.pdfBytes), en)).toBeNull();
  });

  it('reads ?c= only as a conversation id and builds the launcher target safely', () => {
    expect(conversationFromUrl('?c=6B1F7C1E-1111-4222-8333-944444444444')).toBe('6b1f7c1e-1111-4222-8333-944444444444');
    expect(conversationFromUrl('?c=../../etc')).toBeNull();
    expect(launcherTarget('/ecadViewer/ai', 'd0d0d0d0-1111-4222-8333-944444444444', 'en', 'http://x.test')).toBe('http://x.test/en/ecadViewer/ai?designId=d0d0d0d0-1111-4222-8333-944444444444');
    expect(launcherTarget('https://ai.example.com/ecadViewer/ai', '', 'zh', 'http://x.test')).toBe('https://ai.example.com/ecadViewer/ai');
    expect(launcherTarget('javascript:alert(1)', '', 'zh', 'http://x.test')).toBeNull();
    expect(launcherTarget(42, '', 'zh', 'http://x.test')).toBeNull();
  });
});

describe('guest tab chat', () => {
  it('keeps the last turns in sessionStorage and ignores damaged data', () => {
    const msgs: AiUIMessage[] = Array.from({ length: 50 }, (_, i) => ({ id: `m${i}`, role: i % 2 ? 'assistant' : 'user', parts: [{ type: 'text', text: `t${i}` }] }));
    saveGuestChat('chat', msgs);
    const back = loadGuestChat('chat');
    expect(back).toHaveLength(AI_LIMITS.guestHistory * 2);
    expect(back.at(-1)!.id).toBe('m49');
    expect(guestHistory(back)).toHaveLength(AI_LIMITS.guestHistory);
    sessionStorage.setItem('chipedia.ai.guest.chat', '{not json');
    expect(loadGuestChat('chat')).toEqual([]);
    expect(loadGuestChat('ecad')).toEqual([]);
  });
});

describe('the chat island', () => {
  it('refuses an empty or over-long question in the page, without a request', async () => {
    const user = userEvent.setup();
    render(<AiChat locale="zh" labels={zh} origin="chat" />);
    const input = screen.getByLabelText('你的问题');
    await user.click(input);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('ai-input-error').textContent).toBe('请先输入问题。');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: 'x'.repeat(2001) } });
    expect(screen.getByText('2001/2000').className).toContain('red');
    await user.click(screen.getByTestId('ai-send'));
    expect(screen.getByTestId('ai-input-error').textContent).toBe('问题最多 2000 个字符，现在是 2001 个。');
    expect((input as HTMLTextAreaElement).value).toHaveLength(2001);
    expect(requests).toEqual([]);
  });

  it('breaks the line on Shift+Enter and offers the example questions and the login hint to guests', async () => {
    const user = userEvent.setup();
    render(<AiChat locale="en" labels={en} origin="chat" />);
    const input = screen.getByLabelText('Your question') as HTMLTextAreaElement;
    await user.type(input, 'LDO{Shift>}{Enter}{/Shift}3.3V');
    expect(input.value).toBe('LDO\n3.3V');
    expect(requests).toEqual([]);
    expect(screen.getAllByTestId('ai-example').map((b) => b.textContent)).toEqual([en.example1, en.example2, en.example3]);
    expect(screen.getByTestId('ai-guest-hint').textContent).toContain('Log in to keep your history');
    expect(screen.queryByTestId('ai-conversations')).toBeNull();
    expect(screen.queryByTestId('ai-upload')).toBeNull();
  });

  it('keeps the conversation and puts the question back when a turn fails', async () => {
    const earlier: AiUIMessage[] = [
      { id: 'u0', role: 'user', parts: [{ type: 'text', text: 'AMS1117 有什么替代料？' }] },
      { id: 'a0', role: 'assistant', metadata: { conversationId: null, mode: 'retrieval' }, parts: [{ type: 'text', text: '**LM1117** 可以替代。' }] },
    ];
    sessionStorage.setItem('chipedia.ai.guest.chat', JSON.stringify(earlier));
    const user = userEvent.setup();
    render(<AiChat locale="zh" labels={zh} origin="chat" />);
    await waitFor(() => expect(screen.getAllByTestId('ai-message')).toHaveLength(2));
    const input = screen.getByLabelText('你的问题') as HTMLTextAreaElement;
    await user.type(input, '3.3V LDO 1A SOT-223{Enter}');
    await waitFor(() => expect(screen.getByTestId('ai-error').textContent).toContain('这次回答失败'));
    expect(requests).toEqual(['/api/chiplet/ai/chat']);
    expect(input.value).toBe('3.3V LDO 1A SOT-223');
    await waitFor(() => expect(screen.getAllByTestId('ai-message')).toHaveLength(2));
    await waitFor(() => expect(loadGuestChat('chat').map((m) => m.id)).toEqual(['u0', 'a0']));
    await waitFor(() => expect(screen.getByText('LM1117').tagName).toBe('STRONG'));
  });
});
