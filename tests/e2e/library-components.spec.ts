import { expect, test } from '@playwright/test';
import { apiLogin, hydrated, uniquePhone, useSession } from './login-helpers.ts';

// The own-component journey (issue #16 items 3 and 4) against the real server: open the editor
// (/addSymbolDevice), upload a real KiCad symbol (OPA333, 8 pins), a footprint that does not fit
// (SOT-23-5, 5 pads) and the SOIC-8 3D model at once; see the three previews and the 'errors'
// badge with the finding naming the pins without a pad; 'mark ready' is refused and the component
// stays a draft; upload the matching SOIC-8 footprint: the check runs again and the badge turns
// ok; mark it ready and find it in the personal centre's components tab.

const DIR = 'tests/fixtures/library/components';
const SYM = `${DIR}/OPA333xxD.kicad_sym`;
const SOT = `${DIR}/SOT-23-5.kicad_mod`;
const SOIC = `${DIR}/SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod`;
const WRL = `${DIR}/SOIC-8_3.9x4.9mm_P1.27mm.wrl`;

test.describe('own components', () => {
  test.describe.configure({ timeout: 180_000 });

  test('upload symbol, footprint and 3D model, fix the pin/pad mismatch the check reports, mark ready, find it in the personal centre', async ({ page, request }) => {
    const mpn = `OPA333AIDR-E2E${Date.now() % 100000}`;
    const login = await apiLogin(request, uniquePhone('137'));
    await page.goto('/addSymbolDevice');
    await useSession(page, login);
    await hydrated(page);
    await expect(page.locator('h1')).toHaveCount(1);

    const editor = page.getByTestId('component-editor');
    await editor.getByTestId('component-mpn-input').fill(mpn);
    await editor.getByTestId('component-brand-input').fill('Texas Instruments');
    await editor.getByTestId('component-file-input').setInputFiles([SYM, SOT, WRL]);

    // Saved as a draft at once, with the check's verdict and the previews drawn by our engine.
    await expect(editor).toHaveAttribute('data-id', /^\d+$/, { timeout: 30_000 });
    await expect(page).toHaveURL(/[?&]id=\d+/);
    await expect(editor.getByTestId('component-asset-symbol')).toHaveAttribute('data-file', 'OPA333xxD.kicad_sym');
    await expect(editor.getByTestId('component-asset-footprint')).toHaveAttribute('data-file', 'SOT-23-5.kicad_mod');
    await expect(editor.getByTestId('component-symbol-preview')).toHaveAttribute('data-loaded', 'true');
    await expect(editor.getByTestId('component-footprint-preview')).toHaveAttribute('data-loaded', 'true');
    await editor.getByTestId('component-model-preview').scrollIntoViewIfNeeded();
    await expect(editor.getByTestId('model3d-viewer')).toHaveAttribute('data-state', /ready|no-webgl/, { timeout: 60_000 });

    const check = editor.getByTestId('component-check');
    await expect(check).toHaveAttribute('data-quality', 'errors');
    await expect(check.getByTestId('quality-badge')).toHaveAttribute('data-quality', 'errors');
    // The pins 6, 7 and 8 of the 8-pin symbol have no pad on a 5-pad footprint.
    const pinErrors = check.locator('[data-testid="component-finding"][data-severity="error"]').filter({ hasText: /6/ }).filter({ hasText: /7/ }).filter({ hasText: /8/ });
    await expect(pinErrors.first()).toBeVisible();

    // Ready is refused while the error stands: kept as a draft, the findings shown.
    await editor.getByTestId('component-mark-ready').click();
    await expect(editor.getByTestId('component-ready-refused')).toBeVisible();
    await expect(editor.getByTestId('component-refused-findings').getByTestId('component-finding').first()).toBeVisible();
    await expect(editor.getByTestId('component-editor-status')).toHaveAttribute('data-status', 'draft');

    // The matching footprint replaces the wrong one and the check runs again.
    await editor.getByTestId('component-file-input').setInputFiles([SOIC]);
    await expect(editor.getByTestId('component-asset-footprint')).toHaveAttribute('data-file', 'SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod');
    await expect(check).toHaveAttribute('data-quality', 'ok');
    await expect(check.locator('[data-testid="component-finding"][data-severity="error"]')).toHaveCount(0);
    await editor.getByTestId('component-mark-ready').click();
    await expect(editor.getByTestId('component-editor-status')).toHaveAttribute('data-status', 'ready');
    await expect(editor.getByTestId('component-ready-refused')).toHaveCount(0);

    // The personal centre's components tab lists it, ready, with its badge.
    await page.goto('/singleInfo?type=4');
    await hydrated(page);
    const row = page.getByTestId('component-row').filter({ hasText: mpn });
    await expect(row).toHaveCount(1, { timeout: 15_000 });
    await expect(row).toHaveAttribute('data-status', 'ready');
    await expect(row.getByTestId('quality-badge')).toHaveAttribute('data-quality', 'ok');
  });
});
