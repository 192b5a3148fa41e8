// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiLabels } from '../../../src/components/ai/labels.ts';
import { ChatMessage } from '../../../src/islands/ai/chat-message.tsx';
import { Markdown } from '../../../src/islands/ai/markdown.tsx';
import { Citations, citationHref, NoticeBanner, PartCards } from '../../../src/islands/ai/message-parts.tsx';
import type { AiCitation, AiPart } from '../../../src/lib/ai/ai.ts';
import type { AiUIMessage } from '../../../src/lib/client/ai-api.ts';
import { resetUserInfo, setUserInfo } from '../../../src/lib/client/store.ts';

// The answer's pieces as the chat island renders them: sanitised Markdown, part cards, citations,
// notices and unverified part numbers, in both languages.

const zh = aiLabels('zh');
const en = aiLabels('en');
afterEach(cleanup);

const ldo: AiPart = {
  mfgMpnCode: 'AMS1117-3.3_ams',
  mpn: 'AMS1117-3.3',
  brandName: 'AMS',
  cateName: 'LDO',
  package: 'SOT-223',
  params: [
    { key: 'vout', name: 'Output voltage', value: '3.3 V' },
    { key: 'iout', name: 'Output current', value: '1 A' },
    { key: 'vin', name: 'Input voltage', value: '15 V' },
  ],
  url: '/detail?mfgMpnCode=AMS1117-3.3_ams',
  matched: ['vout', 'iout'],
};
const citation: AiCitation = {
  datasheetId: '6b1f7c1e-1111-4222-8333-944444444444',
  title: 'TPS5430 datasheet',
  page: 3,
  text: 'Input voltage range 5.5 V to 36 V',
  url: '/api/rag/datasheet/6b1f7c1e-1111-4222-8333-944444444444/file#page=3',
};

describe('Markdown', () => {
  it('renders GFM tables and drops raw HTML, script and javascript: links', () => {
    const text = [
      '| MPN | Vout |',
      '| --- | --- |',
      '| AMS1117-3.3 | 3.3 V |',
      '',
      '<script>window.__owned = 1</script>',
      '',
      '<img src="x" onerror="window.__owned = 2">',
      '',
      'inline <span onclick="alert(1)">html</span> too',
      '',
      '[click me](javascript:alert(1)) [data](data:text/html,hi) [proto](//evil.example/x)',
      '[detail](/detail?mfgMpnCode=AMS1117-3.3_ams) [ti](https://www.ti.com/product/TPS5430)',
      '![tracker](https://evil.example/pixel.png)',
    ].join('\n');
    const { container } = render(<Markdown text={text} locale="en" />);
    const table = container.querySelector('table');
    expect(table).not.toBeNull();
    expect(within(table!).getByText('AMS1117-3.3')).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|onclick/);
    expect(container.innerHTML).not.toContain('<script');
    expect((window as { __owned?: number }).__owned).toBeUndefined();
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/en/detail?mfgMpnCode=AMS1117-3.3_ams', 'https://www.ti.com/product/TPS5430']);
    expect(container.innerHTML).not.toMatch(/javascript:|data:text|evil\.example/);
    // The unsafe links keep their words, as text.
    expect(screen.getByText('click me').tagName).toBe('SPAN');
    const external = screen.getByText('ti').closest('a')!;
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
  });

  it('keeps site links unprefixed in Chinese and marks unverified part numbers in the text only', () => {
    const { container } = render(<Markdown text={'Try XYZ123 or [LM1117](/detail?x=1), not `XYZ123`.'} locale="zh" unverified={['XYZ123']} unverifiedLabel={zh.unverified} />);
    expect(container.querySelector('a')!.getAttribute('href')).toBe('/detail?x=1');
    const marks = screen.getAllByTestId('ai-unverified-mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]!.textContent).toBe('XYZ123');
    expect(marks[0]!.getAttribute('title')).toBe('未核实');
  });
});

describe('part cards', () => {
  it('shows MPN, brand, category, package and highlights the matched parameters, linking in the locale', () => {
    render(<PartCards parts={[ldo]} labels={en} locale="en" />);
    const card = screen.getByTestId('ai-part-card');
    expect(within(card).getByText('AMS1117-3.3').closest('a')!.getAttribute('href')).toBe('/en/detail?mfgMpnCode=AMS1117-3.3_ams');
    expect(card.textContent).toContain('AMS');
    expect(card.textContent).toContain('LDO · Package SOT-223');
    const matched = card.querySelectorAll('[data-matched="true"]');
    expect([...matched].map((m) => m.textContent)).toEqual(['Output voltage3.3 V✓', 'Output current1 A✓']);
    expect(within(card).getByText('Input voltage').className).not.toContain('emerald');
  });

  it('links without the /en prefix in Chinese and never links an unsafe url', () => {
    render(<PartCards parts={[ldo, { ...ldo, mfgMpnCode: 'bad', mpn: 'BAD1', url: 'javascript:alert(1)' }]} labels={zh} locale="zh" />);
    expect(screen.getByText('AMS1117-3.3').closest('a')!.getAttribute('href')).toBe('/detail?mfgMpnCode=AMS1117-3.3_ams');
    expect(screen.getByText('BAD1').closest('a')).toBeNull();
  });
});

describe('citations', () => {
  it("reads 'datasheet, page N' / '数据手册 第 N 页' and opens the PDF at that page in a new tab", () => {
    render(<Citations citations={[citation]} labels={en} />);
    const link = screen.getByTestId('ai-citation');
    expect(link.textContent).toContain('datasheet, page 3');
    expect(link.getAttribute('href')).toBe('/api/rag/datasheet/6b1f7c1e-1111-4222-8333-944444444444/file#page=3');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('title')).toContain('5.5 V to 36 V');
    cleanup();
    render(<Citations citations={[{ ...citation, page: 12 }]} labels={zh} />);
    expect(screen.getByTestId('ai-citation').textContent).toContain('数据手册 第 12 页');
  });

  it("a logged-in user's click fetches the private PDF with the session (a plain tab would not carry it)", async () => {
    const closed: string[] = [];
    const fetched: { url: string; token: string | null }[] = [];
    vi.stubGlobal('open', () => ({ close: () => closed.push('closed'), location: { href: '' } }));
    // The network is down: the page says so and closes the tab it opened.
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      fetched.push({ url, token: new Headers(init.headers).get('X-token') });
      throw new TypeError('Failed to fetch');
    });
    setUserInfo({ token: 'session-token', phone: null, nickname: null });
    try {
      render(<Citations citations={[citation]} labels={en} />);
      const link = screen.getByTestId('ai-citation');
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      link.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
      await waitFor(() => expect(closed).toEqual(['closed']));
      expect(fetched).toEqual([{ url: '/api/rag/datasheet/6b1f7c1e-1111-4222-8333-944444444444/file', token: 'session-token' }]);
      // Logged out, the link opens by itself (catalogue datasheets are public).
      resetUserInfo();
      const guest = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      link.dispatchEvent(guest);
      expect(guest.defaultPrevented).toBe(false);
      expect(fetched).toHaveLength(1);
    } finally {
      resetUserInfo();
      vi.unstubAllGlobals();
    }
  });

  it('adds the page when the address has none and refuses unsafe addresses', () => {
    expect(citationHref({ ...citation, url: '/api/rag/datasheet/x/file', page: 7 })).toBe('/api/rag/datasheet/x/file#page=7');
    expect(citationHref({ ...citation, url: 'javascript:alert(1)' })).toBeNull();
  });
});

describe('notices', () => {
  it("shows the server's message, or the page's own text in the user's language", () => {
    render(<NoticeBanner notice="no-model" message="服务器说：未配置语言模型" labels={zh} />);
    expect(screen.getByTestId('ai-notice').textContent).toBe('服务器说：未配置语言模型');
    cleanup();
    render(<NoticeBanner notice="budget" message="" labels={en} />);
    expect(screen.getByTestId('ai-notice').textContent).toContain("Today's model budget is used up");
    cleanup();
    render(<NoticeBanner notice="provider-error" labels={zh} />);
    expect(screen.getByTestId('ai-notice').textContent).toContain('语言模型服务出错');
  });
});

describe('a whole answer', () => {
  it('renders notice, Markdown, cards, citations and unverified numbers from the stream parts', async () => {
    const message: AiUIMessage = {
      id: 'a1',
      role: 'assistant',
      metadata: { conversationId: null, mode: 'retrieval' },
      parts: [
        { type: 'data-notice', data: { notice: 'no-model', message: '未配置语言模型。' } },
        { type: 'text', text: '| 型号 | 输出 |\n| --- | --- |\n| AMS1117-3.3 | 3.3 V |\n\n另见 FAKE9999。' },
        { type: 'data-parts', data: { parts: [ldo] } },
        { type: 'data-parts', data: { parts: [ldo] } },
        { type: 'data-citations', data: { citations: [citation] } },
        { type: 'data-unverified', data: { mpns: ['FAKE9999'] } },
      ],
    };
    let copied = 0;
    render(
      <ol>
        <ChatMessage message={message} labels={zh} locale="zh" streaming={false} onCopy={() => copied++} />
      </ol>,
    );
    const li = screen.getByTestId('ai-message');
    expect(li.dataset['mode']).toBe('retrieval');
    // The Markdown renderer loads apart; the answer's text shows at once, its table once it has.
    expect(li.textContent).toContain('另见 FAKE9999');
    await waitFor(() => expect(li.querySelector('table')).not.toBeNull());
    expect(within(li).getByTestId('ai-notice').textContent).toBe('未配置语言模型。');
    expect(li.querySelector('table')).not.toBeNull();
    expect(within(li).getAllByTestId('ai-part-card')).toHaveLength(1);
    expect(within(li).getByTestId('ai-citation').textContent).toContain('数据手册 第 3 页');
    expect(within(li).getByTestId('ai-unverified-mark').textContent).toBe('FAKE9999');
    expect(within(li).getByTestId('ai-unverified').textContent).toContain('FAKE9999');
    within(li).getByTestId('ai-copy').click();
    expect(copied).toBe(1);
    expect(within(li).queryByTestId('ai-regenerate')).toBeNull();
  });

  it("shows a user's question as plain text, never as HTML", () => {
    const message: AiUIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: '<b>bold?</b>\nLDO' }] };
    const { container } = render(
      <ol>
        <ChatMessage message={message} labels={en} locale="en" streaming={false} />
      </ol>,
    );
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByTestId('ai-message').textContent).toContain('<b>bold?</b>');
  });
});
