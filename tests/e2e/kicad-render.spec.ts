import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { renderFootprintSvg } from '../../src/lib/kicad/footprint-svg.ts';
import { parseFootprint } from '../../src/lib/kicad/footprint.ts';
import { renderSymbolSvg } from '../../src/lib/kicad/symbol-svg.ts';
import { parseSymbolLibrary } from '../../src/lib/kicad/symbol-lib.ts';

// Renders of real KiCad library items compared against committed reference screenshots
// (tests/e2e/kicad-render.spec.ts-snapshots), reviewed by eye against KiCad's own look.
const lib = parseSymbolLibrary(readFileSync('tests/fixtures/kicad/sample-symbols.kicad_sym'), 'sample.kicad_sym');
const symbol = (name: string) => lib.symbols.find((s) => s.name === name)!;
const footprint = (file: string) => parseFootprint(readFileSync(`tests/fixtures/kicad/${file}`), file).footprint!;

const cases: [string, string][] = [
  ['stm32f103c8tx', renderSymbolSvg(symbol('STM32F103C8Tx'))],
  ['lm358-all-units', renderSymbolSvg(symbol('LM358'))],
  ['74ls00-demorgan', renderSymbolSvg(symbol('74LS00'), { unit: 1, bodyStyle: 2 })],
  ['soic-8', renderFootprintSvg(footprint('SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod'))],
  ['lqfp-48', renderFootprintSvg(footprint('LQFP-48_7x7mm_P0.5mm.kicad_mod'))],
];

for (const [name, svg] of cases) {
  test(`KiCad render matches the reference: ${name}`, async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 900 });
    await page.setContent(`<!doctype html><body style="margin:0;background:#fff">${svg}</body>`);
    await expect(page.locator('svg').first()).toHaveScreenshot(`${name}.png`, { maxDiffPixelRatio: 0.01 });
  });
}
