// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BomGrid from '../../../src/islands/bom/bom-grid.tsx';
import type { BomLineView } from '../../../src/lib/bom/bom.schema.ts';
import { BOM_ID, candidate, fakeApi, labels, line, ok, summary, watchToasts, type Call, type Handler } from './bom-fake-api.ts';

// The line grid against fake API answers: chips with exact counts, filtering, keyboard editing
// saved through /bom/changeSet with the line's version, Escape cancelling, a stale edit (40900)
// showing the current line, choosing a candidate, the board quantity and its totals, export.

// jsdom lays nothing out: the grid's scroll box is given the size of a screen so the virtualizer
// has rows to show (720 px: 20 rows of 36 px, plus its overscan).
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 720 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });

let toasts: ReturnType<typeof watchToasts>;
beforeEach(() => {
  toasts = watchToasts();
});
afterEach(() => {
  cleanup();
  toasts.stop();
  vi.unstubAllGlobals();
});

const LINES: BomLineView[] = [
  line(1, { status: 'exact', chosen: { ...candidate('RC0603FR-0710KL', 1), by: 'auto' } }),
  line(2, {
    status: 'doubtful',
    source: { description: '贴片电阻 0603 4k7', quantity: '3', cells: [] },
    quantity: 3,
    totalQuantity: 3,
    candidates: [candidate('RC0603FR-074K7L', 0.82), candidate('0603WAF4701T5E', 0.8, { brandName: 'UNI-ROYAL', domestic: true })],
  }),
  line(3, { status: 'notFound' }),
  line(4, { status: 'dnp', dnp: true }),
  line(5, { status: 'matched' }),
];

function renderGrid(handlers: Record<string, Handler> = {}, lines = LINES) {
  const calls = fakeApi(handlers);
  const onJob = vi.fn();
  const onReload = vi.fn();
  render(<BomGrid bomId={BOM_ID} labels={labels} locale="zh" data={{ list: lines, total: lines.length, summary: summary(lines) }} onJob={onJob} onReload={onReload} />);
  return { calls, onJob, onReload };
}

const chip = (key: string) => screen.getByTestId(`bom-chip-${key}`);
const rowOf = (lineId: number) => screen.getAllByTestId('bom-row').find((r) => r.dataset['lineId'] === String(lineId))!;
const cellOf = (lineId: number, col: string) => rowOf(lineId).querySelector<HTMLElement>(`[data-col="${col}"]`)!;

describe('BOM grid', () => {
  it('shows chips with exact counts per status and filters the rows', async () => {
    renderGrid();
    expect(chip('all').dataset['count']).toBe('5');
    expect(chip('exact').dataset['count']).toBe('1');
    expect(chip('doubtful').dataset['count']).toBe('1');
    expect(chip('notFound').dataset['count']).toBe('1');
    expect(chip('dnp').dataset['count']).toBe('1');
    expect(screen.queryByTestId('bom-chip-pending')).toBeNull(); // only while some lines are
    expect(screen.getAllByTestId('bom-row')).toHaveLength(5);
    await userEvent.click(chip('doubtful'));
    expect(chip('doubtful').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByTestId('bom-row').map((r) => r.dataset['lineId'])).toEqual(['2']);
  });

  it('renders only the rows on screen of 5,000 lines', () => {
    const many = Array.from({ length: 5000 }, (_, i) => line(i + 1));
    renderGrid({}, many);
    expect(screen.getByTestId('bom-grid').dataset['rows']).toBe('5000');
    expect(screen.getAllByTestId('bom-row').length).toBeLessThan(60);
  });

  it('moves with the arrow keys, edits with Enter and saves at once with the line version', async () => {
    const { calls } = renderGrid({
      '/bom/changeSet': (c) => {
        const body = c.body as { lineId: number; fields: { mpn: string } };
        return ok({ ...LINES[1]!, source: { ...LINES[1]!.source, mpn: body.fields.mpn }, status: 'exact', version: 2 });
      },
    });
    const grid = screen.getByTestId('bom-grid');
    grid.focus();
    // Starts on row 1's designators; down one row, right three columns (quantity, total, mpn).
    expect(grid.getAttribute('aria-activedescendant')).toBe(cellOf(1, 'designators').id);
    const u = userEvent.setup();
    await u.keyboard('{ArrowDown}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(grid.getAttribute('aria-activedescendant')).toBe(cellOf(2, 'mpn').id);
    await u.keyboard('{Enter}');
    const editor = screen.getByTestId('bom-cell-editor') as HTMLInputElement;
    expect(document.activeElement).toBe(editor);
    await u.clear(editor);
    await u.type(editor, 'RC0603FR-074K7L{Enter}');
    await waitFor(() => expect(rowOf(2).dataset['status']).toBe('exact'));
    const saves = calls.filter((c) => c.path === '/bom/changeSet');
    expect(saves).toHaveLength(1);
    expect(saves[0]!.body).toEqual({ bomId: BOM_ID, lineId: 2, version: 1, fields: { mpn: 'RC0603FR-074K7L' } });
    expect(cellOf(2, 'mpn').textContent).toBe('RC0603FR-074K7L');
  });

  it('Escape cancels an edit without saving', async () => {
    const { calls } = renderGrid();
    screen.getByTestId('bom-grid').focus();
    const u = userEvent.setup();
    await u.keyboard('{Enter}');
    await u.type(screen.getByTestId('bom-cell-editor'), 'X9{Escape}');
    expect(screen.queryByTestId('bom-cell-editor')).toBeNull();
    expect(cellOf(1, 'designators').textContent).toBe('R1');
    expect(calls.filter((c) => c.path === '/bom/changeSet')).toHaveLength(0);
  });

  it('a stale edit (40900) shows the current line and says so', async () => {
    const current = { ...LINES[0]!, source: { ...LINES[0]!.source, designators: 'R1,R99' }, designators: ['R1', 'R99'], version: 5 };
    renderGrid({ '/bom/changeSet': () => ({ code: 40900, msg: '该行已被修改', result: current }) });
    screen.getByTestId('bom-grid').focus();
    const u = userEvent.setup();
    await u.keyboard('{Enter}');
    const editor = screen.getByTestId('bom-cell-editor');
    await u.clear(editor);
    await u.type(editor, 'R1,R2{Enter}');
    await waitFor(() => expect(cellOf(1, 'designators').textContent).toBe('R1,R99'));
    await waitFor(() => expect(toasts.messages).toContain(labels.stale));
  });

  it('lists the candidates of the active line with confidence and reasons; choosing saves through /bom/change', async () => {
    const { calls } = renderGrid({
      '/bom/change': (c) => {
        const body = c.body as { mfgMpnCode: string };
        return ok({ ...LINES[1]!, status: 'matched', chosen: { ...LINES[1]!.candidates[1]!, by: 'user' }, version: 2, ...(body.mfgMpnCode ? {} : {}) });
      },
    });
    fireEvent.mouseDown(cellOf(2, 'status'));
    const panel = screen.getByTestId('bom-candidates');
    expect(panel.dataset['lineId']).toBe('2');
    const items = within(panel).getAllByTestId('bom-candidate');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByTestId('bom-candidate-confidence').textContent).toBe('置信度 82%');
    expect(items[1]!.textContent).toContain('由描述解析：0603WAF4701T5E');
    expect(items[1]!.textContent).toContain('国产');
    await userEvent.click(within(items[1]!).getByTestId('bom-candidate-choose'));
    await waitFor(() => expect(rowOf(2).dataset['status']).toBe('matched'));
    expect(calls.find((c) => c.path === '/bom/change')!.body).toEqual({ bomId: BOM_ID, lineId: 2, version: 1, mfgMpnCode: '0603WAF4701T5E-code' });
    expect(within(rowOf(2)).getByTestId('bom-line-chosen').dataset['mfgMpnCode']).toBe('0603WAF4701T5E-code');
  });

  it('searches by description for the active line', async () => {
    const { calls } = renderGrid({ '/bom/queryByDesc': () => ok({ list: [candidate('CR0603-FX-4701ELF', 0.7)], total: 1 }) });
    fireEvent.mouseDown(cellOf(2, 'status'));
    const search = screen.getByTestId('bom-desc-search') as HTMLInputElement;
    expect(search.value).toBe('贴片电阻 0603 4k7'); // starts from the line's description
    await userEvent.click(screen.getByRole('button', { name: labels.search }));
    expect(await screen.findByTestId('bom-search-result')).toBeTruthy();
    expect(calls.find((c) => c.path === '/bom/queryByDesc')!.body).toEqual({ bomId: BOM_ID, lineId: 2, keyword: '贴片电阻 0603 4k7', pageSize: 10 });
  });

  it('sets the board quantity: per-line totals and the parts total follow; a bad count is refused', async () => {
    const { calls } = renderGrid({ '/bom/changeCount': () => ok(null) });
    const input = screen.getByTestId('bom-board-count');
    expect(screen.getByTestId('bom-total-parts').dataset['total']).toBe('9'); // 2+3+2+2, the DNP line not bought
    const u = userEvent.setup();
    await u.clear(input);
    await u.type(input, 'abc{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(labels.boardCountBad);
    expect(calls.filter((c) => c.path === '/bom/changeCount')).toHaveLength(0);
    await u.clear(input);
    await u.type(input, '1,000{Enter}');
    await waitFor(() => expect(screen.getByTestId('bom-total-parts').dataset['total']).toBe('9000'));
    expect(calls.find((c) => c.path === '/bom/changeCount')!.body).toEqual({ bomId: BOM_ID, boardCount: 1000 });
    expect(within(rowOf(2)).getByTestId('bom-line-total').textContent).toBe('3000');
  });

  it('export: an answer that is not a file says 下载文件格式有问题！', async () => {
    renderGrid({ '/bom/download': () => ({ code: 50000, msg: 'boom', result: null }) });
    await userEvent.click(screen.getByTestId('bom-export'));
    await waitFor(() => expect(toasts.messages).toContain('下载文件格式有问题！'));
  });

  it('export: a file is saved under the name the server gives', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderGrid({
      '/bom/download': () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': "attachment; filename=\"bom.xlsx\"; filename*=UTF-8''tomu-%E5%8C%B9%E9%85%8D.xlsx" },
        }),
    });
    await userEvent.click(screen.getByTestId('bom-export'));
    await waitFor(() => expect(clicked).toEqual(['tomu-匹配.xlsx']));
    vi.restoreAllMocks();
  });

  it('re-matching doubtful lines hands the job to the workspace', async () => {
    const jobId = '0b1c2d3e-0000-4000-8000-000000000001';
    const { onJob, calls } = renderGrid({ '/bom/changeByAI': () => ok({ bomId: BOM_ID, jobId, parser: 'rules' }) });
    await userEvent.click(screen.getByTestId('bom-rematch'));
    await waitFor(() => expect(onJob).toHaveBeenCalledWith(jobId));
    expect((calls.find((c) => c.path === '/bom/changeByAI')!.body as Call['body'])).toEqual({ bomId: BOM_ID });
  });

  it('Space ticks rows; deleting asks first, then removes them', async () => {
    const { calls } = renderGrid({ '/bom/delete': () => ok({ deleted: 1 }) });
    const grid = screen.getByTestId('bom-grid');
    grid.focus();
    const u = userEvent.setup();
    await u.keyboard('{ArrowDown}{ArrowDown} ');
    expect(rowOf(3).getAttribute('aria-selected')).toBe('true');
    // jsdom has no <dialog>.showModal: the confirmation is answered by pressing its confirm button.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
    };
    await u.click(screen.getByTestId('bom-delete-lines'));
    const dialog = await screen.findByTestId('bom-delete-lines-confirm');
    await act(async () => within(dialog).getByRole('button', { name: labels.delete }).click());
    await waitFor(() => expect(screen.getAllByTestId('bom-row')).toHaveLength(4));
    expect(calls.find((c) => c.path === '/bom/delete')!.body).toEqual({ bomId: BOM_ID, lineIds: [3] });
  });

  it('adds a line and opens its MPN for typing', async () => {
    const added = line(99, { row: null, source: { cells: [] }, designators: [], quantity: null, totalQuantity: null, status: 'notFound' });
    const { calls } = renderGrid({ '/bom/add': () => ok(added), '/bom/changeSet': (c) => ok({ ...added, source: { cells: [], mpn: (c.body as { fields: { mpn: string } }).fields.mpn }, version: 2 }) });
    await userEvent.click(chip('doubtful'));
    await userEvent.click(screen.getByTestId('bom-add-line'));
    const editor = await screen.findByTestId('bom-cell-editor');
    expect(chip('all').getAttribute('aria-pressed')).toBe('true'); // the new line is shown
    expect(calls.find((c) => c.path === '/bom/add')!.body).toEqual({ bomId: BOM_ID, fields: {} });
    await userEvent.type(editor, 'NE555DR{Enter}');
    await waitFor(() => expect(cellOf(99, 'mpn').textContent).toBe('NE555DR'));
    expect(cellOf(99, 'row').textContent).toBe(labels.added);
  });

  it('preferences: the options and their meaning from /bom/addTrend; applying starts a ranking job', async () => {
    const jobId = '0b1c2d3e-0000-4000-8000-000000000004';
    const trends = { preferOriginalBrand: true, preferDomestic: false, preferKicad: false, preferActive: true };
    const options = (['preferOriginalBrand', 'preferDomestic', 'preferKicad', 'preferActive'] as const).map((key) => ({ key, label: `label ${key}`, description: `means ${key}` }));
    const { calls, onJob } = renderGrid({ '/bom/addTrend': () => ok({ trends, options }), '/bom/changeTrend': () => ok({ bomId: BOM_ID, jobId }) });
    await userEvent.click(screen.getByTestId('bom-preferences'));
    const panel = await screen.findByTestId('bom-preferences-panel');
    expect(await within(panel).findByText('means preferDomestic')).toBeTruthy();
    await userEvent.click(within(panel).getByTestId('bom-trend-preferDomestic'));
    await userEvent.click(within(panel).getByTestId('bom-preferences-apply'));
    await waitFor(() => expect(onJob).toHaveBeenCalledWith(jobId));
    expect(calls.find((c) => c.path === '/bom/changeTrend')!.body).toEqual({ bomId: BOM_ID, trends: { ...trends, preferDomestic: true } });
    expect(screen.queryByTestId('bom-preferences-panel')).toBeNull();
  });
});
