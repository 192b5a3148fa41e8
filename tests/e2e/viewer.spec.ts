import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { zipSync } from 'fflate';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { boardStats } from '../../src/lib/kicad/board-stats.ts';
import { parseBoard } from '../../src/lib/kicad/board.ts';
import { canvasPixels } from './canvas-pixels.ts';
import { apiLogin, hydrated, uniquePhone, useSession } from './login-helpers.ts';

// The design viewer's journeys (issue #13) against the real server in Chromium (WebGL2 through
// SwiftShader): open a real project as a folder and as a zip, see the board drawn and its counts,
// toggle a layer, search, BOM, schematic sheets, cross-probe, net highlight, every bad input with
// its message, and cancelling a long analysis.

const PROJECT = 'tests/fixtures/kicad/projects/glasgow-revc';
const DEMOS = '/usr/share/kicad/demos';

async function openViewer(page: Page, path = '/ecadViewer/viewerPage'): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

/** Waits for the overlay to go and the board to be drawn. */
async function opened(page: Page): Promise<void> {
  await expect(page.getByTestId('viewer-overlay')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('viewer-stats')).toBeVisible();
}

test.describe('viewer', () => {
  test('opens a project folder: overlay, board drawn, counts, layers, search, BOM, nets', async ({ page }) => {
    await openViewer(page);
    await expect(page.getByTestId('viewer-empty')).toBeVisible();
    await page.getByTestId('input-folder').first().setInputFiles(PROJECT);
    await opened(page);
    await expect(page.getByTestId('project-name')).toContainText('glasgow');

    // Counts shown are the model's.
    const board = parseBoard(readFileSync(`${PROJECT}/glasgow.kicad_pcb`), 'glasgow.kicad_pcb').board!;
    const stats = boardStats(board);
    await expect(page.getByTestId('stat-footprints')).toHaveText(String(stats.footprints));
    await expect(page.getByTestId('stat-pads')).toHaveText(String(stats.pads));
    await expect(page.getByTestId('stat-vias')).toHaveText(String(stats.vias));
    await expect(page.getByTestId('stat-nets')).toHaveText(String(stats.nets));

    // The board is drawn: many colours, most of the canvas not background.
    const canvas = page.getByTestId('viewer-canvas');
    await expect.poll(async () => (await canvasPixels(page, canvas)).distinct, { timeout: 15_000 }).toBeGreaterThan(20);
    const before = await canvasPixels(page, canvas);
    expect(before.nonBackground).toBeGreaterThan(1000);

    // Hiding the front copper layer changes the picture; showing it again restores it.
    const fcu = page.locator('[data-testid="layer-row"][data-layer="F.Cu"]');
    await fcu.getByTestId('layer-visible').uncheck();
    await expect.poll(async () => (await canvasPixels(page, canvas)).hash).not.toBe(before.hash);
    await fcu.getByTestId('layer-visible').check();
    await expect.poll(async () => (await canvasPixels(page, canvas)).hash).toBe(before.hash);
    // Solo one layer, then seen from the back: each changes the picture.
    await fcu.getByTestId('layer-solo').click();
    await expect.poll(async () => (await canvasPixels(page, canvas)).hash).not.toBe(before.hash);
    await fcu.getByTestId('layer-solo').click();
    await expect.poll(async () => (await canvasPixels(page, canvas)).hash).toBe(before.hash);
    await page.getByTestId('flip').click();
    await expect(page.getByTestId('flip')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await canvasPixels(page, canvas)).hash).not.toBe(before.hash);
    await page.getByTestId('flip').click();

    // Search R1: selected, properties show its value and footprint.
    const r1 = board.footprints.find((f) => f.reference === 'R1')!;
    await page.keyboard.press('/');
    await expect(page.getByTestId('viewer-search')).toBeFocused();
    await page.keyboard.type('R1');
    await page.getByTestId('search-result').filter({ hasText: /^R1/ }).first().click();
    await expect(page.getByTestId('prop-ref')).toContainText('R1');
    await expect(page.getByTestId('prop-value')).toContainText(r1.value);
    await expect(page.getByTestId('prop-footprint')).toContainText(r1.name.split(':').pop()!);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('props-empty')).toBeVisible();

    // Net highlight from the nets panel changes the picture.
    await page.keyboard.press('f');
    const plain = await canvasPixels(page, canvas);
    await page.getByTestId('right-nets').click();
    await page.getByTestId('net-row').filter({ hasText: 'GND' }).first().click();
    await expect(page.getByTestId('net-row').filter({ hasText: 'GND' }).first()).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await canvasPixels(page, canvas)).hash).not.toBe(plain.hash);

    // BOM: grouped lines, quantities adding up to the references listed.
    await page.getByTestId('right-bom').click();
    const lines = page.getByTestId('bom-line');
    await expect(lines.first()).toBeVisible();
    expect(await lines.count()).toBeGreaterThan(5);
  });

  test('schematic: sheets, breadcrumbs, cross-probe to the board', async ({ page }) => {
    await openViewer(page, '/sch');
    const entries = Object.fromEntries(['glasgow.kicad_pro', 'glasgow.kicad_sch', 'glasgow.kicad_pcb', 'io_banks.kicad_sch', 'io_buffer.kicad_sch'].map((f) => [`glasgow/${f}`, new Uint8Array(readFileSync(`${PROJECT}/${f}`))]));
    await page.getByTestId('input-zip').first().setInputFiles({ name: 'glasgow.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSync(entries)) });
    await opened(page);
    await expect(page.getByTestId('tab-sch')).toHaveAttribute('aria-selected', 'true');
    const canvas = page.getByTestId('viewer-canvas');
    await expect.poll(async () => (await canvasPixels(page, canvas)).distinct, { timeout: 15_000 }).toBeGreaterThan(3);
    const root = await canvasPixels(page, canvas);
    await expect(page.getByTestId('breadcrumbs')).toHaveText(/根图纸/);
    // The dark theme repaints the sheet on another background.
    await page.getByTestId('theme').selectOption('dark');
    await expect.poll(async () => (await canvasPixels(page, canvas)).hash).not.toBe(root.hash);
    await page.getByTestId('theme').selectOption('light');
    await expect.poll(async () => (await canvasPixels(page, canvas)).hash).toBe(root.hash);

    // Entering a sub-sheet updates the breadcrumb and the picture; "up" comes back.
    await page.getByTestId('sheet-link').nth(1).click();
    await expect(page.getByTestId('breadcrumbs')).toContainText('/');
    await expect(page.getByTestId('sheet-up')).toBeVisible();
    await expect.poll(async () => (await canvasPixels(page, canvas)).hash).not.toBe(root.hash);
    await page.getByTestId('sheet-up').click();
    await expect(page.getByTestId('sheet-up')).toHaveCount(0);
    // A sheet found by name in the search box opens.
    await page.getByTestId('viewer-search').fill('IO_Buffer_B');
    // (Nets named after the sheet match too: pick the sheet, shown with its path.)
    await page.getByTestId('search-result').filter({ hasText: '图纸 /' }).filter({ hasText: 'IO_Buffer_B' }).first().click();
    await expect(page.getByTestId('breadcrumbs')).toContainText('IO_Buffer_B');
    await page.getByTestId('sheet-link').first().click();
    await expect(page.getByTestId('sheet-up')).toHaveCount(0);

    // Search R1 on the schematic, then show it on the board.
    await page.getByTestId('viewer-search').fill('R1');
    await page.getByTestId('search-result').filter({ hasText: /^R1/ }).first().click();
    await expect(page.getByTestId('prop-ref')).toContainText('R1');
    await page.getByTestId('show-on-board').click();
    await expect(page.getByTestId('tab-pcb')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('prop-ref')).toContainText('R1');
    await expect(page.getByTestId('prop-kind')).toContainText('footprint');
    // And back to the schematic.
    await page.getByTestId('show-in-schematic').click();
    await expect(page.getByTestId('tab-sch')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('prop-kind')).toContainText('symbol');
  });

  test('bad inputs each get their message, and the page stays usable', async ({ page }) => {
    await openViewer(page);
    const error = page.getByTestId('viewer-error');
    const open = async (files: { name: string; mimeType: string; buffer: Buffer }[]) => {
      await page.getByTestId('input-files').first().setInputFiles(files);
      await expect(page.getByTestId('viewer-overlay')).toHaveCount(0, { timeout: 30_000 });
    };
    // A KiCad 5 board (kicad-demos microwave).
    await open([{ name: 'microwave.kicad_pcb', mimeType: 'text/plain', buffer: readFileSync(`${DEMOS}/microwave/microwave.kicad_pcb`) }]);
    await expect(error).toContainText('microwave.kicad_pcb：不支持 KiCad 5');
    // An HTML page saved as a board.
    await open([{ name: 'board.kicad_pcb', mimeType: 'text/html', buffer: Buffer.from('<!doctype html><html><body>Not found</body></html>') }]);
    await expect(error).toContainText('board.kicad_pcb 不是 KiCad 电路板文件');
    // A binary file renamed .kicad_sch.
    await open([{ name: 'photo.kicad_sch', mimeType: 'application/octet-stream', buffer: Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 73) % 256)) }]);
    await expect(error).toContainText('photo.kicad_sch 不是文本文件');
    // A zip with a ../ entry.
    const evil = zipSync({ 'p/a.kicad_sch': new TextEncoder().encode('(kicad_sch)'), '../../evil.kicad_sch': new TextEncoder().encode('(kicad_sch)') });
    await open([{ name: 'evil.zip', mimeType: 'application/zip', buffer: Buffer.from(evil) }]);
    await expect(error).toContainText('evil.zip 含有不安全的路径“../../evil.kicad_sch”');
    // A zip bomb: 60 MB of zeros in a few dozen kilobytes.
    const bomb = zipSync({ 'bomb.kicad_pcb': new Uint8Array(60 * 1024 * 1024) }, { level: 9 });
    await open([{ name: 'bomb.zip', mimeType: 'application/zip', buffer: Buffer.from(bomb) }]);
    await expect(error).toContainText('bomb.zip 解压后过大或文件数过多');
    // 501 files.
    await open(Array.from({ length: 501 }, (_, i) => ({ name: `s${i}.kicad_sch`, mimeType: 'text/plain', buffer: Buffer.from('(kicad_sch)') })));
    await expect(error).toContainText('一次最多打开 500 个 KiCad 文件（所选内容中有 501 个）');
    // A truncated sheet and a sheet from a future KiCad open, with their warnings (file and line).
    const sheet = readFileSync(`${PROJECT}/io_buffer.kicad_sch`, 'utf8');
    await open([
      { name: 'cut.kicad_sch', mimeType: 'text/plain', buffer: Buffer.from(sheet.slice(0, Math.floor(sheet.length / 2))) },
    ]);
    await expect(page.getByTestId('viewer-stats')).toBeVisible();
    await page.getByTestId('viewer-problems').locator('summary').click();
    await expect(page.getByTestId('viewer-problem').first()).toContainText(/cut\.kicad_sch 在第 \d+ 行附近已损坏或不完整/);
    await page.getByTestId('input-files').first().setInputFiles([{ name: 'future.kicad_sch', mimeType: 'text/plain', buffer: Buffer.from(sheet.replace(/\(version \d+\)/, '(version 20991231)')) }]);
    await opened(page);
    await page.getByTestId('viewer-problems').locator('summary').click();
    await expect(page.getByTestId('viewer-problem').first()).toContainText('future.kicad_sch 由更新版本的 KiCad 保存（格式 20991231）');
    // Still usable: a real project opens after all that.
    await page.getByTestId('input-folder').first().setInputFiles(PROJECT);
    await opened(page);
    await expect(page.getByTestId('stat-footprints')).toBeVisible();
  });

  test('cancel during analysis asks first, then stops', async ({ page }) => {
    await openViewer(page);
    // Large designs take a while: sixteen copies of the largest demo board (118 MB, under the 200 MB limit).
    const dir = mkdtempSync(`${tmpdir()}/viewer-e2e-`);
    for (let i = 0; i < 16; i++) {
      mkdirSync(`${dir}/big/v${i}`, { recursive: true });
      copyFileSync(`${DEMOS}/video/video.kicad_pcb`, `${dir}/big/v${i}/video.kicad_pcb`);
    }
    try {
      await page.getByTestId('input-folder').first().setInputFiles(`${dir}/big`);
      const overlay = page.getByTestId('viewer-overlay');
      await expect(overlay).toBeVisible();
      await expect(overlay).toContainText('正在分析您的文件');
      await expect(page.getByTestId('overlay-count')).toHaveText(/已读取 \d+ \/ 16 个文件/);
      // The close button asks too; "continue" keeps the analysis going.
      await page.getByTestId('overlay-close').click();
      const confirm = page.getByTestId('viewer-cancel-confirm');
      await expect(confirm).toContainText('确定取消上传?');
      await confirm.getByRole('button', { name: '继续' }).click();
      await expect(confirm).toHaveCount(0);
      await expect(overlay).toBeVisible();
      await page.getByTestId('overlay-cancel').click();
      await expect(confirm).toContainText('确定取消上传?');
      await confirm.getByRole('button', { name: '取消分析' }).click();
      await expect(overlay).toHaveCount(0);
      await expect(page.getByTestId('viewer-empty')).toBeVisible();
      await expect(page.getByTestId('viewer-stats')).toHaveCount(0);
      // A fresh worker serves the next project.
      await page.getByTestId('input-folder').first().setInputFiles(PROJECT);
      await opened(page);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the stand-alone panels follow the viewer: /ecadViewer/prop?ref= and /ecadViewer/viewerRight', async ({ page, context }) => {
    await openViewer(page);
    await page.getByTestId('input-folder').first().setInputFiles(PROJECT);
    await opened(page);
    const board = parseBoard(readFileSync(`${PROJECT}/glasgow.kicad_pcb`), 'glasgow.kicad_pcb').board!;
    const r1 = board.footprints.find((f) => f.reference === 'R1')!;

    const prop = await context.newPage();
    await prop.goto('/ecadViewer/prop?ref=R1');
    await hydrated(prop);
    await expect(prop.getByTestId('embed-prop').getByTestId('prop-ref')).toContainText('R1');
    await expect(prop.getByTestId('embed-prop').getByTestId('prop-value')).toContainText(r1.value);
    // ?ref= selected R1 in the viewer too.
    await expect(page.getByTestId('prop-ref')).toContainText('R1');

    const right = await context.newPage();
    await right.goto('/ecadViewer/viewerRight');
    await hydrated(right);
    await right.getByRole('tab', { name: 'BOM' }).click();
    await expect(right.getByTestId('bom-line').first()).toBeVisible();
    // A net picked in the panel is highlighted in the viewer.
    await right.getByRole('tab', { name: '网络' }).click();
    await right.getByTestId('net-row').filter({ hasText: 'GND' }).first().click();
    await page.getByTestId('right-nets').click();
    await expect(page.getByTestId('net-row').filter({ hasText: 'GND' }).first()).toHaveAttribute('aria-pressed', 'true');
  });
  test('a logged-in user saves the opened project to their designs', async ({ page }) => {
    await openViewer(page);
    await expect(page.getByTestId('viewer-save')).toHaveCount(0);
    await useSession(page, await apiLogin(page.request, uniquePhone('136')));
    await hydrated(page);
    await page.getByTestId('input-folder').first().setInputFiles(PROJECT);
    await opened(page);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/chiplet/viewer/upload'));
    await page.getByTestId('viewer-save').click();
    const body = (await (await answer).json()) as { code: number; result: { designId: unknown; stats: { footprints: number; sheets: number } } };
    expect(body.code).toBe(200000);
    const board = parseBoard(readFileSync(`${PROJECT}/glasgow.kicad_pcb`), 'glasgow.kicad_pcb').board!;
    expect(body.result.stats.footprints).toBe(board.footprints.length);
    // The folder went up as one zip, so the sub-sheets were found.
    expect(body.result.stats.sheets).toBe(4);
    await expect(page.getByText('已保存到我的设计')).toBeVisible();
  });
  test('no serious accessibility problem on the empty viewer and on an opened project', async ({ page }) => {
    const serious = async () => {
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    await openViewer(page);
    expect(await serious()).toEqual([]);
    await page.getByTestId('input-folder').first().setInputFiles(PROJECT);
    await opened(page);
    expect(await serious()).toEqual([]);
  });
  test('files dropped on the start page open in place', async ({ page }) => {
    await openViewer(page, '/ecadViewer/viewerIndex_');
    await expect(page.getByTestId('viewer-index')).toContainText('不会上传到服务器');
    const dir = 'tests/fixtures/kicad/projects/olimex-mod-esp32-c5';
    const files = ['MOD-ESP32-C5_Rev_A.kicad_pro', 'MOD-ESP32-C5_Rev_A.kicad_sch', 'MOD-ESP32-C5_Rev_A.kicad_pcb', 'README.md'].map((name) => ({ name, b64: readFileSync(`${dir}/${name}`).toString('base64') }));
    const transfer = await page.evaluateHandle((list) => {
      const dt = new DataTransfer();
      for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name));
      return dt;
    }, files);
    await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
    await opened(page);
    const board = parseBoard(readFileSync(`${dir}/MOD-ESP32-C5_Rev_A.kicad_pcb`), 'x.kicad_pcb').board!;
    await expect(page.getByTestId('stat-footprints')).toHaveText(String(board.footprints.length));
  });
  test('the board comes first, then the sheets and the BOM, whose part numbers link to the catalogue', async ({ page, context }) => {
    await openViewer(page);
    await page.getByTestId('input-folder').first().setInputFiles(PROJECT);
    await opened(page);
    // The complete analysis follows the board: the reading status goes and the schematic tab opens.
    await expect(page.getByTestId('viewer-reading')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('tab-sch')).toBeEnabled();
    await page.getByTestId('right-bom').click();
    // The FPGA's value is its part number, which the demo catalogue holds (from KiCad's libraries).
    const fpga = page.getByTestId('bom-line').filter({ hasText: 'ICE40HX8K-BG121' });
    const link = fpga.getByTestId('bom-catalog').getByRole('link');
    await expect(link).toContainText('ICE40HX8K-BG121', { timeout: 20_000 });
    const product = await context.newPage();
    await product.goto((await link.getAttribute('href'))!);
    await expect(product.getByTestId('detail-mpn')).toHaveText('ICE40HX8K-BG121');
    // R1's line: its value (a resistance) is no part number, so it is not looked up and has no link.
    const resistor = page.getByTestId('bom-line').filter({ has: page.getByRole('button', { name: 'R1', exact: true }) });
    await expect(resistor).toHaveCount(1);
    await expect(resistor.getByTestId('bom-catalog').getByRole('link')).toHaveCount(0);
  });

  test('double-clicking a sheet symbol enters that sheet; the caption names what is under the pointer', async ({ page }) => {
    await openViewer(page, '/sch');
    await page.getByTestId('input-folder').first().setInputFiles(PROJECT);
    await opened(page);
    await expect(page.getByTestId('tab-sch')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('sheet-up')).toHaveCount(0);
    const box = (await page.getByTestId('viewer-canvas').boundingBox())!;
    const caption = page.getByTestId('viewer-hover');
    const sheetAt = async (x: number, y: number): Promise<string | null> => {
      await page.mouse.move(x, y);
      if ((await caption.count()) === 0) return null;
      const m = /^图纸 (.+)（双击进入）$/.exec(await caption.innerText());
      return m ? (m[1] as string) : null;
    };
    // Sweep the sheet with the pointer until the caption names a sheet symbol.
    let found: { x: number; y: number; name: string } | null = null;
    for (let y = box.y + 30; y < box.y + box.height - 30 && !found; y += 28) {
      for (let x = box.x + 30; x < box.x + box.width - 30 && !found; x += 28) {
        const name = await sheetAt(x, y);
        // The caption may trail one move behind: confirm on the spot.
        if (name && (await sheetAt(x, y)) === name) found = { x, y, name };
      }
    }
    expect(found, 'a sheet symbol under the pointer somewhere on the root sheet').not.toBeNull();
    await page.mouse.dblclick(found!.x, found!.y);
    await expect(page.getByTestId('sheet-up')).toBeVisible();
    await expect(page.getByTestId('breadcrumbs')).toContainText(found!.name);
    await page.mouse.move(box.x - 10, box.y - 10);
    await expect(caption).toHaveCount(0);
  });
});

test.describe('viewer on a touch screen', () => {
  test.use({ hasTouch: true });
  test('one finger pans, two fingers pinch-zoom about their centre', async ({ page }) => {
    await openViewer(page);
    await page.getByTestId('input-folder').first().setInputFiles(PROJECT);
    await opened(page);
    const canvas = page.getByTestId('viewer-canvas');
    const zoom = page.getByTestId('viewer-zoom');
    await expect(zoom).toHaveAttribute('data-zoom', '1.000');
    await expect.poll(async () => (await canvasPixels(page, canvas)).distinct, { timeout: 15_000 }).toBeGreaterThan(20);
    const box = (await canvas.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    // Real touch input through the browser (CDP), which Chromium turns into touch pointer events.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: [number, number][]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });

    const before = await canvasPixels(page, canvas);
    await touch('touchStart', [[cx, cy]]);
    for (let i = 1; i <= 10; i++) await touch('touchMove', [[cx + 12 * i, cy + 6 * i]]);
    await touch('touchEnd', []);
    await expect.poll(async () => (await canvasPixels(page, canvas)).hash).not.toBe(before.hash);
    // A pan moves the picture, not the scale.
    await expect(zoom).toHaveAttribute('data-zoom', '1.000');

    // Fingers 100 px apart spread to 300 px: three times closer.
    await touch('touchStart', [[cx - 50, cy], [cx + 50, cy]]);
    for (let i = 1; i <= 10; i++) await touch('touchMove', [[cx - 50 - 10 * i, cy], [cx + 50 + 10 * i, cy]]);
    await touch('touchEnd', []);
    await expect.poll(async () => Number(await zoom.getAttribute('data-zoom'))).toBeGreaterThan(2.7);
    expect(Number(await zoom.getAttribute('data-zoom'))).toBeLessThan(3.3);
    await expect(zoom).toHaveText(/缩放 \d+%/);
  });
});
