// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aiLabels } from '../../../src/components/ai/labels.ts';
import AiChat from '../../../src/islands/ai/ai-chat.tsx';
import { resetUserInfo, setUserInfo } from '../../../src/lib/client/store.ts';
import { createApp } from '../../../src/lib/server/app.ts';
import { createSession } from '../../../src/lib/server/auth.server.ts';
import { users } from '../../../src/lib/server/db/schema/index.ts';
import { seedReplaceCatalogue } from '../../helpers/replace-seed.ts';
import { createTestDatabase } from '../../helpers/test-db.ts';

// The chat island against the real chat endpoint: fetch is routed to createApp() on a PGlite (or
// PostgreSQL) catalogue, so the stream the island reads is the server's own UI message stream
// (retrieval mode: no language model is configured here). Needs the chat routes of #15 H3's branch
// (src/lib/ai/chat); checked on wt/h4 + wt/h3, PGlite and PostgreSQL.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createApp>;
let token: string;
let requests: { path: string; body: unknown }[];

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
  await seedReplaceCatalogue(database.db);
  const [u] = await database.db.insert(users).values({ username: 'ai-island' }).returning({ id: users.id });
  token = (await createSession(database.db, u!.id, Math.floor(Date.now() / 1000))).token;
}, 60_000);
afterAll(async () => {
  await database?.close();
});

beforeEach(() => {
  requests = [];
  sessionStorage.clear();
  window.history.replaceState(null, '', '/aiChat');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push({ path: url.pathname + url.search, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
      return app.request(url.pathname + url.search, { method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body ?? null, ...(init.signal ? { signal: init.signal } : {}) });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetUserInfo();
});

const answers = () => screen.queryAllByTestId('ai-message').filter((m) => m.dataset['role'] === 'assistant');

describe(`chat island over the real stream (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a guest asks in English: the retrieval answer streams in with its notice and part cards, and stays in the tab', async () => {
    const user = userEvent.setup();
    render(<AiChat locale="en" labels={aiLabels('en')} origin="chat" />);
    await user.type(screen.getByLabelText('Your question'), 'AO3400A{Enter}');
    await waitFor(() => expect(screen.getByTestId('ai-chat').dataset['status']).toBe('ready'), { timeout: 15_000 });
    await waitFor(() => expect(answers()).toHaveLength(1));
    const answer = answers()[0]!;
    expect(answer.dataset['mode']).toBe('retrieval');
    expect(within(answer).getByTestId('ai-notice').dataset['notice']).toBe('no-model');
    expect(within(answer).getByTestId('ai-notice').textContent).not.toMatch(/[\u4e00-\u9fff]/);
    const card = within(answer).getAllByTestId('ai-part-card')[0]!;
    expect(card.dataset['code']).toBe('AO3400A_aos');
    expect(within(card).getByTestId('ai-part-link').getAttribute('href')).toBe('/en/detail?mfgMpnCode=AO3400A_aos');
    const sent = requests.find((r) => r.path === '/api/chiplet/ai/chat')!.body as { conversationId: unknown; origin: string; messages: unknown[] };
    expect(sent).toMatchObject({ conversationId: null, origin: 'chat' });
    expect(sent.messages).toHaveLength(1);
    await waitFor(() => expect(JSON.parse(sessionStorage.getItem('chipedia.ai.guest.chat') ?? '[]')).toHaveLength(2));
  });

  it('a logged-in user gets a stored conversation: its id goes into the URL, the list and the next turn', async () => {
    setUserInfo({ token, phone: null, nickname: 'ai' });
    const user = userEvent.setup();
    const { unmount } = render(<AiChat locale="zh" labels={aiLabels('zh')} origin="chat" />);
    await user.type(screen.getByLabelText('你的问题'), 'AO3400A{Enter}');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('c')).toMatch(/^[0-9a-f-]{36}$/), { timeout: 15_000 });
    const id = new URLSearchParams(window.location.search).get('c')!;
    await waitFor(() => expect(screen.getAllByTestId('ai-conversation').map((c) => c.dataset['id'])).toContain(id));
    await waitFor(() => expect(screen.getByTestId('ai-chat').dataset['status']).toBe('ready'));
    await user.type(screen.getByLabelText('你的问题'), 'AMS1117 有什么替代料？{Enter}');
    await waitFor(() => expect(answers()).toHaveLength(2), { timeout: 15_000 });
    const second = requests.filter((r) => r.path === '/api/chiplet/ai/chat').at(-1)!.body as { conversationId: unknown };
    expect(second.conversationId).toBe(id);
    await waitFor(() => expect(screen.getByTestId('ai-chat').dataset['status']).toBe('ready'));
    unmount();

    // A reload (?c= in the URL) brings the conversation back from the server.
    render(<AiChat locale="zh" labels={aiLabels('zh')} origin="chat" />);
    await waitFor(() => expect(screen.getAllByTestId('ai-message')).toHaveLength(4));
    expect(answers()[0]!.querySelectorAll('[data-testid="ai-part-card"]').length).toBeGreaterThan(0);
  });

  it("a refusal before the stream (the server's envelope) shows its reason and keeps the question", async () => {
    const user = userEvent.setup();
    // The page itself refuses what it can check; a malformed design id is refused by the server.
    render(<AiChat locale="zh" labels={aiLabels('zh')} origin="ecad" designId="not-a-uuid" />);
    await user.type(screen.getByLabelText('你的问题'), 'LDO{Enter}');
    await waitFor(() => expect(screen.getByTestId('ai-error').textContent).toContain('这次回答失败'), { timeout: 15_000 });
    expect((screen.getByLabelText('你的问题') as HTMLTextAreaElement).value).toBe('LDO');
    await waitFor(() => expect(screen.queryAllByTestId('ai-message')).toHaveLength(0));
  });
});
