import { expect, test } from '@playwright/test';
import { hydrated } from './login-helpers.ts';

// The assistant beside the viewer with a design read in the browser (issue #15 item 5), in
// Chromium against the real server: the viewer page opens a KiCad project from local files (never
// uploaded), the assistant's panel in another tab of the same browser picks the design up over the
// same-origin BroadcastChannel, says so, and answers a question about it from its BOM (retrieval
// mode: Playwright's server has no language model). Closing the viewer leaves the catalogue.

const PROJECT = 'tests/fixtures/kicad/projects/glasgow-revc';

test('the panel uses the design open in the viewer, and forgets it when the viewer closes', async ({ context }) => {
  const viewer = await context.newPage();
  await viewer.goto('/en/ecadViewer/viewerPage');
  await hydrated(viewer);
  await viewer.getByTestId('input-folder').first().setInputFiles(PROJECT);
  await expect(viewer.getByTestId('viewer-overlay')).toHaveCount(0, { timeout: 60_000 });
  await expect(viewer.getByTestId('project-name')).toContainText('glasgow');

  const panel = await context.newPage();
  await panel.goto('/en/ecadViewer/ai');
  await hydrated(panel);
  const note = panel.getByTestId('ai-design-note');
  await expect(note).toHaveAttribute('data-design', 'open', { timeout: 30_000 });
  await expect(note).toContainText(/Questions use the design open in the viewer, “glasgow[^”]*” \(\d+ BOM lines\)/);

  await panel.getByTestId('ai-input').fill('How many resistors are on this board?');
  await panel.getByTestId('ai-input').press('Enter');
  await expect(panel.getByTestId('ai-chat')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(panel.getByTestId('ai-messages')).toContainText(/Design "glasgow[^"]*" has \d+ /);

  await viewer.close();
  await expect(panel.getByTestId('ai-catalogue-only')).toBeVisible({ timeout: 10_000 });
  await expect(note).toHaveCount(0);
});
