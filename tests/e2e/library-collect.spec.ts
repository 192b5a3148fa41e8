import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, hydrated, uniquePhone, useSession } from './login-helpers.ts';

// The collections journey (issue #16 item 1) against the real server and its demo catalogue: log
// in through the SSO, collect a part from its page into a NEW folder created in the dialog (the
// button turns into a filled star), see the star on the search results too, find the part in that
// folder in the personal centre (/singleInfo?type=2), move it to the default folder, delete the
// now empty folder (the confirmation says its parts would move, never vanish). Plus axe on the tab
// and the dialog. Logged out, Collect asks to log in.

const CODE = 'NE555D_ti';

const serious = async (page: Page, include?: string) => {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

test.describe('collections', () => {
  test.describe.configure({ timeout: 180_000 });

  test('logged out, Collect asks to log in', async ({ page }) => {
    await page.goto(`/productDetail/${CODE}`);
    await hydrated(page);
    await page.getByTestId('collect').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByTestId('collect-dialog')).toHaveCount(0);
  });

  test('collect into a new folder, find it in the personal centre, move it, delete the folder', async ({ page, request }) => {
    const folderName = `E2E 定时器 ${Date.now() % 1_000_000}`;
    const login = await apiLogin(request, uniquePhone('137'));
    await page.goto(`/productDetail/${CODE}`);
    await useSession(page, login);
    await hydrated(page);

    const button = page.getByTestId('collect');
    await expect(button).toHaveAttribute('data-collected', 'false');
    await button.click();
    const dialog = page.getByTestId('collect-dialog');
    await expect(dialog).toBeVisible();
    // The default folder exists from the first use and is chosen until another one is.
    await expect(dialog.getByTestId('collect-folder-option').filter({ hasText: '默认收藏夹' })).toHaveCount(1);
    expect(await serious(page, '[data-testid="collect-dialog"]')).toEqual([]);

    // Markup in a name is refused in place, before any call.
    await dialog.getByTestId('collect-new-folder-input').fill('<b>x</b>');
    await expect(dialog.getByTestId('collect-new-folder-create')).toBeDisabled();
    await dialog.getByTestId('collect-new-folder-input').fill(folderName);
    await dialog.getByTestId('collect-new-folder-create').click();
    const option = dialog.locator(`[data-testid="collect-folder-option"][data-folder-name="${folderName}"]`);
    await expect(option).toHaveCount(1);
    await expect(option.getByRole('radio')).toBeChecked();
    await dialog.getByTestId('collect-save').click();
    await expect(dialog).toHaveCount(0);
    await expect(button).toHaveAttribute('data-collected', 'true');
    await expect(button).toContainText('已收藏');

    // Opening it again says where it is; the state survives a reload.
    await page.reload();
    await hydrated(page);
    await expect(button).toHaveAttribute('data-collected', 'true');
    await button.click();
    await expect(page.getByTestId('collect-dialog')).toContainText(`已收藏在“${folderName}”`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('collect-dialog')).toHaveCount(0);

    // The search results show the star filled for this part.
    await page.goto(`/search?name=NE555D`);
    await hydrated(page);
    const star = page.locator(`[data-collect-slot="${CODE}"]`).getByTestId('collect-result');
    await expect(star).toHaveAttribute('data-collected', 'true');

    // The personal centre: the new folder holds the part.
    await page.goto('/singleInfo?type=2');
    await hydrated(page);
    const folderRow = page.locator(`[data-testid="collect-folder"][data-folder-name="${folderName}"]`);
    await expect(folderRow).toHaveAttribute('data-count', '1');
    await folderRow.getByTestId('collect-folder-open').click();
    const items = page.getByTestId('collect-items');
    await expect(items).toHaveAttribute('data-total', '1');
    const item = items.locator(`[data-testid="collect-item"][data-code="${CODE}"]`);
    await expect(item.getByTestId('collect-item-link')).toHaveAttribute('href', `/productDetail/${CODE}`);
    expect(await serious(page, '[data-testid="collections-panel"]')).toEqual([]);

    // Move it to the default folder.
    await item.getByTestId('collect-item-check').click();
    await page.getByTestId('collect-move-target').selectOption({ label: '默认收藏夹' });
    await page.getByTestId('collect-move').click();
    await expect(folderRow).toHaveAttribute('data-count', '0');
    await expect(items).toHaveAttribute('data-total', '0');
    const defaultRow = page.locator('[data-testid="collect-folder"][data-folder-name="默认收藏夹"]');
    await expect(defaultRow).toHaveAttribute('data-count', '1');

    // Delete the folder: the confirmation says its parts would move to the default folder.
    await folderRow.getByTestId('collect-folder-delete').click();
    const confirm = page.getByTestId('collect-folder-delete-confirm');
    await expect(confirm).toContainText('移到默认收藏夹');
    await confirm.getByRole('button', { name: '删除' }).click();
    await expect(folderRow).toHaveCount(0);
    await expect(defaultRow).toHaveAttribute('data-count', '1');
    await defaultRow.getByTestId('collect-folder-open').click();
    await expect(page.locator(`[data-testid="collect-item"][data-code="${CODE}"]`)).toHaveCount(1);
  });
});
