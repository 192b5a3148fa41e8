// The viewer engine in Chromium (WebGL2 through SwiftShader), on its own bundled test page
// (tests/bench/viewer, served here; no Astro page): pixels of a real board, layer hiding,
// flip, picking and net highlight; a schematic's picture and the selection outline.
import { expect, test, type Page } from '@playwright/test';
import { PCB_COLORS } from '../../src/lib/kicad/render/footprint-painter.ts';
import { SCHEMATIC_THEMES } from '../../src/lib/kicad/render/schematic-theme.ts';
import { parseColor } from '../../src/lib/kicad-viewer/color.ts';
import { outlineColor } from '../../src/lib/kicad-viewer/selection-outline.ts';
import { CHROMIUM_ARGS, startViewerPage, type ViewerPageServer } from '../bench/viewer/serve.ts';

const BOARD = new URL('../fixtures/kicad/projects/bitaxe-gamma/bitaxeGamma.kicad_pcb', import.meta.url).pathname;
/** KiCad's demo schematic with one embedded PNG (installed with KiCad). */
const INTERF = '/usr/share/kicad/demos/interf_u/interf_u.kicad_sch';

test.use({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS }, viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });

interface Item {
  id: number;
  layer: string;
  meta: Record<string, string>;
  box: { minX: number; minY: number; maxX: number; maxY: number };
}
type Rgba = [number, number, number, number];

let server: ViewerPageServer;
test.beforeAll(async () => {
  server = await startViewerPage({ board: BOARD, interf: INTERF });
});
test.afterAll(async () => {
  await server.close();
});

/** Calls window.viewerBench[fn](...args) in the page. */
function call<T>(page: Page, fn: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    ({ fn, args }) => (window as unknown as { viewerBench: Record<string, (...a: unknown[]) => unknown> }).viewerBench[fn]!(...args),
    { fn, args },
  ) as Promise<T>;
}

async function openBoard(page: Page): Promise<void> {
  await page.goto(server.url);
  await page.waitForFunction(() => document.body.dataset.ready === '1');
  const r = await call<{ backend: string; items: number; errors: number }>(page, 'open', '/files/board', 'board');
  expect(r.backend).toBe('webgl2');
  expect(r.errors).toBe(0);
  expect(r.items).toBeGreaterThan(1000);
}

function hex(c: string): [number, number, number] {
  return [parseInt(c.slice(1, 3), 16), parseInt(c.slice(3, 5), 16), parseInt(c.slice(5, 7), 16)];
}
const near = (p: Rgba, c: [number, number, number], tol = 24): boolean => Math.abs(p[0] - c[0]) <= tol && Math.abs(p[1] - c[1]) <= tol && Math.abs(p[2] - c[2]) <= tol;
const luma = (p: Rgba): number => 0.3 * p[0] + 0.59 * p[1] + 0.11 * p[2];

/** Screen point on a via's ring (half-way between hole and rim, right of the centre), after zooming to it. */
async function viaRingPoint(page: Page, via: Item): Promise<[number, number]> {
  await call(page, 'zoomTo', via.box);
  const cx = (via.box.minX + via.box.maxX) / 2;
  const cy = (via.box.minY + via.box.maxY) / 2;
  const r = (via.box.maxX - via.box.minX) / 2;
  // Hole ≤ 0.6 of the via for every via of this board: the point at 0.8 r is copper.
  return call<[number, number]>(page, 'toScreen', cx + 0.8 * r, cy);
}

test('a via is drawn in the via colour, and not once its layer is hidden', async ({ page }) => {
  await openBoard(page);
  const vias = await call<Item[]>(page, 'items', 'via', 400);
  expect(vias.length).toBeGreaterThan(20);
  const viaColour = hex(PCB_COLORS.viaThrough);
  // Silkscreen or fabrication drawings may cross some vias: the first clear one.
  let found: { via: Item; at: [number, number] } | null = null;
  for (const via of vias.slice(0, 30)) {
    const at = await viaRingPoint(page, via);
    if (near(await call<Rgba>(page, 'pixel', at[0], at[1]), viaColour)) {
      found = { via, at };
      break;
    }
  }
  expect(found, 'a via ring pixel in the through-via colour').not.toBeNull();
  const { at } = found!;
  await call(page, 'setLayer', ':Vias', { visible: false });
  expect(near(await call<Rgba>(page, 'pixel', at[0], at[1]), viaColour)).toBe(false);
  await call(page, 'setLayer', ':Vias', { visible: true });
  expect(near(await call<Rgba>(page, 'pixel', at[0], at[1]), viaColour)).toBe(true);
  // Recolouring a layer changes what was drawn in its colour.
  await call(page, 'setLayer', ':Vias', { color: '#00ff00' });
  expect(near(await call<Rgba>(page, 'pixel', at[0], at[1]), [0, 255, 0], 40)).toBe(true);
});

test('flipping mirrors the board about the view centre', async ({ page }) => {
  await openBoard(page);
  const vias = await call<Item[]>(page, 'items', 'via', 400);
  await call(page, 'solo', ':Vias');
  await call(page, 'fit');
  const viaColour = hex(PCB_COLORS.viaThrough);
  let checked = 0;
  for (const via of vias.slice(0, 60)) {
    const at = await viaRingPoint(page, via);
    const [x, y] = at;
    // Zoomed to this via: it sits at the view centre ± its ring; its mirror image is at 1280 − x.
    if (!near(await call<Rgba>(page, 'pixel', x, y), viaColour)) continue;
    const mirrorX = 1280 - x;
    const before = await call<Rgba>(page, 'pixel', mirrorX, y);
    await call(page, 'flip', true);
    expect(near(await call<Rgba>(page, 'pixel', mirrorX, y), viaColour)).toBe(true);
    // What was at the mirror point before is now at the original point.
    expect(near(await call<Rgba>(page, 'pixel', x, y), [before[0], before[1], before[2]], 24)).toBe(true);
    await call(page, 'flip', false);
    checked++;
    if (checked === 3) break;
  }
  expect(checked).toBe(3);
});

test('hitTest at a pad centre returns that pad', async ({ page }) => {
  await openBoard(page);
  const pads = await call<Item[]>(page, 'items', 'pad', 2000);
  const smd = pads.filter((p) => p.meta['data-type'] === 'smd' && p.layer === ':Pads:Front');
  let tested = 0;
  for (const pad of smd.slice(0, 40)) {
    await call(page, 'zoomTo', pad.box);
    const [x, y] = await call<[number, number]>(page, 'toScreen', (pad.box.minX + pad.box.maxX) / 2, (pad.box.minY + pad.box.maxY) / 2);
    const hit = await call<{ id: number; meta: Record<string, string> } | null>(page, 'hit', x, y);
    expect(hit, `pad ${pad.meta['data-ref']}.${pad.meta['data-number']}`).not.toBeNull();
    expect(hit!.meta.class).toBe('pad');
    // A pad of another footprint may overlap this one (pads of the back side are below): the same pad or one overlapping its centre.
    if (hit!.id === pad.id) tested++;
  }
  expect(tested).toBeGreaterThanOrEqual(36);
});

test('highlightNet dims the other nets and keeps its own', async ({ page }) => {
  await openBoard(page);
  const vias = await call<Item[]>(page, 'items', 'via', 400);
  const viaColour = hex(PCB_COLORS.viaThrough);
  for (const via of vias.slice(0, 30)) {
    const at = await viaRingPoint(page, via);
    const normal = await call<Rgba>(page, 'pixel', at[0], at[1]);
    if (!near(normal, viaColour) || !via.meta['data-net']) continue;
    const other = vias.find((v) => v.meta['data-net'] && v.meta['data-net'] !== via.meta['data-net'])!;
    await call(page, 'highlight', other.meta['data-net']);
    const dimmed = await call<Rgba>(page, 'pixel', at[0], at[1]);
    expect(luma(dimmed)).toBeLessThan(0.5 * luma(normal));
    await call(page, 'highlight', via.meta['data-net']);
    const lit = await call<Rgba>(page, 'pixel', at[0], at[1]);
    expect(luma(lit)).toBeGreaterThanOrEqual(luma(normal) - 2);
    await call(page, 'highlight', null);
    expect(near(await call<Rgba>(page, 'pixel', at[0], at[1]), [normal[0], normal[1], normal[2]], 2)).toBe(true);
    return;
  }
  throw new Error('no clear via with a net among the first 30');
});

test('a click selects the item under the pointer; a drag pans and selects nothing', async ({ page }) => {
  await openBoard(page);
  const pads = await call<Item[]>(page, 'items', 'pad', 2000);
  const pad = pads.find((p) => p.meta['data-type'] === 'smd' && p.layer === ':Pads:Front')!;
  await call(page, 'zoomTo', pad.box);
  const [x, y] = await call<[number, number]>(page, 'toScreen', (pad.box.minX + pad.box.maxX) / 2, (pad.box.minY + pad.box.maxY) / 2);
  const box = (await page.locator('#view').boundingBox())!;
  await call(page, 'watchSelect');
  await page.mouse.click(box.x + x, box.y + y);
  await expect.poll(() => call<(number | null)[]>(page, 'selectEvents')).toEqual([pad.id]);
  // A drag from the same point pans: no new selection, and the pad has moved on screen.
  await page.mouse.move(box.x + x, box.y + y);
  await page.mouse.down();
  await page.mouse.move(box.x + x + 60, box.y + y + 30, { steps: 6 });
  await page.mouse.up();
  expect(await call<(number | null)[]>(page, 'selectEvents')).toEqual([pad.id]);
  const [x2, y2] = await call<[number, number]>(page, 'toScreen', (pad.box.minX + pad.box.maxX) / 2, (pad.box.minY + pad.box.maxY) / 2);
  expect(Math.round(x2 - x)).toBe(60);
  expect(Math.round(y2 - y)).toBe(30);
  // The wheel zooms about the pointer: the world point under it stays there.
  await page.mouse.move(box.x + x2, box.y + y2);
  await page.mouse.wheel(0, -240);
  const [x3, y3] = await call<[number, number]>(page, 'toScreen', (pad.box.minX + pad.box.maxX) / 2, (pad.box.minY + pad.box.maxY) / 2);
  expect(Math.abs(x3 - x2)).toBeLessThan(1);
  expect(Math.abs(y3 - y2)).toBeLessThan(1);
});

type Backend = 'webgl2' | 'canvas2d';

async function openSheet(page: Page, backend: Backend): Promise<void> {
  await page.goto(server.url);
  await page.waitForFunction(() => document.body.dataset.ready === '1');
  const r = await call<{ backend: string; items: number; errors: number }>(page, 'open', '/files/interf', 'sheet', { prefer: backend });
  expect(r.backend).toBe(backend);
  expect(r.errors).toBe(0);
  // The app draws a light sheet on the theme's background.
  await call(page, 'background', SCHEMATIC_THEMES.light.background);
}

const rgb = (c: number): [number, number, number] => [c & 255, (c >>> 8) & 255, (c >>> 16) & 255];

for (const backend of ['webgl2', 'canvas2d'] as const) {
  test(`${backend}: a schematic's picture is drawn where its quad is, as the PNG shows it`, async ({ page }) => {
    await openSheet(page, backend);
    const images = await call<{ quad: number[]; layer: number }[]>(page, 'images');
    expect(images.length).toBe(1);
    const q = images[0]!.quad;
    const xs = [q[0]!, q[2]!, q[4]!, q[2]! + q[4]! - q[0]!];
    const ys = [q[1]!, q[3]!, q[5]!, q[3]! + q[5]! - q[1]!];
    await call(page, 'zoomTo', { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) });
    // Decoding is asynchronous: the view redraws once the picture is ready.
    await expect.poll(() => call<{ ready: number; failed: number }>(page, 'imageStats')).toMatchObject({ ready: 1, failed: 0 });
    const uvs: [number, number][] = [];
    for (let i = 1; i < 8; i++) for (let j = 1; j < 8; j++) uvs.push([i / 8, j / 8]);
    const samples = await call<{ want: Rgba; got: Rgba }[]>(page, 'imageSamples', 0, uvs);
    // Opaque points of the picture unlike the sheet's background: the view shows the picture's colour there.
    const bg = rgb(parseColor(SCHEMATIC_THEMES.light.background));
    const opaque = samples.filter((x) => x.want[3] >= 250 && !near(x.want, bg, 40));
    expect(opaque.length).toBeGreaterThan(12);
    const matching = opaque.filter((x) => near(x.got, [x.want[0], x.want[1], x.want[2]], 40));
    expect(matching.length / opaque.length).toBeGreaterThanOrEqual(0.9);
    // The picture is not one flat colour, and neither is what was drawn.
    const distinct = (xs: Rgba[]): number => new Set(xs.map((p) => `${p[0] >> 4},${p[1] >> 4},${p[2] >> 4}`)).size;
    expect(distinct(opaque.map((x) => x.want))).toBeGreaterThan(2);
    expect(distinct(opaque.map((x) => x.got))).toBeGreaterThan(2);
    // Hidden with its layer.
    const layers = await call<string[]>(page, 'layers');
    await call(page, 'setLayer', layers[images[0]!.layer]!, { visible: false });
    const hidden = await call<{ got: Rgba }[]>(page, 'imageSamples', 0, uvs);
    expect(hidden.filter((x) => near(x.got, bg, 8)).length).toBeGreaterThan(hidden.length * 0.8);
  });

  test(`${backend}: the selected item gets an outline on its box, whatever the zoom`, async ({ page }) => {
    await openSheet(page, backend);
    const colour = rgb(outlineColor(parseColor(SCHEMATIC_THEMES.light.background)));
    const symbols = await call<Item[]>(page, 'items', 'symbol', 40);
    const sym = symbols.find((s) => s.box.maxX - s.box.minX > 5 && s.box.maxY - s.box.minY > 5)!;
    expect(sym).toBeDefined();
    // One CSS pixel outside the middle of each edge: inside the 2 px outline.
    const edgePoints = async (): Promise<[number, number][]> => {
      const [x0, y0] = await call<[number, number]>(page, 'toScreen', sym.box.minX, sym.box.minY);
      const [x1, y1] = await call<[number, number]>(page, 'toScreen', sym.box.maxX, sym.box.maxY);
      const mx = (x0 + x1) / 2;
      const my = (y0 + y1) / 2;
      return [
        [mx, y0 - 1],
        [mx, y1 + 1],
        [x0 - 1, my],
        [x1 + 1, my],
      ];
    };
    const outlined = async (): Promise<number> => {
      let n = 0;
      for (const [x, y] of await edgePoints()) if (near(await call<Rgba>(page, 'pixel', x, y), colour, 30)) n++;
      return n;
    };
    for (const zoomOut of [1, 4]) {
      const b = sym.box;
      const w = (b.maxX - b.minX) * zoomOut;
      const h = (b.maxY - b.minY) * zoomOut;
      const cx = (b.minX + b.maxX) / 2;
      const cy = (b.minY + b.maxY) / 2;
      await call(page, 'zoomTo', { minX: cx - w / 2, minY: cy - h / 2, maxX: cx + w / 2, maxY: cy + h / 2 });
      await call(page, 'select', null);
      expect(await outlined()).toBe(0);
      await call(page, 'select', sym.id);
      expect(await outlined()).toBe(4);
    }
    await call(page, 'select', null);
    expect(await outlined()).toBe(0);
  });
}
