import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, hydrated, uniquePhone, useSession } from './login-helpers.ts';

// Reporting a KiCad asset problem and resolving it (issue #17, kicad/feedback) against the real
// server: user A opens a catalogue part's page, reports a wrong footprint in the "report a
// problem" dialog; a second user, made operator with the operator command
// `npm run grant -- operator <phone>` (a child process), sees the report on /review with A's name
// and resolves it with a reply; A sees the reply under their reports on /review.
//
// The grant command writes the database while the server runs, which PGlite cannot allow: run
// this spec with the e2e server on PostgreSQL, e.g.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/e2e_api E2E_PORT=4511 E2E_DATA_DIR=data/e2e-api npx playwright test tests/e2e/kicad-feedback.pg.spec.ts

const run = promisify(execFile);

/** Serious or critical axe findings inside `selector` (the a11y spec's rules). */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).include(selector).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.help}`);
}
type Env<T> = { code: number; msg: string; result: T };

test.describe('reporting KiCad asset problems', () => {
  test.describe.configure({ timeout: 180_000 });

  test('A reports a wrong footprint from a product page; an operator resolves it on /review; A sees the reply', async ({ page, request, browser }) => {
    expect(process.env.DATABASE_URL, 'this journey needs the e2e server on PostgreSQL (DATABASE_URL)').toBeTruthy();
    const a = await apiLogin(request, uniquePhone('137'));
    const opPhone = uniquePhone('139');
    const op = await apiLogin(request, opPhone);
    const found = (await (await request.post('/api/chiplet/products/queryPage', { data: { keyword: 'NE555', pageNum: 1, pageSize: 5 } })).json()) as Env<{ list: { mfgMpnCode: string; mpn: string }[] }>;
    const part = found.result.list[0]!;
    const message = `Pad 1 is on the wrong side (${Date.now()})`;

    // Logged out, the product page offers no report button.
    await page.goto(`/productDetail/${encodeURIComponent(part.mfgMpnCode)}`);
    await hydrated(page);
    await expect(page.getByTestId('detail-check')).toBeVisible();
    await expect(page.getByTestId('kicad-feedback-open')).toHaveCount(0);

    // Logged in: the dialog; the send button waits for a description.
    await useSession(page, a);
    await hydrated(page);
    await page.getByTestId('kicad-feedback-open').click();
    const dialog = page.getByTestId('kicad-feedback-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(part.mpn);
    await expect(dialog.getByTestId('kicad-feedback-send')).toBeDisabled();
    expect(await seriousViolations(page, '[data-testid="kicad-feedback-dialog"]')).toEqual([]);
    await dialog.getByTestId('kicad-feedback-kind-footprint').check();
    await dialog.getByTestId('kicad-feedback-message').fill(message);
    await dialog.getByTestId('kicad-feedback-send').click();
    await expect(dialog).toBeHidden();

    // A is no operator: the list call is refused; /review lists A's own report, open.
    const forbidden = await request.post('/api/chiplet/kicad/feedback/list', { headers: { 'X-token': a.token }, data: {} });
    expect(forbidden.status()).toBe(403);
    await page.goto('/review');
    await hydrated(page);
    const mine = page.getByTestId('kicad-feedback-item').filter({ hasText: message });
    await expect(mine).toHaveAttribute('data-state', 'open');

    const granted = await run(process.execPath, ['scripts/grant.ts', 'operator', `+86 ${opPhone}`], { env: process.env });
    expect(JSON.parse(granted.stdout.split('\n')[0]!)).toMatchObject({ ok: true, userId: op.userId, role: 'operator' });

    const opContext = await browser.newContext();
    const opPage = await opContext.newPage();
    await opPage.goto('/review');
    await useSession(opPage, op);
    await hydrated(opPage);
    const queue = opPage.getByTestId('kicad-feedback-queue');
    await expect(queue.getByTestId('kicad-feedback-filter-open')).toHaveAttribute('aria-pressed', 'true');
    const item = queue.getByTestId('kicad-feedback-item').filter({ hasText: message });
    await expect(item).toBeVisible({ timeout: 15_000 });
    await expect(item).toContainText(part.mpn);
    await expect(item.getByTestId('kicad-feedback-resolve')).toBeDisabled();
    expect(await seriousViolations(opPage, '[data-testid="kicad-feedback-queue"]')).toEqual([]);
    await item.getByTestId('kicad-feedback-reply-input').fill('Fixed: pad 1 moved, thank you');
    await item.getByTestId('kicad-feedback-resolve').click();
    await expect(item).toHaveAttribute('data-state', 'resolved');
    await expect(item.getByTestId('kicad-feedback-reply')).toContainText('Fixed: pad 1 moved');
    await opContext.close();

    // A sees the reply.
    await page.reload();
    await hydrated(page);
    const resolved = page.getByTestId('kicad-feedback-item').filter({ hasText: message });
    await expect(resolved).toHaveAttribute('data-state', 'resolved');
    await expect(resolved.getByTestId('kicad-feedback-reply')).toContainText('Fixed: pad 1 moved');

    await run(process.execPath, ['scripts/grant.ts', 'revoke', opPhone], { env: process.env });
  });
});
