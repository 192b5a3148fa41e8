// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPLACE_LABEL_KEYS, type ReplaceLabels } from '../../../src/islands/replace/labels.ts';
import ReplaceFinder from '../../../src/islands/replace/replace-finder.tsx';
import { t } from '../../../src/lib/i18n/i18n.ts';
import { resetUserInfo } from '../../../src/lib/client/store.ts';
import { createApp } from '../../../src/lib/server/app.ts';
import { bomLines, boms } from '../../../src/lib/server/db/schema/index.ts';
import { seedReplaceCatalogue } from '../../helpers/replace-seed.ts';
import { createTestDatabase } from '../../helpers/test-db.ts';

// The /subsMaterial island against the real API: fetch is routed to createApp() on a PGlite
// catalogue (no fake answers), so what the island shows is what the server graded.

const labels = Object.fromEntries(REPLACE_LABEL_KEYS.map((k) => [k, t('zh', `replace.${k}`)])) as ReplaceLabels;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createApp>;
let bomId: string;
let lineId: number;
let requests: { path: string; body: unknown }[];

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
  await seedReplaceCatalogue(database.db);
  const [b] = await database.db.insert(boms).values({ name: 'b', fileName: 'b.csv', format: 'csv' }).returning({ id: boms.id });
  bomId = b!.id;
  const [l] = await database.db.insert(bomLines).values({ bomId, position: 1, row: 1, source: { cells: ['R1'] }, status: 'doubtful' }).returning({ id: bomLines.id });
  lineId = l!.id;
}, 60_000);
afterAll(async () => {
  await database?.close();
});

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const headers = new Headers(init.headers);
      headers.set('accept-language', 'zh-CN');
      requests.push({ path: url.pathname, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
      return app.request(url.pathname + url.search, { method: init.method ?? 'GET', headers, body: init.body ?? null });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetUserInfo();
});

describe('ReplaceFinder', () => {
  it('shows the original and its graded candidates, and filters by grade and domestic brands', async () => {
    const user = userEvent.setup();
    render(<ReplaceFinder locale="zh" labels={labels} initialCode="RC0603FR-0710KL_yageo" bomLine={null} />);
    const original = await screen.findByTestId('original');
    expect(original.textContent).toContain('RC0603FR-0710KL');
    expect(original.textContent).toContain('精度: 1%');
    const cards = await screen.findAllByTestId('candidate');
    expect(cards.map((c) => [c.dataset.code, c.dataset.grade])).toEqual([
      ['0603WAF1002T5E_uniohm', 'dropIn'],
      ['RC0603JR-0710KL_yageo', 'pinCompatible'],
      ['RC0805FR-0710KL_yageo', 'functional'],
    ]);
    expect(within(cards[0]!).getByTestId('domestic').textContent).toBe('国产');
    const diffRows = within(cards[1]!).getByTestId('diff').querySelectorAll('tbody tr');
    expect([...diffRows].map((r) => [r.children[0]!.textContent, r.getAttribute('data-verdict')])).toContainEqual(['精度', 'worse']);
    expect(screen.getByTestId('count').textContent).toBe('共 3 个替代料');

    await user.click(screen.getByTestId('chip-pinCompatible'));
    await waitFor(() => expect(screen.getAllByTestId('candidate').map((c) => c.dataset.code)).toEqual(['RC0603JR-0710KL_yageo']));
    expect(requests.at(-1)?.body).toMatchObject({ mfgMpnCode: 'RC0603FR-0710KL_yageo', grade: 'pinCompatible' });
    await user.click(screen.getByText('全部', { exact: false }));
    await user.click(screen.getByTestId('chip-domestic'));
    await waitFor(() => expect(screen.getAllByTestId('candidate').map((c) => c.dataset.code)).toEqual(['0603WAF1002T5E_uniohm']));
  });

  it('applies a candidate to the BOM line it was opened for', async () => {
    const user = userEvent.setup();
    render(<ReplaceFinder locale="zh" labels={labels} initialCode="RC0603FR-0710KL_yageo" bomLine={{ bomId, lineId, version: 0 }} />);
    expect(screen.getByTestId('bom-banner')).toBeTruthy();
    const cards = await screen.findAllByTestId('candidate');
    await user.click(within(cards[0]!).getByTestId('apply'));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/chiplet/replace/change')).toBe(true));
    await waitFor(async () => {
      const [row] = await database.db.select().from(bomLines);
      expect(row).toMatchObject({ chosenBy: 'replacement', status: 'matched', version: 1 });
    });
    expect(requests.find((r) => r.path === '/api/chiplet/replace/change')?.body).toEqual({ bomId, lineId, mfgMpnCode: '0603WAF1002T5E_uniohm', version: 0 });
  });
});
