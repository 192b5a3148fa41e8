// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import BlockModify from '../../../src/islands/library/block-modify.tsx';
import { BlocksPanel } from '../../../src/islands/library/blocks-panel.tsx';
import { $token, resetUserInfo } from '../../../src/lib/client/store.ts';
import { labelsWithPrefix } from '../../../src/lib/i18n/i18n.ts';
import type { Block } from '../../../src/lib/library/blocks.schema.ts';
import { createWorld, type Env, type World } from '../../helpers/bom-world.ts';

// The design-block islands (issue #16 item 6) against the real API: fetch is routed to
// createApp() on PGlite (or PostgreSQL), blocks saved from KiCad's rectifier demo sheet, so what
// the panel and the host's edit form show is what the server answered.

const RECTIFIER = readFileSync(join(import.meta.dirname, '../../fixtures/library/blocks/rectifier.kicad_sch'), 'utf8');
const labels = labelsWithPrefix('zh', 'blocks.', 'categories.');
let w: World;
let rectifier: Block;

async function saveAs(token: string, body: unknown): Promise<Block> {
  const res = await w.app.request('/api/chiplet/u/fragment/save', { method: 'POST', headers: { 'x-token': token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const env = (await res.json()) as Env<Block>;
  expect(env.code, env.msg).toBe(200000);
  return env.result;
}

beforeAll(async () => {
  w = await createWorld();
  rectifier = await saveAs(w.alice.token, { name: '半波整流', description: 'KiCad 演示', keywords: 'rectifier diode', schematic: RECTIFIER });
  await saveAs(w.alice.token, { name: 'Second block', schematic: RECTIFIER });
}, 60_000);
afterAll(async () => {
  await w?.close();
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      return w.app.request(url.pathname + url.search, { method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body ?? null });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetUserInfo();
});

describe('BlocksPanel (/singleInfo?type=5)', () => {
  it('lists the caller’s blocks with what each sheet holds, searches them, and saves an edit', async () => {
    $token.set(w.alice.token);
    render(<BlocksPanel locale="zh" labels={labels} />);
    const grid = await screen.findByTestId('blocks-grid');
    expect(grid.dataset['total']).toBe('2');
    const card = within(grid).getByText('半波整流').closest('li')!;
    expect(card).toHaveProperty('textContent', expect.stringContaining('5 个元件 · 7 个符号'));
    expect(screen.getByText('共 2 个设计块')).toBeTruthy();

    const user = userEvent.setup();
    await user.type(screen.getByTestId('blocks-search'), 'diode');
    await waitFor(() => expect(screen.getByTestId('blocks-grid').dataset['total']).toBe('1'));

    await user.click(within(screen.getByTestId('blocks-grid')).getByTestId('block-open'));
    const detail = await screen.findByTestId('block-detail');
    expect(detail.textContent).toContain('KiCad 演示');
    expect(detail.textContent).toContain('来自 KiCad 6');
    await user.click(within(detail).getByTestId('block-edit'));
    const name = within(detail).getByTestId('block-name');
    await user.clear(name);
    await user.type(name, 'Rectifier');
    await user.click(within(detail).getByTestId('block-edit-save'));
    await waitFor(() => expect(within(screen.getByTestId('block-detail')).queryByTestId('block-edit-save')).toBeNull());
    const res = await w.app.request(`/api/chiplet/u/fragment/one?id=${rectifier.id}`, { headers: { 'x-token': w.alice.token } });
    expect(((await res.json()) as Env<Block>).result).toMatchObject({ name: 'Rectifier', description: 'KiCad 演示' });
    await saveAs(w.alice.token, { id: rectifier.id, name: '半波整流' });
  });

  it('deletes a block from its detail after an inline confirmation', async () => {
    const doomed = await saveAs(w.alice.token, { name: 'Doomed block', schematic: RECTIFIER });
    $token.set(w.alice.token);
    render(<BlocksPanel locale="zh" labels={labels} />);
    const card = (await screen.findByText('Doomed block')).closest('li')!;
    const user = userEvent.setup();
    await user.click(within(card).getByTestId('block-open'));
    const detail = await screen.findByTestId('block-detail');
    await user.click(within(detail).getByTestId('block-delete'));
    expect(within(detail).getByTestId('block-delete-confirm').textContent).toContain('确定删除“Doomed block”');
    await user.click(within(detail).getByTestId('block-delete-yes'));
    await waitFor(() => expect(screen.queryByText('Doomed block')).toBeNull());
    const res = await w.app.request(`/api/chiplet/u/fragment/one?id=${doomed.id}`, { headers: { 'x-token': w.alice.token } });
    expect(res.status).toBe(404);
  });

  it('shows another user an empty library', async () => {
    $token.set(w.bob.token);
    render(<BlocksPanel locale="zh" labels={labels} />);
    expect((await screen.findByTestId('blocks-empty')).textContent).toBe(labels['blocks.empty']);
  });
});

describe('BlockModify (/modifyFragment?id=, the host’s 660×320 form)', () => {
  it('loads the block, saves the changed description', async () => {
    $token.set(w.alice.token);
    window.history.replaceState(null, '', `/modifyFragment?id=${rectifier.id}`);
    render(<BlockModify labels={labels} />);
    const form = await screen.findByTestId('block-modify');
    expect((within(form).getByTestId('block-name') as HTMLInputElement).value).toBe('半波整流');
    const user = userEvent.setup();
    const description = within(form).getByTestId('block-description');
    await user.clear(description);
    await user.type(description, '半波整流，带滤波电容');
    await user.click(within(form).getByTestId('block-modify-save'));
    await waitFor(async () => {
      const res = await w.app.request(`/api/chiplet/u/fragment/one?id=${rectifier.id}`, { headers: { 'x-token': w.alice.token } });
      expect(((await res.json()) as Env<Block>).result.description).toBe('半波整流，带滤波电容');
    });
  });

  it('tells another user the block does not exist, and a missing id', async () => {
    $token.set(w.bob.token);
    window.history.replaceState(null, '', `/modifyFragment?id=${rectifier.id}`);
    render(<BlockModify labels={labels} />);
    expect((await screen.findByTestId('block-modify-problem')).textContent).toBe('设计块不存在或已删除');
    cleanup();
    window.history.replaceState(null, '', '/modifyFragment');
    render(<BlockModify labels={labels} />);
    expect((await screen.findByTestId('block-modify-problem')).textContent).toBe('缺少设计块 id');
  });
});
