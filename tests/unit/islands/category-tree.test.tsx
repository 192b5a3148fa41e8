// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CategoryPicker, CategoryTree } from '../../../src/islands/library/category-tree.tsx';
import { $loginRequests } from '../../../src/lib/client/login-request.ts';
import { $token, resetUserInfo } from '../../../src/lib/client/store.ts';
import { labelsWithPrefix } from '../../../src/lib/i18n/i18n.ts';
import { saveCategory } from '../../../src/lib/library/categories.server.ts';
import { products, userCategories, userCategoryLinks } from '../../../src/lib/server/db/schema/index.ts';
import { createWorld, type World } from '../../helpers/bom-world.ts';

// CategoryTree and CategoryPicker against the real API: fetch is routed to createApp() on PGlite,
// so the tree, its counts and every edit are what the server answered and stored.

const labels = labelsWithPrefix('zh', 'categories.', 'check.');
let w: World;
let top: number;
let mid: number;
let leaf: number;

beforeAll(async () => {
  w = await createWorld();
  const db = w.database.db;
  top = (await saveCategory(db, w.alice.id, { name: '运放' }, 'zh')).id;
  mid = (await saveCategory(db, w.alice.id, { name: '双运放', parentId: top }, 'zh')).id;
  leaf = (await saveCategory(db, w.alice.id, { name: 'SOIC-8', parentId: mid }, 'zh')).id;
  await saveCategory(db, w.alice.id, { name: '电阻' }, 'zh');
  const [part] = await db.select({ id: products.id }).from(products).where(eq(products.mfgMpnCode, 'LM358DR-test'));
  await db.insert(userCategoryLinks).values({ categoryId: leaf, ownerId: w.alice.id, productId: part!.id });
}, 60_000);
afterAll(async () => {
  await w?.close();
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const headers = new Headers(init.headers);
      headers.set('cookie', 'locale=zh');
      return w.app.request(url.pathname + url.search, { method: init.method ?? 'GET', headers, body: init.body ?? null });
    }),
  );
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

function Harness({ onSelect }: { onSelect?: (id: number | null) => void }) {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <>
      <CategoryTree
        scope="part"
        locale="zh"
        labels={labels}
        selectedId={selected}
        onSelect={(id) => {
          setSelected(id);
          onSelect?.(id);
        }}
      />
      <CategoryPicker scope="part" locale="zh" labels={labels} value={selected} onChange={setSelected} />
    </>
  );
}

const node = (name: string) => screen.getAllByTestId('category-node').find((n) => n.dataset['name'] === name)!;

describe('CategoryTree', () => {
  it('asks a logged-out visitor to log in', async () => {
    render(<Harness />);
    const before = $loginRequests.get();
    await userEvent.click(within(screen.getByTestId('category-tree-login')).getByRole('button'));
    expect($loginRequests.get()).toBe(before + 1);
  });

  it('shows the tree with counts including descendants, walks it with the keyboard and selects', async () => {
    $token.set(w.alice.token);
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const tree = await screen.findByRole('tree', { name: '我的分类' });
    const items = within(tree).getAllByRole('treeitem');
    // Siblings keep the order they were made in (sort), not the alphabet.
    expect(items.map((i) => i.dataset['name'])).toEqual(['运放', '电阻']);
    expect(node('运放').getAttribute('aria-expanded')).toBe('false');
    expect(within(node('运放')).getByText('1 个元件')).toBeTruthy();
    expect(node('运放').getAttribute('tabindex')).toBe('0');
    expect(node('电阻').getAttribute('tabindex')).toBe('-1');

    const u = userEvent.setup();
    node('运放').focus();
    await u.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(node('电阻'));
    await u.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(node('运放'));
    await u.keyboard('{ArrowRight}');
    await waitFor(() => expect(node('运放').getAttribute('aria-expanded')).toBe('true'));
    await u.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(node('双运放'));
    await u.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(node('SOIC-8'));
    expect(node('SOIC-8').getAttribute('aria-level')).toBe('3');
    await u.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(leaf);
    await waitFor(() => expect(node('SOIC-8').getAttribute('aria-selected')).toBe('true'));
    // The picker follows the selection and lists every category, indented.
    const picker = screen.getByTestId('category-picker') as HTMLSelectElement;
    expect(picker.value).toBe(String(leaf));
    expect([...picker.options].map((o) => o.textContent)).toEqual(['不放入分类', '运放', '\u3000双运放', '\u3000\u3000SOIC-8', '电阻']);
    await u.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(node('双运放'));
    await u.keyboard('{Home}');
    expect(document.activeElement).toBe(node('运放'));
    await u.keyboard('{End}');
    expect(document.activeElement).toBe(node('电阻'));
  });

  it('adds a child, refuses markup with the server’s message, renames, shares and deletes (parts stay)', async () => {
    $token.set(w.alice.token);
    render(<Harness />);
    await screen.findByRole('tree');
    const u = userEvent.setup();
    await u.click(node('电阻'));
    // A fourth level is not offered; a child of a top category is.
    await u.click(screen.getByTestId('category-actions'));
    await u.click(await screen.findByTestId('category-add-child'));
    const dialog = await screen.findByTestId('category-name-dialog');
    expect(within(dialog).getByRole('heading').textContent).toContain('电阻');
    const input = within(dialog).getByLabelText('名称');
    await u.type(input, '<b>贴片</b>');
    await u.click(within(dialog).getByTestId('category-name-save'));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/纯文本/);
    await u.clear(input);
    await u.type(input, '贴片电阻{Enter}');
    await waitFor(() => expect(screen.queryByTestId('category-name-dialog')).toBeNull());
    await waitFor(() => expect(node('贴片电阻')).toBeTruthy());
    expect(node('贴片电阻').getAttribute('aria-level')).toBe('2');
    expect(node('贴片电阻').getAttribute('aria-selected')).toBe('true');
    const created = await w.database.db.select().from(userCategories).where(eq(userCategories.name, '贴片电阻'));
    expect(created[0]!.level).toBe(2);

    // Rename with F2.
    node('贴片电阻').focus();
    await u.keyboard('{F2}');
    const rename = await screen.findByTestId('category-name-dialog');
    const renameInput = within(rename).getByLabelText('名称') as HTMLInputElement;
    expect(renameInput.value).toBe('贴片电阻');
    await u.clear(renameInput);
    await u.type(renameInput, '0603 电阻{Enter}');
    await waitFor(() => expect(node('0603 电阻')).toBeTruthy());

    // Share: a link to the read-only page; the tree marks it shared.
    await u.click(screen.getByTestId('category-actions'));
    await u.click(await screen.findByTestId('category-share'));
    const share = await screen.findByTestId('category-share-dialog');
    await u.click(within(share).getByTestId('category-share-open'));
    const link = (await within(share).findByTestId('category-share-link')) as HTMLInputElement;
    expect(link.value).toMatch(/^http:\/\/localhost(:\d+)?\/share\/category\/[A-Za-z0-9_-]{32}$/);
    await waitFor(() => expect(within(node('0603 电阻')).getByTestId('category-shared')).toBeTruthy());
    await u.click(within(share).getByTestId('category-share-close'));
    await waitFor(() => expect(within(node('0603 电阻')).queryByTestId('category-shared')).toBeNull());
    await u.keyboard('{Escape}');

    // Delete 运放 (with its two levels and one linked part): the confirmation says the parts stay.
    await u.click(node('运放'));
    node('运放').focus();
    await u.keyboard('{Delete}');
    const confirm = await screen.findByTestId('category-delete-confirm');
    expect(confirm.textContent).toContain('2 个子分类');
    expect(confirm.textContent).toMatch(/不会被删除/);
    await act(async () => within(confirm).getByRole('button', { name: '删除分类' }).click());
    await waitFor(() => expect(screen.getAllByTestId('category-node').map((n) => n.dataset['name'])).not.toContain('运放'));
    const [part] = await w.database.db.select().from(products).where(eq(products.mfgMpnCode, 'LM358DR-test'));
    expect(part).toBeDefined();
    expect(await w.database.db.select().from(userCategories).where(eq(userCategories.id, leaf))).toEqual([]);
  });

  it('shows only the caller’s own categories', async () => {
    $token.set(w.bob.token);
    render(<Harness />);
    expect(await screen.findByTestId('category-tree-empty')).toBeTruthy();
    expect(screen.queryAllByTestId('category-node')).toEqual([]);
  });
});
