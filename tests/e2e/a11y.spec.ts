import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, hydrated, uniquePhone, useSession } from './login-helpers.ts';

// Issue #10: keyboard and screen-reader users can use the pages. axe-core checks each page kind in
// Chromium, in zh and en: no serious or critical violations (WCAG 2.x A/AA rules and best practices).

type Violation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] };

async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return (violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).slice(0, 3).join(', ')}`);
}

const pages = {
  home: '/',
  search: '/search?name=ne555',
  filter: '/filterPage/55001/%E5%9B%BA%E5%AE%9A%E7%94%B5%E9%98%BB',
  detail: '/productDetail/NE555P_ti',
};

for (const locale of ['zh', 'en'] as const) {
  const prefix = locale === 'en' ? '/en' : '';
  for (const [name, path] of Object.entries(pages)) {
    test(`${name} (${locale}) has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(prefix + (path === '/' && prefix ? '' : path));
      await hydrated(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test(`login dialog, both tabs (${locale}), has no serious or critical axe violations`, async ({ page }) => {
    await page.goto(`${prefix}/catalog`);
    await hydrated(page);
    await page.getByTestId('login-link').click();
    const dialog = page.getByTestId('login-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('login-slider')).toHaveAttribute('data-status', 'idle');
    expect(await seriousViolations(page), 'phone tab').toEqual([]);
    await dialog.getByRole('tab').nth(1).click();
    await expect(dialog.getByRole('tab').nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.waitForTimeout(500);
    expect(await seriousViolations(page), 'WeChat tab').toEqual([]);
  });

  test(`personal centre (${locale}) has no serious or critical axe violations`, async ({ page }) => {
    const login = await apiLogin(page.request, uniquePhone(locale === 'en' ? '151' : '152'));
    await page.goto(`${prefix}/singleInfo?type=0`);
    await useSession(page, login);
    await hydrated(page);
    await expect(page.getByTestId('display-name')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
