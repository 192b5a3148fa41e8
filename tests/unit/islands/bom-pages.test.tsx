// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BomHome from '../../../src/islands/bom/bom-home.tsx';
import BomMapping from '../../../src/islands/bom/bom-mapping.tsx';
import { $bomId, $mappingData, $token, resetUserInfo } from '../../../src/lib/client/store.ts';
import { BOM_ID, fakeApi, labels, line, ok, summary, watchToasts } from './bom-fake-api.ts';

// The upload page (/bom) and the header mapping (/bomHead/{id}) against fake API answers: files
// refused before sending, the server's refusal shown, the sheet question, bomId remembered (SPEC
// §3) and the recent list; the mapping's preview, header-row picker, a fixed column, confirm and
// mappingData.

const MB = 1024 * 1024;
let toasts: ReturnType<typeof watchToasts>;
beforeEach(() => {
  toasts = watchToasts();
  $bomId.set('');
  $mappingData.set('');
});
afterEach(() => {
  cleanup();
  toasts.stop();
  vi.unstubAllGlobals();
  resetUserInfo();
});

const file = (name: string, size = 100) => new File([new Uint8Array(size)], name, { type: 'application/octet-stream' });
const uploadAnswer = (sheets: { name: string; rows: number }[]) => ok({ bomId: BOM_ID, sheets: sheets.map((s) => ({ ...s, hidden: false })), sheet: sheets[0]!.name, format: 'xlsx', warnings: ['文件编码按 GB18030 读取'] });

describe('/bom upload', () => {
  it('refuses a file of another type or over the limit before sending it, in the page language', async () => {
    const calls = fakeApi({});
    render(<BomHome labels={labels} locale="zh" maxBytes={10 * MB} navigate={vi.fn()} />);
    const input = screen.getByTestId('bom-file');
    await userEvent.upload(input, file('photo.png'), { applyAccept: false });
    expect(screen.getByTestId('bom-upload-error').textContent).toBe('不支持“photo.png”的格式：请上传 xlsx、xls、csv 或 tsv 文件');
    await userEvent.upload(input, file('big.xlsx', 10 * MB + 1));
    expect(screen.getByTestId('bom-upload-error').textContent).toBe('文件“big.xlsx”超过 10MB，请拆分或删除多余内容后再上传');
    expect(calls.filter((c) => c.path === '/bom/upload')).toHaveLength(0);
    expect(screen.getByTestId('bom-dropzone').textContent).toContain('不超过 10MB');
  });

  it("shows the server's refusal beside the drop zone", async () => {
    fakeApi({ '/bom/upload': () => ({ code: 40000, msg: '该工作簿受密码保护，请取消密码后另存为 .xlsx 再上传', result: null }) });
    render(<BomHome labels={labels} locale="zh" maxBytes={10 * MB} navigate={vi.fn()} />);
    await userEvent.upload(screen.getByTestId('bom-file'), file('locked.xlsx'));
    expect((await screen.findByTestId('bom-upload-error')).textContent).toBe('该工作簿受密码保护，请取消密码后另存为 .xlsx 再上传');
    expect($bomId.get()).toBe('');
  });

  it('a dropped one-sheet file goes straight to the mapping; bomId is remembered and warnings shown', async () => {
    const calls = fakeApi({ '/bom/upload': () => uploadAnswer([{ name: 'BOM', rows: 40 }]), '/bom/queryMatch': () => ok({ list: [], total: 0, summary: summary([], { state: 'uploaded' }) }) });
    const navigate = vi.fn();
    render(<BomHome labels={labels} locale="en" maxBytes={10 * MB} navigate={navigate} />);
    fireEvent.drop(screen.getByTestId('bom-dropzone'), { dataTransfer: { files: [file('tomu.csv')] } });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/en/bomHead/${BOM_ID}?sheet=BOM`));
    const sent = calls.find((c) => c.path === '/bom/upload')!;
    expect(sent.method).toBe('POST');
    expect((sent.body as FormData).get('file')).toBeInstanceOf(File);
    expect($bomId.get()).toBe(BOM_ID);
    await waitFor(() => expect(toasts.messages).toContain('文件编码按 GB18030 读取'));
  });

  it('a workbook with several sheets asks which one', async () => {
    fakeApi({ '/bom/upload': () => uploadAnswer([{ name: 'Cover', rows: 3 }, { name: 'BOM', rows: 120 }, { name: 'Empty', rows: 0 }]) });
    const navigate = vi.fn();
    render(<BomHome labels={labels} locale="zh" maxBytes={10 * MB} navigate={navigate} />);
    await userEvent.upload(screen.getByTestId('bom-file'), file('board.xlsx'));
    const picker = await screen.findByTestId('bom-sheet-picker');
    expect(within(picker).getByRole('radio', { name: /Empty/ })).toHaveProperty('disabled', true);
    await userEvent.click(within(picker).getByRole('radio', { name: /BOM/ }));
    await userEvent.click(screen.getByTestId('bom-sheet-continue'));
    expect(navigate).toHaveBeenCalledWith(`/bomHead/${BOM_ID}?sheet=BOM`);
  });

  it('logged out: the recent list is the BOM this browser remembers', async () => {
    $bomId.set(BOM_ID);
    const lines = [line(1)];
    fakeApi({ '/bom/queryMatch': () => ok({ list: lines, total: 1, summary: summary(lines) }) });
    render(<BomHome labels={labels} locale="zh" maxBytes={10 * MB} navigate={vi.fn()} />);
    const item = await screen.findByTestId('bom-recent-item');
    expect(within(item).getByTestId('bom-recent-open').getAttribute('href')).toBe(`/bomContent?bomId=${BOM_ID}`);
    expect(within(item).queryByTestId('bom-delete')).toBeNull(); // rename and delete are for the account's list
    expect(screen.getByTestId('bom-recent-login')).toBeTruthy();
  });

  it('logged in: the remembered BOM is touched first (claimed), then the account list; rename saves', async () => {
    $token.set('T'.repeat(43));
    $bomId.set(BOM_ID);
    const lines = [line(1)];
    let name = 'tomu';
    const calls = fakeApi({
      '/bom/queryMatch': () => ok({ list: lines, total: 1, summary: summary(lines) }),
      '/user/bom': () => ok({ list: [{ bomId: BOM_ID, name, state: 'uploaded', boardCount: 1, lines: 1, counts: summary(lines).counts, updatedAt: '2026-11-24T00:00:00.000Z', fileName: 'tomu.csv', createdAt: '2026-11-24T00:00:00.000Z' }], total: 1 }),
      '/user/bom/update': (c) => ((name = (c.body as { name: string }).name), ok(null)),
    });
    render(<BomHome labels={labels} locale="zh" maxBytes={10 * MB} navigate={vi.fn()} />);
    const item = await screen.findByTestId('bom-recent-item');
    expect(calls.map((c) => c.path).slice(0, 2)).toEqual(['/bom/queryMatch', '/user/bom']);
    expect(within(item).getByTestId('bom-recent-open').getAttribute('href')).toBe(`/bomHead/${BOM_ID}`);
    await userEvent.click(within(item).getByTestId('bom-rename'));
    const input = screen.getByTestId('bom-rename-input');
    await userEvent.clear(input);
    await userEvent.type(input, '主板 v2{Enter}');
    await waitFor(() => expect(screen.getByTestId('bom-recent-open').textContent).toBe('主板 v2'));
    expect(calls.find((c) => c.path === '/user/bom/update')!.body).toEqual({ bomId: BOM_ID, name: '主板 v2' });
  });
});

const PREVIEW = [
  ['Project: tomu', '', '', '', ''],
  ['Ref', 'Value', 'Footprint', 'Qty', 'Note'],
  ['R1,R2', '10k', 'Resistor_SMD:R_0603_1608Metric', '2', 'x'],
  ['C1', '100nF', 'Capacitor_SMD:C_0402_1005Metric', '1', ''],
];
const HEADER = {
  bomId: BOM_ID,
  sheet: 'tomu',
  headerRow: 1,
  columns: [
    { index: 0, header: 'Ref', field: 'designators' },
    { index: 1, header: 'Value', field: 'value' },
    { index: 2, header: 'Footprint', field: 'package' },
    { index: 3, header: 'Qty', field: 'quantity' },
    { index: 4, header: 'Note', field: 'notes' },
  ],
  confidence: 0.95,
  problems: [],
  preview: PREVIEW,
  confirmed: false,
};

describe('/bomHead mapping', () => {
  it('previews the first rows, lets the user fix a column and the header row, and confirms the mapping', async () => {
    const jobId = '0b1c2d3e-0000-4000-8000-000000000002';
    const calls = fakeApi({ '/bom/headerMatch': () => ok(HEADER), '/bom/confirm': () => ok({ bomId: BOM_ID, lines: 2, jobId }) });
    const navigate = vi.fn();
    render(<BomMapping labels={labels} locale="zh" bomId={BOM_ID} sheet="tomu" navigate={navigate} />);
    await screen.findByTestId('bom-mapping');
    expect(calls[0]!.query).toEqual({ bomId: BOM_ID, sheet: 'tomu' });
    expect(screen.getByTestId('bom-preview-row-1').dataset['header']).toBe('true');
    expect((screen.getByTestId('bom-field-1') as HTMLSelectElement).value).toBe('value');
    const u = userEvent.setup();
    await u.selectOptions(screen.getByTestId('bom-field-4'), 'ignore');
    await u.click(screen.getByTestId('bom-confirm'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/matching?bomId=${BOM_ID}`));
    expect(calls.find((c) => c.path === '/bom/confirm')!.body).toEqual({
      bomId: BOM_ID,
      sheet: 'tomu',
      headerRow: 1,
      columns: [
        { index: 0, header: 'Ref', field: 'designators' },
        { index: 1, header: 'Value', field: 'value' },
        { index: 2, header: 'Footprint', field: 'package' },
        { index: 3, header: 'Qty', field: 'quantity' },
        { index: 4, header: 'Note', field: 'ignore' },
      ],
    });
    // SPEC §3: the confirmed mapping kept as a comma-separated list, with the BOM it belongs to.
    expect($mappingData.get()).toBe('designators,value,package,quantity,ignore');
    expect($bomId.get()).toBe(BOM_ID);
  });

  it('a different header row renames the columns sent; no identifying column is refused before sending', async () => {
    const calls = fakeApi({ '/bom/headerMatch': () => ok({ ...HEADER, confidence: 0.5, problems: ['未找到表头行，已按单元格内容识别各列，请核对'] }) });
    render(<BomMapping labels={labels} locale="zh" bomId={BOM_ID} navigate={vi.fn()} />);
    await screen.findByTestId('bom-mapping');
    const problems = screen.getByTestId('bom-mapping-problems');
    expect(problems.textContent).toContain('识别把握不大');
    expect(problems.textContent).toContain('未找到表头行');
    const u = userEvent.setup();
    await u.selectOptions(screen.getByTestId('bom-header-row'), '0');
    expect(screen.getByTestId('bom-preview-row-0').dataset['header']).toBe('true');
    expect(screen.getByTestId('bom-field-0').getAttribute('aria-label')).toBe('第 1 列“Project: tomu”对应的字段');
    await u.selectOptions(screen.getByTestId('bom-field-1'), 'notes');
    await u.click(screen.getByTestId('bom-confirm'));
    expect(screen.getByTestId('bom-mapping-error').textContent).toBe(labels.needIdentifying);
    expect(calls.filter((c) => c.path === '/bom/confirm')).toHaveLength(0);
  });

  it('without an id it works on the remembered BOM; without one it offers the upload page', async () => {
    fakeApi({ '/bom/headerMatch': () => ok(HEADER) });
    const { unmount } = render(<BomMapping labels={labels} locale="en" bomId="" navigate={vi.fn()} />);
    expect(screen.getByTestId('bom-none').querySelector('a')!.getAttribute('href')).toBe('/en/bom');
    unmount();
    $bomId.set(BOM_ID);
    render(<BomMapping labels={labels} locale="en" bomId="" navigate={vi.fn()} />);
    expect(await screen.findByTestId('bom-mapping')).toBeTruthy();
  });
});

describe('a malformed id in the URL', () => {
  it('/bomHead/42 is no BOM of ours: no call, the upload page offered', () => {
    const calls = fakeApi({});
    render(<BomMapping labels={labels} locale="zh" bomId="42" navigate={vi.fn()} />);
    expect(screen.getByTestId('bom-none')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
