import type { Locator, Page } from '@playwright/test';

// What a canvas shows the user, for the viewer journeys: a screenshot of it decoded in the page.

/** Colours of the canvas as the user sees it: a screenshot decoded in the page. */
export async function canvasPixels(page: Page, canvas: Locator): Promise<{ distinct: number; nonBackground: number; hash: number }> {
  const png = await canvas.screenshot();
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const bg = `${d[0]},${d[1]},${d[2]}`;
    const seen = new Set<string>();
    let nonBackground = 0;
    let hash = 0;
    for (let i = 0; i < d.length; i += 4) {
      const key = `${d[i]},${d[i + 1]},${d[i + 2]}`;
      if (seen.size < 5000) seen.add(key);
      if (key !== bg) nonBackground++;
      hash = (hash * 31 + d[i]! + 7 * d[i + 1]! + 13 * d[i + 2]!) >>> 0;
    }
    return { distinct: seen.size, nonBackground, hash };
  }, png.toString('base64'));
}
