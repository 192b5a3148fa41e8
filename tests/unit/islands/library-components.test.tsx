// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { Blob as NodeBlob } from 'node:buffer';
import { join } from 'node:path';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MODEL3D_VIEWS, type Model3dLabels } from '../../../src/islands/catalog/model3d-frame.tsx';
import ComponentEditor from '../../../src/islands/library/component-editor.tsx';
import { ComponentsPanel } from '../../../src/islands/library/components-panel.tsx';
import { $token, resetUserInfo } from '../../../src/lib/client/store.ts';
import { getFileStore } from '../../../src/lib/files/file-store.server.ts';
import { labelsWithPrefix } from '../../../src/lib/i18n/i18n.ts';
import { uploadAssets } from '../../../src/lib/library/assets.server.ts';
import type { ComponentDetail } from '../../../src/lib/library/components.schema.ts';
import { saveComponent } from '../../../src/lib/library/components.server.ts';
import type { CheckInput, CheckResult } from '../../../src/lib/library/library.ts';
import { createWorld, type World } from '../../helpers/bom-world.ts';

// The components tab and the own-component editor (issue #16 item 3) against the real API: fetch
// is routed to createApp() on PGlite with components stored from the real KiCad fixtures. The
// check's verdict is forced here (the check itself is asset-check.ts's, tested with it) so that
// the islands' handling of errors, refusal and recovery is what is exercised.

const forced = vi.hoisted(() => ({ result: null as null | ((input: CheckInput) => CheckResult) }));
vi.mock('../../../src/lib/library/asset-check.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/lib/library/asset-check.ts')>();
  return { ...real, checkComponentAssets: (input: CheckInput) => (forced.result ? forced.result(input) : real.checkComponentAssets(input)) };
});

const DIR = join(import.meta.dirname, '../../fixtures/library/components');
const labels = labelsWithPrefix('zh', 'components.', 'check.');
const model3dLabels = { alt: '3D', noScript: '', loading: '', failed: '', retry: '', noWebgl: 'no webgl', stats: '', aligned: '', misaligned: '', alignHelp: '', viewsGroup: '', views: Object.fromEntries(MODEL3D_VIEWS.map((v) => [v, v])), board: '', boardTitle: '', reset: '', fullscreen: '', help: '', shown: '', twin: null } as Model3dLabels;

let w: World;
let mismatched: ComponentDetail;
let resistor: ComponentDetail;

const pinErrors: CheckResult = { quality: 'errors', findings: [{ code: 'pins.noPad', severity: 'error', vars: { count: 3, pins: '6, 7, 8', pinCount: 8, padCount: 5 } }], version: 1, ms: 1 };
const judge = (input: CheckInput): CheckResult => (/SOT-23-5/.test(input.footprint?.text ?? '') ? pinErrors : { quality: 'ok', findings: [], version: 1, ms: 1 });

beforeAll(async () => {
  w = await createWorld();
  forced.result = judge;
  const files = ['OPA333xxD.kicad_sym', 'SOT-23-5.kicad_mod'].map((name) => ({ name, blob: new NodeBlob([readFileSync(join(DIR, name))]) as unknown as Blob }));
  const up = await uploadAssets(w.database.db, getFileStore(), { ownerId: w.alice.id, files, componentId: null, locale: 'zh' });
  const [sym, fp] = up.map((a) => (a.ok ? a.id : 0));
  mismatched = await saveComponent(w.database.db, getFileStore(), w.alice.id, { mpn: 'OPA333AIDR', brand: 'Texas Instruments', symbolAssetId: sym!, footprintAssetId: fp! }, 'zh');
  resistor = await saveComponent(w.database.db, getFileStore(), w.alice.id, { mpn: 'RC0603FR-0710KL', brand: 'YAGEO', params: [{ key: 'resistance', value: '10k' }] }, 'zh');
}, 60_000);
afterAll(async () => {
  forced.result = null;
  await w?.close();
});

beforeEach(() => {
  forced.result = judge;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const headers = new Headers(init.headers);
      headers.set('cookie', 'locale=zh');
      if (typeof init.body === 'string') headers.set('content-type', 'application/json');
      return w.app.request(url.pathname + url.search, { method: init.method ?? 'GET', headers, body: init.body ?? null });
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  $token.set(w.alice.token);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetUserInfo();
});

describe('the components tab', () => {
  it('lists the caller’s components with their badges and status, and searches', async () => {
    const user = userEvent.setup();
    render(<ComponentsPanel locale="zh" labels={labels} />);
    const panel = await screen.findByTestId('components-panel');
    await waitFor(() => expect(panel.dataset['total']).toBe('2'));
    const rows = within(panel).getAllByTestId('component-row');
    expect(rows.map((r) => within(r).getByTestId('component-mpn').textContent)).toEqual(['RC0603FR-0710KL', 'OPA333AIDR']);
    const opa = rows[1]!;
    expect(within(opa).getByTestId('quality-badge').dataset['quality']).toBe('errors');
    expect(within(opa).getByTestId('quality-badge').textContent).toBe('资料有误');
    expect(within(opa).getByTestId('component-status').textContent).toBe('草稿');
    expect(within(opa).getByRole('link', { name: 'OPA333AIDR' }).getAttribute('href')).toBe(`/addSymbolDevice?id=${mismatched.id}`);
    await user.type(within(panel).getByTestId('components-search'), 'yageo{Enter}');
    await waitFor(() => expect(within(panel).getAllByTestId('component-row').map((r) => r.dataset['id'])).toEqual([String(resistor.id)]));
    await user.clear(within(panel).getByTestId('components-search'));
    await user.type(within(panel).getByTestId('components-search'), 'nothing-like-it{Enter}');
    expect((await within(panel).findByTestId('components-empty')).textContent).toBe('没有符合条件的元件');
  });

  it('asks a logged-out visitor to log in', () => {
    resetUserInfo();
    render(<ComponentsPanel locale="zh" labels={labels} />);
    expect(screen.getByTestId('components-login').textContent).toContain('登录后管理自建元件');
  });
});

describe('the editor', () => {
  it('shows the findings in plain sentences and refuses ready while they stand, keeping the draft', async () => {
    const user = userEvent.setup();
    render(<ComponentEditor locale="zh" labels={labels} categories={[{ cateId: 9001, name: '运算放大器', level: 2 }]} model3dLabels={model3dLabels} id={mismatched.id} listHref="/singleInfo?type=4" />);
    const editor = await screen.findByTestId('component-editor');
    await waitFor(() => expect(within(editor).getByTestId('component-mpn-input')).toHaveProperty('value', 'OPA333AIDR'));
    expect(within(editor).getByTestId('component-editor-title').textContent).toBe('编辑元件 OPA333AIDR');
    expect(within(editor).getByTestId('component-asset-footprint').dataset['file']).toBe('SOT-23-5.kicad_mod');
    const check = within(editor).getByTestId('component-check');
    expect(check.dataset['quality']).toBe('errors');
    const finding = within(check).getByTestId('component-finding');
    expect(finding.dataset['severity']).toBe('error');
    expect(finding.textContent).toMatch(/^错误: .*6, 7, 8/);
    await waitFor(() => expect(within(editor).getByTestId('component-symbol-preview').dataset['loaded']).toBe('true'));

    await user.click(within(editor).getByTestId('component-mark-ready'));
    const refused = await within(editor).findByTestId('component-ready-refused');
    expect(refused.textContent).toContain('资料检查发现 1 个错误，元件已保存为草稿');
    expect(within(refused).getByTestId('component-finding').textContent).toContain('6, 7, 8');
    expect(within(editor).getByTestId('component-editor-status').dataset['status']).toBe('draft');
  });

  it('saves the fields and parameters, and marks a component without errors ready', async () => {
    const user = userEvent.setup();
    render(<ComponentEditor locale="zh" labels={labels} categories={[]} model3dLabels={model3dLabels} id={resistor.id} listHref="/singleInfo?type=4" />);
    const editor = await screen.findByTestId('component-editor');
    await waitFor(() => expect(within(editor).getAllByTestId('component-param-value')[0]).toHaveProperty('value', '10k'));
    await user.clear(within(editor).getByTestId('component-description'));
    await user.type(within(editor).getByTestId('component-description'), '厚膜贴片电阻');
    await user.click(within(editor).getByTestId('component-mark-ready'));
    await waitFor(() => expect(within(editor).getByTestId('component-editor-status').dataset['status']).toBe('ready'));
    const r = await w.app.request(`/api/chiplet/u/comp/one?userCompId=${resistor.id}`, { headers: { 'x-token': w.alice.token } });
    const body = (await r.json()) as { result: ComponentDetail };
    expect(body.result).toMatchObject({ status: 'ready', description: '厚膜贴片电阻', params: [{ key: 'resistance', num: 10_000, unit: 'Ω' }] });
  });
});
