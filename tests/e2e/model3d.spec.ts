import sharp from 'sharp';
import { expect, test, type Locator, type Page } from '@playwright/test';

// Issue 4 point 5, "3D preview where a model exists": the demo catalogue's real KiCad 3D models,
// shown in the product page by our WebGL viewer (Debian Chromium renders WebGL through
// SwiftShader), driven by mouse, keyboard and the toolbar; and the page without JavaScript.

const THT_PART = 'NE555P_ti'; // Package_DIP:DIP-8_W7.62mm
const SMD_PART = 'SSM2211S_adi'; // Package_SO:SOIC-8_3.9x4.9mm_P1.27mm

/** Raw RGB pixels of the canvas's screenshot; the toolbar over it is masked (its hover and pressed states would count as change). */
async function pixels(el: Locator): Promise<{ data: Buffer; width: number; height: number }> {
  // Centre it first: the page's sticky section bar would otherwise cover the top of the canvas in some shots.
  await el.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  const overlays = el.locator('xpath=..').locator('[data-model3d-toolbar], [data-model3d-stats]');
  const { data, info } = await sharp(await el.screenshot({ mask: [overlays], maskColor: '#808080' })).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Pixels once the view has settled (a resize can re-fit the view a frame or two after load). */
async function settledPixels(el: Locator): Promise<{ data: Buffer; width: number; height: number }> {
  let last = await pixels(el);
  for (let i = 0; i < 10; i++) {
    await el.page().waitForTimeout(150);
    const next = await pixels(el);
    if (next.data.length === last.data.length && difference(last.data, next.data, 4) < 0.001) return next;
    last = next;
  }
  return last;
}

/** Share of pixels that differ by more than `tolerance` in any channel. */
function difference(a: Buffer, b: Buffer, tolerance = 24): number {
  let diff = 0;
  for (let i = 0; i < a.length; i += 3) {
    if (Math.abs(a[i]! - b[i]!) > tolerance || Math.abs(a[i + 1]! - b[i + 1]!) > tolerance || Math.abs(a[i + 2]! - b[i + 2]!) > tolerance) diff++;
  }
  return diff / (a.length / 3);
}

/** Share of pixels far from the light grey background: how much of the view the model fills. */
function coverage(p: { data: Buffer }, predicate = (r: number, g: number, b: number) => Math.max(r, g, b) - Math.min(r, g, b) > 40 || Math.max(r, g, b) < 120): number {
  let hit = 0;
  for (let i = 0; i < p.data.length; i += 3) if (predicate(p.data[i]!, p.data[i + 1]!, p.data[i + 2]!)) hit++;
  return hit / (p.data.length / 3);
}

/** Pixels that look like solder-mask green (the board). */
const isGreen = (r: number, g: number, b: number) => g > r + 25 && g > b + 10;

async function openViewer(page: Page, code: string): Promise<{ frame: Locator; canvas: Locator }> {
  await page.goto(`/productDetail/${code}`);
  const frame = page.getByTestId('model3d-viewer');
  await frame.scrollIntoViewIfNeeded();
  await expect(frame).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  const canvas = frame.locator('canvas');
  await expect(canvas).toBeVisible();
  // Let the first frame land.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return { frame, canvas };
}

test.describe('3D preview on the product page', () => {
  test.describe.configure({ timeout: 120_000 });

  test('shows a real KiCad model on its footprint board, and the mouse turns and zooms it', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const { frame, canvas } = await openViewer(page, THT_PART);
    await expect(frame).toContainText('Package_DIP.3dshapes/DIP-8_W7.62mm.wrl');
    await expect(frame.locator('[data-model3d-stats]')).toContainText(/[\d,]+ 个三角面/);

    const first = await settledPixels(canvas);
    // The DIP-8 body and the green board fill a good part of the view, and the board is green.
    expect(coverage(first)).toBeGreaterThan(0.15);
    expect(coverage(first, isGreen)).toBeGreaterThan(0.05);

    // Drag to orbit.
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    const turned = await pixels(canvas);
    expect(difference(first.data, turned.data)).toBeGreaterThan(0.05);
    await expect(frame.locator('[data-view="iso"]')).toHaveAttribute('aria-pressed', 'false');

    // Wheel zoom: the page does not scroll, the model grows.
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -600);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    const zoomed = await pixels(canvas);
    expect(coverage(zoomed)).toBeGreaterThan(coverage(turned));
    expect(errors).toEqual([]);
  });

  test('toolbar: named views, board toggle, reset; keyboard turns the focused view', async ({ page }) => {
    const { frame, canvas } = await openViewer(page, SMD_PART);
    const iso = await settledPixels(canvas);
    // The library SOIC-8 stands on all eight pads of its footprint.
    await expect(frame.locator('[data-model3d-alignment]')).toHaveText('模型与焊盘对齐：8/8 个焊盘与引脚重合');

    await frame.getByRole('button', { name: '顶视' }).click();
    await expect(frame.getByRole('button', { name: '顶视' })).toHaveAttribute('aria-pressed', 'true');
    const top = await pixels(canvas);
    expect(difference(iso.data, top.data)).toBeGreaterThan(0.05);

    // Hiding the board removes the green.
    const board = frame.getByRole('button', { name: 'PCB' });
    expect(coverage(top, isGreen)).toBeGreaterThan(0.05);
    await board.click();
    await expect(board).toHaveAttribute('aria-pressed', 'false');
    const bare = await pixels(canvas);
    expect(coverage(bare, isGreen)).toBeLessThan(0.005);
    await board.click();

    // Reset returns to the first view.
    await frame.getByRole('button', { name: '复位' }).click();
    await expect(frame.getByRole('button', { name: '等轴测' })).toHaveAttribute('aria-pressed', 'true');
    expect(difference(iso.data, (await settledPixels(canvas)).data)).toBeLessThan(0.01);

    // Keyboard: focus the canvas, arrows orbit.
    await canvas.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowUp');
    expect(difference(iso.data, (await pixels(canvas)).data)).toBeGreaterThan(0.03);
  });

  test('warns when the library model does not stand on its pads', async ({ page }) => {
    // KiCad 6's MeanWell IRM-03 model and footprint disagree: only pin 1 meets its pad.
    const { frame } = await openViewer(page, 'IRM-03-12_meanwell');
    const verdict = frame.locator('[data-model3d-alignment]');
    await expect(verdict).toHaveAttribute('data-verdict', 'misaligned');
    await expect(verdict).toContainText('模型可能偏移或旋转：仅 1/5 个焊盘与引脚重合');
  });

  test('English page labels the viewer in English', async ({ page }) => {
    await page.goto(`/en/productDetail/${SMD_PART}`);
    const frame = page.getByTestId('model3d-viewer');
    await frame.scrollIntoViewIfNeeded();
    await expect(frame).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await expect(frame.getByRole('button', { name: 'Top' })).toBeVisible();
    await expect(frame).toContainText('Drag to rotate');
    await expect(frame.locator('[data-model3d-stats]')).toContainText(/triangles/);
  });

  test('a failed download says so and offers a retry that works', async ({ page }) => {
    let fail = true;
    await page.route('**/api/chiplet/products/model3d?*', (route) => (fail ? route.fulfill({ status: 503, body: 'busy' }) : route.continue()));
    await page.goto(`/productDetail/${SMD_PART}`);
    const frame = page.getByTestId('model3d-viewer');
    await frame.scrollIntoViewIfNeeded();
    await expect(frame).toHaveAttribute('data-state', 'failed');
    await expect(frame.getByRole('status')).toContainText('3D 模型加载失败');
    fail = false;
    await frame.getByRole('button', { name: '重试' }).click();
    await expect(frame).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  });

  test('without WebGL the page says why and keeps everything else', async ({ page }) => {
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
        if (type === 'webgl2' || type === 'webgl') return null;
        return (original as (this: HTMLCanvasElement, t: string, ...r: unknown[]) => RenderingContext | null).call(this, type, ...rest);
      } as typeof HTMLCanvasElement.prototype.getContext;
    });
    await page.goto(`/productDetail/${SMD_PART}`);
    const frame = page.getByTestId('model3d-viewer');
    await frame.scrollIntoViewIfNeeded();
    await expect(frame).toHaveAttribute('data-state', 'no-webgl');
    await expect(frame.getByRole('status')).toContainText('WebGL 不可用');
    await expect(page.getByTestId('footprint-img')).toBeVisible();
  });

  test('parts without a stored model say what the footprint names, or that there is none', async ({ page, request }) => {
    // Sensor:Senseair_S8_Up names Sensor.3dshapes/Senseair_S8_Up.wrl, which the demo selection leaves out.
    await page.goto('/productDetail/004-0-0010_senseair');
    await expect(page.getByTestId('model3d')).toContainText('Sensor.3dshapes/Senseair_S8_Up.wrl');
    await expect(page.getByTestId('model3d-viewer')).toHaveCount(0);
    await expect(page.getByTestId('badge-3d')).toHaveCount(0);
    expect((await request.get('/api/chiplet/products/model3d?mfgMpnCode=004-0-0010_senseair')).status()).toBe(404);
    // The RECOM RPM converter footprint names no model at all.
    await page.goto('/productDetail/RPM5.0-6.0_recom');
    await expect(page.getByTestId('model3d-none')).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the frame explains that the 3D preview needs JavaScript and WebGL', async ({ page }) => {
    await page.goto(`/productDetail/${THT_PART}`);
    const frame = page.getByTestId('model3d-viewer');
    await expect(frame).toContainText('3D 预览需要启用 JavaScript 与 WebGL');
    await expect(frame).toContainText('DIP-8_W7.62mm.wrl');
  });
});
