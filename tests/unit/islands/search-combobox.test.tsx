// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SearchCombobox from '../../../src/islands/search/search-combobox.tsx';
import { SUGGEST_URL } from '../../../src/lib/client/search-suggest.ts';

// The header's search box with suggestions (SPEC §2, issue 4): the island against a fake
// GET /api/chiplet/products/suggest answering in the API's { code, msg, result } envelope, and a
// location whose assign() records where the browser would go.

const labels = { label: '搜索元器件', placeholder: '请输入元器件型号或关键词', button: '搜索', kinds: { mpn: '型号', brand: '品牌', category: '分类' } };

const STM = [
  { kind: 'mpn', text: 'STM32F103C8T6', href: '/productDetail/STM32F103C8T6_st', sub: 'ST' },
  { kind: 'mpn', text: 'STM32F103CBT6', href: '/productDetail/STM32F103CBT6_st', sub: 'ST' },
  { kind: 'brand', text: 'STMicroelectronics', href: '/search?name=STMicroelectronics' },
  { kind: 'category', text: '微控制器', href: '/filterPage/20301/%E5%BE%AE%E6%8E%A7%E5%88%B6%E5%99%A8', sub: '集成电路' },
];

let calls: string[] = [];
let answer: (q: string) => unknown;
let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  calls = [];
  answer = (q) => ({ code: 200000, msg: 'success', result: q.toLowerCase().startsWith('stm') ? STM : [] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(`${url.pathname}?${url.searchParams}`);
      return new Response(JSON.stringify(answer(url.searchParams.get('q') ?? '')), { headers: { 'content-type': 'application/json' } });
    }),
  );
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderBox(prefill = '') {
  const user = userEvent.setup();
  render(<SearchCombobox action="/search" prefill={prefill} inputId="header-search" labels={labels} />);
  return { user, box: screen.getByRole('combobox', { name: '搜索元器件' }) };
}

async function typeAndWaitForList(text: string) {
  const r = renderBox();
  await r.user.type(r.box, text);
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeNull());
  return r;
}

describe('search combobox', () => {
  it('server-renders a plain GET form (no combobox roles until the island runs)', () => {
    const html = renderToString(<SearchCombobox action="/en/search" prefill="LM358" inputId="header-search" labels={labels} />);
    expect(html).toMatch(/<form[^>]*action="\/en\/search"[^>]*method="get"/);
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="LM358"/);
    expect(html).not.toContain('role="combobox"');
    expect(html).not.toContain('role="listbox"');
  });

  it('typing asks the server once (debounced) and lists part numbers, brands and categories', async () => {
    const { box } = await typeAndWaitForList('stm32');
    expect(calls).toEqual([`${SUGGEST_URL}?q=stm32`]);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe('header-search-suggestions');
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['STM32F103C8T6型号 · ST', 'STM32F103CBT6型号 · ST', 'STMicroelectronics品牌', '微控制器分类 · 集成电路']);
    expect(options.every((o) => o.getAttribute('aria-selected') === 'false')).toBe(true);
  });

  it('one character asks nothing; clearing the text closes the list', async () => {
    const { user, box } = renderBox();
    await user.type(box, 's');
    await new Promise((r) => setTimeout(r, 200));
    expect(calls).toEqual([]);
    await user.type(box, 'tm');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeNull());
    await user.clear(box);
    expect(screen.queryByRole('listbox')).toBeNull(); // hidden: out of the accessibility tree
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('arrow keys move aria-activedescendant through the options and back to the box', async () => {
    const { user, box } = await typeAndWaitForList('stm');
    const options = screen.getAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('false');
    await user.keyboard('{ArrowDown}{ArrowDown}'); // past the last: back to the text
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
    await user.keyboard('{ArrowUp}'); // from the text: the last
    expect(box.getAttribute('aria-activedescendant')).toBe(options[3]!.id);
    expect(document.activeElement).toBe(box);
  });

  it('Enter on a highlighted option opens it', async () => {
    const { user } = await typeAndWaitForList('stm');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/search?name=STMicroelectronics');
  });

  it('a click on an option opens it, and the box keeps the focus until then', async () => {
    const { user, box } = await typeAndWaitForList('stm');
    await user.click(screen.getAllByRole('option')[3]!);
    expect(assign).toHaveBeenCalledWith(STM[3]!.href);
    expect(document.activeElement).toBe(box);
  });

  it('Escape closes the list and keeps the text; ArrowDown opens it again', async () => {
    const { user, box } = await typeAndWaitForList('stm');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
    expect((box as HTMLInputElement).value).toBe('stm');
    await user.keyboard('{ArrowDown}');
    expect(screen.queryByRole('listbox')).not.toBeNull();
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id);
  });

  it('Enter without a highlighted option searches for the trimmed text; empty text does nothing', async () => {
    const { user, box } = renderBox();
    await user.type(box, '   {Enter}');
    expect(assign).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
    expect(document.activeElement).toBe(box);
    await user.click(screen.getByRole('button', { name: '搜索' }));
    expect(assign).not.toHaveBeenCalled();
    await user.clear(box);
    await user.type(box, '  运放 & 1% {Enter}');
    expect(assign).toHaveBeenCalledWith('/search?name=%E8%BF%90%E6%94%BE%20%26%201%25');
  });

  it('an answer for text the user has typed past is dropped; a failed answer lists nothing', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const stm = answer;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const q = new URL(String(input), 'http://localhost').searchParams.get('q') ?? '';
        calls.push(q);
        if (q === 'stm') await gate;
        return new Response(JSON.stringify(q === 'stm' ? stm(q) : { code: 50000, msg: '服务器繁忙', result: null }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    const { user, box } = renderBox();
    await user.type(box, 'stm');
    await waitFor(() => expect(calls).toEqual(['stm']));
    await user.type(box, 'x');
    await waitFor(() => expect(calls).toEqual(['stm', 'stmx']));
    release();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('is prefilled from the page (type=search, the search page)', () => {
    renderBox('LM358');
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('LM358');
  });
});
