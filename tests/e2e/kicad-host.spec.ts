import { zstdDecompressSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readZip } from '../../src/lib/files/zip.ts';
import { parseSymbolLibrary } from '../../src/lib/kicad/symbol-lib.ts';
import { writeSymbolLibrary } from '../../src/lib/kicad/symbol-write.ts';
import { kicadHostSim, type KicadSimOptions, type KicadSimState, type SimEnvelope } from '../helpers/kicad-host-sim.ts';
import { hydrated } from './login-helpers.ts';

// /symbolSelector inside a simulated KiCad (tests/helpers/kicad-host-sim.ts plays KiCad's side
// of the WebView protocol): the session opens, a part is searched and placed and what KiCad
// received decodes to our zip download's files with the provenance fields; the placement counts;
// KiCad's ERROR and silence are shown; an old KiCad is warned and sent nothing; from 9.0.5 the
// kicad variant of queryPage is called; a 40001 asks KiCad's login; bad envelopes are ignored.

declare global {
  interface Window {
    __kicadSim: KicadSimState;
  }
}

type Bundle = { type: string; name: string; checksum: string; compression: string; content: string }[];
const unzstd = (b64: string) => zstdDecompressSync(Buffer.from(b64, 'base64'));
const received = (page: Page) => page.evaluate(() => window.__kicadSim.received);

async function openSelector(page: Page, options: KicadSimOptions, path = '/symbolSelector'): Promise<void> {
  await page.addInitScript(kicadHostSim, options);
  await page.goto(path);
  await hydrated(page);
}

/** A demo part whose placement carries symbol, footprint and 3D model, found through the API. */
async function placeablePart(request: APIRequestContext): Promise<{ code: string; mpn: string }> {
  for (const keyword of ['LM358', 'NE555', 'TL072', 'LM7805']) {
    const found = (await (await request.post('/api/chiplet/products/queryPage', { data: { keyword, pageNum: 1, pageSize: 20 } })).json()) as { result: { list: { mfgMpnCode: string; mpn: string }[] } };
    for (const hit of found.result.list) {
      const p = (await (await request.post('/api/chiplet/kicad/placement', { data: { mfgMpnCode: hit.mfgMpnCode } })).json()) as { code: number; result: { assets: unknown[] } };
      if (p.code === 200000 && p.result.assets.length === 3) return { code: hit.mfgMpnCode, mpn: hit.mpn };
    }
  }
  throw new Error('no demo part with symbol, footprint and 3D model');
}

async function search(page: Page, keyword: string): Promise<void> {
  await page.locator('#selector-q').fill(keyword);
  await page.locator('#selector-q').press('Enter');
  await expect(page.getByTestId('selector-results')).toBeVisible();
}

const placementCount = async (request: APIRequestContext, code: string) =>
  ((await (await request.post('/api/chiplet/products/detail', { data: { mfgMpnCode: code } })).json()) as { result: { counters: { componentPlacementCount: number } } }).result.counters.componentPlacementCount;

test.describe('KiCad host: /symbolSelector', () => {
  test('the session opens: NEW_SESSION answered, version asked and shown', async ({ page }) => {
    await openSelector(page, { version: '9.0.4', transport: 'webkit' });
    await expect(page.getByTestId('kicad-connection')).toHaveAttribute('data-state', 'connected');
    await expect(page.getByTestId('kicad-connection')).toContainText('已连接 KiCad 9.0.4');
    const got = await received(page);
    expect(got[0]).toMatchObject({ version: 1, session_id: 'sim-session', message_id: 1001, response_to: 1000, command: 'NEW_SESSION', status: 'OK', parameters: { server_name: 'Chipedia' } });
    expect(got[1]).toMatchObject({ command: 'GET_KICAD_VERSION', message_id: 1002 });
  });

  test('search and place: KiCad receives our zip’s files with provenance, and the placement counts', async ({ page, request }) => {
    const part = await placeablePart(request);
    const before = await placementCount(request, part.code);
    await openSelector(page, { version: '9.0.4' });
    await expect(page.getByTestId('kicad-connection')).toHaveAttribute('data-state', 'connected');
    await search(page, part.mpn);
    const row = page.locator(`[data-testid="selector-item"][data-key="p:${part.code}"]`);
    const marked = page.waitForRequest((r) => r.url().endsWith('/api/chiplet/mark/componentPlacement'));
    await row.getByRole('button', { name: '放置', exact: true }).click();
    await expect(page.getByTestId('place-status')).toHaveText(`已放置 ${part.mpn}`);

    const dl = (await received(page)).find((e) => e.command === 'DL_COMPONENT') as SimEnvelope;
    expect(dl.parameters).toEqual({ compression: 'ZSTD', library: 'Chipedia' });
    const bundle = JSON.parse(unzstd(dl.data!).toString('utf8')) as Bundle;
    expect(bundle.map((b) => b.type)).toEqual(['symbol', 'footprint', '3dmodel']);

    const zipRes = await request.get(`/api/chiplet/products/downloadZip?mfgMpnCode=${part.code}`);
    expect(zipRes.status()).toBe(200);
    const zip = readZip(new Uint8Array(await zipRes.body()));
    const zipOf = (test: (name: string) => boolean) => zip.find((f) => test(f.name))!.data;
    const files = Object.fromEntries(bundle.map((b) => [b.type, unzstd(b.content)]));
    expect(files['footprint']!.equals(zipOf((n) => n.endsWith('.kicad_mod')))).toBe(true);
    expect(files['3dmodel']!.equals(zipOf((n) => n.includes('/3d/')))).toBe(true);
    // The symbol is the zip's plus our four fields.
    const sym = parseSymbolLibrary(files['symbol']!.toString('utf8'), 'placed.kicad_sym').symbols[0]!;
    const ours = sym.properties.filter((p) => p.key.startsWith('Chipedia_'));
    expect(ours.map((p) => p.key)).toEqual(['Chipedia_Source', 'Chipedia_Date', 'Chipedia_Check', 'Chipedia_URL']);
    expect(ours.find((p) => p.key === 'Chipedia_URL')!.value).toMatch(new RegExp(`/productDetail/${part.code}$`));
    expect(ours.find((p) => p.key === 'Chipedia_Check')!.value).toMatch(/^(ok|warnings|errors|unchecked)$/);
    const bare = writeSymbolLibrary([{ ...sym, properties: sym.properties.filter((p) => !p.key.startsWith('Chipedia_')) }]);
    expect(bare).toBe(zipOf((n) => n.endsWith('.kicad_sym')).toString('utf8'));

    expect((await marked).postDataJSON()).toEqual({ mKey: part.code, mType: 'COMPONENT' });
    await expect.poll(() => placementCount(request, part.code), { timeout: 15_000 }).toBe(before + 1);
  });

  test('symbol only sends DL_SYMBOL; KiCad’s ERROR is shown with its message', async ({ page, request }) => {
    const part = await placeablePart(request);
    await openSelector(page, { version: '9.0.4', dl: 'ERROR', errorMessage: 'No schematic open' });
    await expect(page.getByTestId('kicad-connection')).toHaveAttribute('data-state', 'connected');
    await search(page, part.mpn);
    await page.locator(`[data-key="p:${part.code}"]`).getByRole('button', { name: '仅符号' }).click();
    await expect(page.getByTestId('place-status')).toHaveText('KiCad 报告错误：No schematic open');
    const dl = (await received(page)).filter((e) => e.command.startsWith('DL_'));
    expect(dl.map((e) => e.command)).toEqual(['DL_SYMBOL']);
    expect(dl[0]!.parameters).toMatchObject({ content_type: 'KICAD_SYMBOL_V1', compression: 'ZSTD' });
  });

  test('a KiCad that never answers: the timeout is shown (in English on /en)', async ({ page, request }) => {
    const part = await placeablePart(request);
    await openSelector(page, { version: '9.0.4', dl: 'never' }, '/en/symbolSelector');
    await expect(page.getByTestId('kicad-connection')).toHaveAttribute('data-state', 'connected');
    await search(page, part.mpn);
    await page.locator(`[data-key="p:${part.code}"]`).getByRole('button', { name: 'Place', exact: true }).click();
    await expect(page.getByTestId('place-status')).toHaveText('Sending to KiCad…');
    await expect(page.getByTestId('place-status')).toHaveText(/KiCad did not answer/, { timeout: 8000 });
  });

  test('KiCad 9.0.3: the upgrade warning, and nothing is sent', async ({ page, request }) => {
    const part = await placeablePart(request);
    await openSelector(page, { version: '9.0.3' });
    await expect(page.getByTestId('kicad-upgrade')).toHaveText('请升级您的软件！');
    await search(page, part.mpn);
    await page.locator(`[data-key="p:${part.code}"]`).getByRole('button', { name: '放置', exact: true }).click();
    await expect(page.getByTestId('place-status')).toHaveText('请升级您的软件！');
    const commands = (await received(page)).map((e) => e.command);
    expect(commands).toEqual(['NEW_SESSION', 'GET_KICAD_VERSION']);
  });

  test('from KiCad 9.0.5 the search calls products/kicad/queryPage with haveEdaModel, and its parts place', async ({ page }) => {
    await openSelector(page, { version: '9.0.5' });
    await expect(page.getByTestId('kicad-connection')).toContainText('9.0.5');
    const call = page.waitForRequest((r) => r.url().includes('/api/chiplet/products/') && r.url().includes('queryPage'));
    await page.locator('#selector-q').fill('LM358');
    await page.locator('#selector-q').press('Enter');
    const req = await call;
    expect(new URL(req.url()).pathname).toBe('/api/chiplet/products/kicad/queryPage');
    expect(req.postDataJSON()).toMatchObject({ keyword: 'LM358', haveEdaModel: true });
    const answer = (await (await req.response())!.json()) as { code: number; result: { list: { mfgMpnCode: string }[] } };
    expect(answer.code).toBe(200000);
    // The variant's parts (symbol and footprint only) are listed and placed as usual.
    await expect(page.getByTestId('selector-item')).toHaveCount(answer.result.list.length);
    const first = answer.result.list[0]!.mfgMpnCode;
    await page.locator(`[data-key="p:${first}"]`).getByRole('button', { name: '放置', exact: true }).click();
    await expect(page.getByTestId('place-status')).toHaveText(/^已放置 /);
  });

  test('a 40001 answer asks KiCad’s login (REMOTE_LOGIN)', async ({ page }) => {
    await openSelector(page, { version: '9.0.4' });
    await expect(page.getByTestId('kicad-connection')).toHaveAttribute('data-state', 'connected');
    // Not logged in: the own-components list answers 40001.
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/chiplet/u/comp'));
    await page.getByRole('tab', { name: '我的元件' }).click();
    expect(((await (await answered).json()) as { code: number }).code).toBe(40001);
    await expect.poll(async () => (await received(page)).map((e) => e.command)).toContain('REMOTE_LOGIN');
    const login = (await received(page)).find((e) => e.command === 'REMOTE_LOGIN')!;
    expect(String(login.parameters?.['url'])).toMatch(/\/login$/);
  });

  test('bad envelopes are ignored: nothing answered, the session goes on', async ({ page, request }) => {
    const part = await placeablePart(request);
    await openSelector(page, { version: '9.0.4' });
    await expect(page.getByTestId('kicad-connection')).toHaveAttribute('data-state', 'connected');
    const before = (await received(page)).length;
    await page.evaluate(() => {
      const sim = window.__kicadSim;
      sim.deliver('{not json');
      sim.deliver(JSON.stringify({ version: 1, session_id: 'sim-session', message_id: 5, command: 'FORMAT_DISK', parameters: {} }));
      sim.deliver(JSON.stringify({ version: 1, session_id: 'sim-session', message_id: 6, response_to: 424242, command: 'DL_COMPONENT', status: 'OK', parameters: {} }));
      sim.deliver(JSON.stringify({ version: 7, session_id: 'evil', message_id: 1, command: 'NEW_SESSION', parameters: {} }));
    });
    expect((await received(page)).length).toBe(before);
    await expect(page.getByTestId('kicad-connection')).toHaveAttribute('data-state', 'connected');
    // The session still works.
    await search(page, part.mpn);
    await page.locator(`[data-key="p:${part.code}"]`).getByRole('button', { name: '仅封装' }).click();
    await expect(page.getByTestId('place-status')).toHaveText(`已放置 ${part.mpn}`);
    expect((await received(page)).filter((e) => e.command === 'DL_FOOTPRINT')[0]!.session_id).toBe('sim-session');
  });

  test('a search sent as ?q= (the box before hydration is a plain form) is run on arrival', async ({ page }) => {
    await page.goto('/symbolSelector?q=LM358');
    await expect(page.locator('#selector-q')).toHaveValue('LM358');
    await expect(page.getByTestId('selector-results')).toContainText('LM358');
  });

  test('in a plain browser: explained, and the zip offered instead', async ({ page, request }) => {
    const part = await placeablePart(request);
    await page.goto('/symbolSelector');
    await hydrated(page);
    await expect(page.getByTestId('kicad-connection')).toHaveAttribute('data-state', 'browser');
    await expect(page.getByTestId('kicad-connection')).toContainText('当前不在 KiCad 中');
    await search(page, part.mpn);
    const row = page.locator(`[data-key="p:${part.code}"]`);
    await expect(row.getByRole('button', { name: '放置', exact: true })).toHaveCount(0);
    await expect(row.getByRole('link', { name: '下载 KiCad 文件' })).toHaveAttribute('href', `/api/chiplet/products/downloadZip?mfgMpnCode=${part.code}`);
  });
});
