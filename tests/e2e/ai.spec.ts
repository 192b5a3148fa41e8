import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, hydrated, uniquePhone, useSession } from './login-helpers.ts';

// The assistant (issue #15) against the real server. Playwright's server has no LLM_* settings, so
// every answer comes from the retrieval assistant over the demo catalogue and the uploaded
// datasheets, streamed the same way a model's answer is, with the 'no model configured' notice.

const DATASHEET = 'tests/fixtures/datasheets/AMS1117-wpmtek.pdf';
const IMAGE_ONLY = 'tests/fixtures/datasheets/scanned-image-only.pdf';
const HTML_NAMED = 'tests/fixtures/datasheets/html-named.pdf';

async function waitForCatalogue(request: APIRequestContext): Promise<void> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const res = await request.get(`/api/chiplet/ai/getProducts?question=${encodeURIComponent('LDO 3.3V 1A SOT-223')}`);
    const body = (await res.json().catch(() => null)) as { code: number; result?: { list: unknown[] } } | null;
    if (body?.code === 200000 && (body.result?.list.length ?? 0) > 0) return;
    if (Date.now() > deadline) throw new Error('the demo catalogue did not load');
    await new Promise((r) => setTimeout(r, 2000));
  }
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  await waitForCatalogue(request);
});

/** Types a question, sends it with Enter and waits for the answer to settle. */
async function ask(page: Page, question: string): Promise<void> {
  const before = await page.getByTestId('ai-message').count();
  await page.getByTestId('ai-input').fill(question);
  await page.getByTestId('ai-input').press('Enter');
  await expect(page.getByTestId('ai-message')).toHaveCount(before + 2, { timeout: 20_000 });
  await expect(page.getByTestId('ai-chat')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
}

/** Serious or critical axe violations inside the chat (the a11y.spec.ts rule set). */
async function chatViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .include('[data-testid="ai-chat"]')
    .analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.help}`);
}

const lastAnswer = (page: Page) => page.locator('[data-testid="ai-message"][data-role="assistant"]').last();

test('retrieval chat in Chinese: part cards with the matched parameters, kept across a reload', async ({ page }) => {
  await page.goto('/aiChat');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('智能助手');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  // The app's layout without the footer (the chat fills the page), as routes.spec.ts expects.
  await expect(page.getByTestId('site-header')).toBeVisible();
  await expect(page.getByTestId('site-footer')).toHaveCount(0);
  await expect(page.getByTestId('ai-examples')).toBeVisible();
  await expect(page.getByTestId('ai-guest-hint')).toContainText('登录后可以保存对话历史');

  await ask(page, '3.3V LDO 1A SOT-223');
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-mode', 'retrieval');
  await expect(answer.getByTestId('ai-notice')).toHaveAttribute('data-notice', 'no-model');
  await expect(answer.getByTestId('ai-notice')).toContainText(/语言模型/);
  const cards = answer.getByTestId('ai-part-card');
  expect(await cards.count()).toBeGreaterThan(0);
  const first = cards.first();
  await expect(first).toContainText('SOT-223');
  await expect(first.locator('[data-matched="true"]').first()).toBeVisible();
  const href = await first.getByTestId('ai-part-link').getAttribute('href');
  expect(href).toMatch(/^\/detail\?mfgMpnCode=/);
  // The answer is Markdown: its ranked table is a real table.
  await expect(answer.locator('table')).toBeVisible();
  expect(await chatViolations(page)).toEqual([]);

  // Copy puts the answer on the clipboard and says so.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await answer.getByTestId('ai-copy').click();
  await expect(page.getByText('回答已复制')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('SOT-223');

  // A guest's chat lives in the tab: a reload keeps it.
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('ai-message')).toHaveCount(2);

  // The part card opens the product page.
  await lastAnswer(page).getByTestId('ai-part-link').first().click();
  await expect(page).toHaveURL(/\/detail\?mfgMpnCode=/);
});

test('retrieval chat in English: cards link to English product pages, notices in English', async ({ page }) => {
  await page.goto('/en/aiChat');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Smart assistant');
  await ask(page, 'LDO 3.3V 1A SOT-223');
  const answer = lastAnswer(page);
  await expect(answer.getByTestId('ai-notice')).toContainText(/language model/i);
  expect(await answer.getByTestId('ai-notice').textContent()).not.toMatch(/[\u4e00-\u9fff]/);
  const first = answer.getByTestId('ai-part-card').first();
  await expect(first).toContainText('SOT-223');
  expect(await first.getByTestId('ai-part-link').getAttribute('href')).toMatch(/^\/en\/detail\?mfgMpnCode=/);
  expect(await chatViolations(page)).toEqual([]);

  // Regenerate replaces the last answer with a fresh one (retrieval answers the same again).
  const before = await page.getByTestId('ai-message').last().evaluate((el) => el.textContent);
  await answer.getByTestId('ai-regenerate').click();
  await expect(page.getByTestId('ai-chat')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect(page.getByTestId('ai-message')).toHaveCount(2);
  expect(await page.getByTestId('ai-message').last().evaluate((el) => el.textContent)).toBe(before);

  // Refused in the page: an empty question, and one over 2000 characters (the text stays).
  await page.getByTestId('ai-input').fill('');
  await page.getByTestId('ai-send').click();
  await expect(page.getByTestId('ai-input-error')).toHaveText('Please type a question first.');
  await page.getByTestId('ai-input').fill('x'.repeat(2001));
  await page.getByTestId('ai-input').press('Enter');
  await expect(page.getByTestId('ai-input-error')).toContainText('at most 2000 characters');
  await expect(page.getByTestId('ai-input')).toHaveValue('x'.repeat(2001));
  await expect(page.getByTestId('ai-message')).toHaveCount(2);
});

test('an example question is asked with one click, from the keyboard', async ({ page }) => {
  await page.goto('/aiChat');
  await hydrated(page);
  const example = page.getByTestId('ai-example').nth(1);
  await expect(example).toHaveText('AMS1117 有什么替代料？');
  await example.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid="ai-message"][data-role="user"]')).toHaveText(/AMS1117 有什么替代料/);
  await expect(page.getByTestId('ai-chat')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect(lastAnswer(page)).toHaveAttribute('data-mode', 'retrieval');
});

test('stop generation on a slow network keeps the conversation and lets the next question go', async ({ page }) => {
  await page.goto('/aiChat');
  await hydrated(page);
  // The network is slow: the real server's answer reaches the page only after 5 s.
  let delayed = true;
  await page.route('**/api/chiplet/ai/chat', async (route) => {
    if (!delayed) return route.continue();
    await new Promise((r) => setTimeout(r, 5000));
    await route.continue().catch(() => undefined);
  });
  await page.getByTestId('ai-input').fill('3.3V LDO 1A SOT-223');
  await page.getByTestId('ai-input').press('Enter');
  await expect(page.getByTestId('ai-stop')).toBeVisible();
  await page.getByTestId('ai-stop').click();
  await expect(page.getByTestId('ai-chat')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('ai-stopped')).toBeVisible();
  await expect(page.getByTestId('ai-send')).toBeVisible();
  delayed = false;
  await ask(page, 'LDO 3.3V 1A SOT-223');
  await expect(lastAnswer(page).getByTestId('ai-part-card').first()).toBeVisible();
});

test('a logged-in user keeps conversations: history after reload, rename, delete', async ({ page }) => {
  await page.goto('/aiChat');
  const login = await apiLogin(page.request, uniquePhone('158'));
  await useSession(page, login);
  await hydrated(page);
  await expect(page.getByTestId('ai-guest-hint')).toHaveCount(0);
  await expect(page.getByTestId('ai-conversations')).toBeVisible();

  await ask(page, '3.3V LDO 1A SOT-223');
  await expect(page).toHaveURL(/[?&]c=[0-9a-f-]{36}/);
  const id = new URL(page.url()).searchParams.get('c')!;
  await expect(page.locator(`[data-testid="ai-conversation"][data-id="${id}"]`)).toBeVisible();

  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('ai-message')).toHaveCount(2);
  await expect(lastAnswer(page).getByTestId('ai-part-card').first()).toBeVisible();

  // A second turn goes into the same conversation.
  await ask(page, 'AMS1117 有什么替代料？');
  expect(new URL(page.url()).searchParams.get('c')).toBe(id);

  const row = page.locator(`[data-testid="ai-conversation"][data-id="${id}"]`);
  await row.getByTestId('ai-rename').click();
  await page.getByTestId('ai-rename-input').fill('SOT-223 稳压器');
  await page.getByTestId('ai-rename-input').press('Enter');
  await expect(row).toContainText('SOT-223 稳压器');

  // A new chat empties the page; selecting the conversation brings it back.
  await page.getByTestId('ai-new-chat').click();
  await expect(page.getByTestId('ai-message')).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]c=/);
  await row.getByRole('button', { name: 'SOT-223 稳压器', exact: true }).click();
  await expect(page.getByTestId('ai-message')).toHaveCount(4);

  await page.reload();
  await hydrated(page);
  await expect(page.locator(`[data-testid="ai-conversation"][data-id="${id}"]`)).toContainText('SOT-223 稳压器');
  await expect(page.getByTestId('ai-message')).toHaveCount(4);

  // Delete asks first; cancelling keeps it.
  await page.locator(`[data-testid="ai-conversation"][data-id="${id}"]`).getByTestId('ai-delete').click();
  const dialog = page.getByTestId('ai-delete-confirm');
  await expect(dialog).toContainText('SOT-223 稳压器');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(page.locator(`[data-testid="ai-conversation"][data-id="${id}"]`)).toBeVisible();
  await page.locator(`[data-testid="ai-conversation"][data-id="${id}"]`).getByTestId('ai-delete').click();
  await page.getByTestId('ai-delete-confirm').getByRole('button', { name: '删除' }).click();
  await expect(page.locator(`[data-testid="ai-conversation"][data-id="${id}"]`)).toHaveCount(0);
  await expect(page.getByTestId('ai-message')).toHaveCount(0);
  await page.goto(`/aiChat?c=${id}`);
  await hydrated(page);
  await expect(page.getByTestId('ai-load-error')).toBeVisible();
});

test('upload a datasheet, ask about it, and the answer cites its page', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto('/en/aiChat');
  const login = await apiLogin(page.request, uniquePhone('159'));
  await useSession(page, login);
  await hydrated(page);

  // Refused in the page or by the server, said plainly; nothing else changes.
  await page.getByTestId('ai-upload-input').setInputFiles(HTML_NAMED);
  await expect(page.getByTestId('ai-upload-status')).not.toBeEmpty({ timeout: 20_000 });
  await expect(page.getByTestId('ai-upload-status').locator('[data-status="ready"]')).toHaveCount(0);
  await page.getByTestId('ai-upload-input').setInputFiles(IMAGE_ONLY);
  await expect(page.getByTestId('ai-upload-status').locator('[data-status="failed"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('ai-upload-status')).toContainText(/text layer/i);

  await page.getByTestId('ai-upload-input').setInputFiles(DATASHEET);
  await expect(page.getByTestId('ai-upload-status').locator('[data-status="ready"]')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('ai-upload-status')).toContainText(/9 pages/);
  await page.getByTestId('ai-ask-about').click();
  await expect(page.getByTestId('ai-input')).not.toHaveValue('');

  await ask(page, 'What is the maximum input voltage of AMS1117 (page?)');
  const answer = lastAnswer(page);
  const citation = answer.getByTestId('ai-citation').first();
  await expect(citation).toBeVisible();
  await expect(citation).toContainText(/datasheet, page [12]\b/);
  const href = (await citation.getAttribute('href'))!;
  expect(href).toMatch(/#page=[12]$/);
  expect(await citation.getAttribute('target')).toBe('_blank');
  // The citation opens the PDF itself, at that page, in a new tab.
  const [tab] = await Promise.all([context.waitForEvent('page'), citation.click()]);
  await expect(tab).toHaveURL(/#page=[12]$/);
  const pdf = await page.request.get(href.replace(/#.*$/, ''), { headers: { 'X-token': login.token } });
  expect(pdf.headers()['content-type']).toContain('application/pdf');
});

test('the panel beside the viewer uses the design BOM, and the launcher opens it', async ({ page, context }) => {
  const designId = '0b6e2c5a-3f4d-4e8a-9c1b-2d3e4f5a6b7c';
  await page.goto(`/ecadViewer/ai?designId=${designId}`);
  await hydrated(page);
  await expect(page.getByTestId('ai-chat')).toHaveAttribute('data-origin', 'ecad');
  await expect(page.getByTestId('ai-design-note')).toHaveText('问题会使用这个设计的 BOM。');
  await expect(page.getByTestId('site-footer')).toHaveCount(0);

  await page.goto('/en/ecadViewer/ai');
  await hydrated(page);
  await expect(page.getByTestId('ai-design-note')).toHaveCount(0);
  await expect(page.getByTestId('ai-catalogue-only')).toBeVisible();
  await ask(page, 'LDO 3.3V 1A SOT-223');
  await expect(lastAnswer(page).getByTestId('ai-part-card').first()).toBeVisible();

  await page.goto(`/ecadViewer/ai/aiIcon?designId=${designId}`);
  const launcher = page.getByTestId('ai-launcher');
  await expect(launcher).toHaveAttribute('target', '_blank');
  await expect(launcher).toHaveAttribute('href', new RegExp(`/ecadViewer/ai\\?(.*&)?designId=${designId}`));
  const [tab] = await Promise.all([context.waitForEvent('page'), launcher.click()]);
  await expect(tab).toHaveURL(new RegExp(`/ecadViewer/ai\\?(.*&)?designId=${designId}`));
  await expect(tab.getByTestId('ai-design-note')).toBeVisible();
});
