// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import pino from 'pino';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CollectDialog } from '../../../src/islands/library/collect-dialog.tsx';
import { CollectionsPanel } from '../../../src/islands/library/collections-panel.tsx';
import { labelsWithPrefix } from '../../../src/lib/i18n/i18n.ts';
import { $token, resetUserInfo } from '../../../src/lib/client/store.ts';
import { createApp } from '../../../src/lib/server/app.ts';
import { collectFolders, collectItems, products } from '../../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../../helpers/test-db.ts';
import { makeUser } from '../../helpers/test-user.ts';
import { loadRealParts } from '../../helpers/library-parts.ts';

// The collections islands against the real API: fetch is routed to createApp() on PGlite holding
// real demo-catalogue parts, so what the dialog and the tab show is what the server answered and
// what they change is checked in the database.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createApp>;
let user: { id: number; token: string };
const collectLabels = labelsWithPrefix('zh', 'collections.collect.');
const panelLabels = labelsWithPrefix('zh', 'collections.');
/** What the API answered, call by call. */
const answers: { path: string; code: number }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
  await loadRealParts(database, ['NE555D', 'LM358', 'TL072']);
  user = await makeUser(database.db, 'collect-island');
}, 120_000);
afterAll(async () => {
  await database?.close();
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const headers = new Headers(init.headers);
      headers.set('cookie', 'locale=zh');
      const res = await app.request(url.pathname + url.search, { method: init.method ?? 'GET', headers, body: init.body ?? null });
      answers.push({ path: url.pathname, code: ((await res.clone().json()) as { code: number }).code });
      return res;
    }),
  );
  answers.length = 0;
  $token.set(user.token);
  // jsdom has no <dialog>.showModal (the delete confirmation uses one).
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetUserInfo();
});

async function itemOf(code: string) {
  const [p] = await database.db.select({ id: products.id }).from(products).where(eq(products.mfgMpnCode, code));
  const [i] = await database.db
    .select()
    .from(collectItems)
    .where(and(eq(collectItems.ownerId, user.id), eq(collectItems.productId, p!.id)));
  return i ?? null;
}

describe('Collect dialog', () => {
  it('creates a folder in place and collects the part into it', async () => {
    const onChange = vi.fn();
    render(<CollectDialog open onOpenChange={() => {}} mfgMpnCode="NE555D_ti" mpn="NE555D" folderId={null} labels={collectLabels} onChange={onChange} />);
    const dialog = await screen.findByTestId('collect-dialog');
    await within(dialog).findByText('默认收藏夹');
    const u = userEvent.setup();
    // Markup is refused before any call.
    await u.type(within(dialog).getByTestId('collect-new-folder-input'), '<b>x');
    expect(within(dialog).getByText('名称只能是纯文本，不能包含 HTML 标记')).toBeTruthy();
    expect((within(dialog).getByTestId('collect-new-folder-create') as HTMLButtonElement).disabled).toBe(true);
    await u.clear(within(dialog).getByTestId('collect-new-folder-input'));
    await u.type(within(dialog).getByTestId('collect-new-folder-input'), '定时器{Enter}');
    const option = await within(dialog).findByText('定时器');
    await waitFor(() => expect((option.closest('label')!.querySelector('input') as HTMLInputElement).checked).toBe(true));
    await u.click(within(dialog).getByTestId('collect-save'));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const [folder] = await database.db.select().from(collectFolders).where(and(eq(collectFolders.ownerId, user.id), eq(collectFolders.name, '定时器')));
    expect(onChange).toHaveBeenCalledWith(folder!.id);
    expect((await itemOf('NE555D_ti'))?.folderId).toBe(folder!.id);
  });

  it('shows where a collected part is and un-collects it', async () => {
    const item = (await itemOf('NE555D_ti'))!;
    const onChange = vi.fn();
    render(<CollectDialog open onOpenChange={() => {}} mfgMpnCode="NE555D_ti" mpn="NE555D" folderId={item.folderId} labels={collectLabels} onChange={onChange} />);
    const dialog = await screen.findByTestId('collect-dialog');
    await within(dialog).findByText(/已收藏在“定时器”/);
    // Nothing to move while the folder chosen is the one holding it.
    expect((within(dialog).getByTestId('collect-save') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(dialog).getByTestId('collect-uncollect'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(null));
    expect(await itemOf('NE555D_ti')).toBeNull();
  });
});

describe('Collections tab', () => {
  it('lists folders with counts, filters by folder, moves items, and deletes a folder moving its items to the default one', async () => {
    const call = (path: string, body: unknown) =>
      app.request(`/api/chiplet/user/collect${path}`, { method: 'POST', headers: { 'x-token': user.token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const opAmps = (await (await call('/userCate/add', { name: '运放' })).json()) as { result: { id: number } };
    await call('/prod/add', { mfgMpnCode: 'LM358_ti', folderId: opAmps.result.id });
    await call('/prod/add', { mfgMpnCode: 'TL072_ti', folderId: opAmps.result.id });
    await call('/prod/add', { mfgMpnCode: 'NE555D_ti' });

    render(<CollectionsPanel locale="zh" labels={panelLabels} />);
    const row = async (name: string) => (await screen.findAllByTestId('collect-folder')).find((r) => r.dataset['folderName'] === name)!;
    await waitFor(async () => expect((await row('运放')).dataset['count']).toBe('2'));
    expect((await row('默认收藏夹')).dataset['count']).toBe('1');
    await waitFor(() => expect(screen.getByTestId('collect-items').dataset['total']).toBe('3'));

    const u = userEvent.setup();
    await u.click(within(await row('运放')).getByTestId('collect-folder-open'));
    await waitFor(() => expect(screen.getByTestId('collect-items').dataset['total']).toBe('2'));
    const items = screen.getAllByTestId('collect-item');
    expect(items.map((i) => i.dataset['code']).sort()).toEqual(['LM358_ti', 'TL072_ti']);
    expect(within(items[0]!).getByTestId('collect-item-link').getAttribute('href')).toMatch(/^\/productDetail\/(LM358|TL072)_ti$/);

    // Move one to the default folder.
    const lm358 = items.find((i) => i.dataset['code'] === 'LM358_ti')!;
    await u.click(within(lm358).getByTestId('collect-item-check'));
    await u.selectOptions(screen.getByTestId('collect-move-target'), '默认收藏夹');
    await u.click(screen.getByTestId('collect-move'));
    await waitFor(() => expect(screen.getByTestId('collect-items').dataset['total']).toBe('1'));
    await waitFor(async () => expect((await row('默认收藏夹')).dataset['count']).toBe('2'));

    // Delete the folder: the confirmation names what happens to its items; they move, not vanish.
    await u.click(within(await row('运放')).getByTestId('collect-folder-delete'));
    const confirm = await screen.findByTestId('collect-folder-delete-confirm');
    expect(confirm.textContent).toContain('其中的 1 项会移到默认收藏夹，不会丢失。');
    await act(async () => within(confirm).getByRole('button', { name: '删除' }).click());
    await waitFor(async () => expect((await screen.findAllByTestId('collect-folder')).map((r) => r.dataset['folderName'])).not.toContain('运放'));
    await waitFor(async () => expect((await row('默认收藏夹')).dataset['count']).toBe('3'));
    // It was the folder on show: all items are shown now, and no call asked for the deleted folder.
    await waitFor(() => expect(screen.getByTestId('collect-items').dataset['folder']).toBe('all'));
    await waitFor(() => expect(screen.getByTestId('collect-items').dataset['total']).toBe('3'));
    expect(answers.filter((a) => a.code === 40400)).toEqual([]);
    const defaultId = Number((await row('默认收藏夹')).dataset['folderId']);
    expect((await itemOf('TL072_ti'))?.folderId).toBe(defaultId);
  });
});
