import { expect, test, type Page } from '@playwright/test';
import { hydrated, inboxCode, masked, uniquePhone } from './login-helpers.ts';

// Issue #10 line 4: keyboard and screen-reader users log in by SMS without dragging the slider.
// Inside the slider sits a real button that starts a proof of work (src/lib/sso/README.md "Proof of
// work"); its ticket is the slider's. Everything here is done with the keyboard alone: Tab, Enter
// and typing, no mouse and no clicks. The dev inbox is read through the API, as a phone would be.

/** The element with keyboard focus, by its test id ('' when it has none). */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? '');

/** Presses Tab until the element with `testId` has the focus (at most `max` presses). */
async function tabTo(page: Page, testId: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if ((await focused(page)) === testId) return;
    await page.keyboard.press('Tab');
  }
  expect(await focused(page), `Tab never reached ${testId}`).toBe(testId);
}

/** Opens the login dialog from the header with Tab and Enter. */
async function openByKeyboard(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  // The header's catalogue menu comes first: a few hundred links.
  await tabTo(page, 'login-link', 800);
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('login-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('login-phone')).toBeFocused();
  return dialog;
}

test('SMS login with the keyboard alone through the accessible button (zh)', async ({ page }) => {
  test.setTimeout(120_000);
  const phone = uniquePhone('137');
  // The work runs in a module worker from /_astro/, which the page's CSP lets start.
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const dialog = await openByKeyboard(page, '/bom');
  const slider = dialog.getByTestId('login-slider');
  await expect(slider).toHaveAttribute('data-status', 'idle');

  await page.keyboard.type(phone);
  await expect(dialog.getByTestId('login-phone')).toHaveValue(phone);

  // The knob comes first (the slider stays the default), the accessible button right after it.
  await tabTo(page, 'login-slider-knob');
  await page.keyboard.press('Tab');
  const button = dialog.getByTestId('login-pow-start');
  await expect(button).toBeFocused();
  await expect(button).toHaveAccessibleName('无法拖动？使用无障碍验证');
  expect(await button.evaluate((el) => el.tagName)).toBe('BUTTON');
  // The knob tells screen-reader users where the button is.
  await expect(dialog.getByTestId('login-slider-knob')).toHaveAccessibleDescription(/无法拖动？使用无障碍验证/);

  const status = dialog.getByTestId('login-pow-status');
  await expect(status).toHaveAttribute('aria-live', 'polite');
  await page.keyboard.press('Enter');
  // Progress, then success: the slider's own 'ok' state, announced in the live region.
  await expect(slider).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
  await expect(slider).toHaveAttribute('data-pow', 'done');
  await expect(status).toHaveText('无障碍验证通过，请获取短信验证码');
  await expect(dialog.getByTestId('login-slider-track')).toContainText('验证通过');
  await expect(button).toBeFocused(); // the focus stays where the user left it
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  expect(workers.filter((url) => /\/_astro\/pow-worker[-\w]*\.js$/.test(new URL(url).pathname))).toHaveLength(1);
  expect(violations).toEqual([]);
  const took = Number(await slider.getAttribute('data-pow-ms'));
  test.info().annotations.push({ type: 'proof-of-work solve (ms)', description: String(took) });
  expect(took).toBeGreaterThanOrEqual(0);
  expect(took).toBeLessThan(15_000);
  // Enter on the spent button does nothing more.
  await page.keyboard.press('Enter');
  await expect(slider).toHaveAttribute('data-status', 'ok');

  // Get the code: Tab to the button, Enter; the focus goes to the code field.
  await tabTo(page, 'login-get-code');
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('login-code')).toBeFocused();
  await expect(dialog.getByTestId('login-get-code')).toHaveText(/^\d+秒后重发$/);
  const code = await inboxCode(page.request, phone);
  await page.keyboard.type(code);

  // Enter in the code field submits the form; the page reloads signed in.
  const reloaded = page.waitForEvent('load');
  await page.keyboard.press('Enter');
  await reloaded;
  await expect(page.getByTestId('display-name')).toHaveText(masked(phone));
  expect(await page.evaluate(() => localStorage.getItem('userPhone'))).toBe(phone);
});

test('the accessible button speaks English under /en, and its errors follow the SPEC style', async ({ page }) => {
  test.setTimeout(90_000);
  const dialog = await openByKeyboard(page, '/en/bom');
  await tabTo(page, 'login-pow-start');
  const button = dialog.getByTestId('login-pow-start');
  await expect(button).toHaveAccessibleName('Can’t drag? Verify without dragging');
  await expect(button).toHaveText('Can’t drag? Verify without dragging');
  const slider = dialog.getByTestId('login-slider');

  // A solution altered on its way (number + 1) is refused by the server: its number, in English.
  await page.route('**/sso/captcha/pow/verify', async (route) => {
    const body = route.request().postDataJSON() as { number: number };
    await route.continue({ postData: JSON.stringify({ ...body, number: body.number + 1 }) });
  });
  await page.keyboard.press('Enter');
  const message = dialog.getByTestId('login-slider-message');
  await expect(message).toHaveText('Verification failed, error 1103', { timeout: 30_000 });
  await expect(message).toHaveAttribute('role', 'alert');
  await expect(slider).toHaveAttribute('data-status', 'idle');
  await expect(button).toBeFocused();
  await expect(button).not.toHaveAttribute('aria-disabled', 'true');
  await page.unroute('**/sso/captcha/pow/verify');

  // Enter again: a new challenge, solved and accepted.
  await page.keyboard.press('Enter');
  await expect(slider).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
  await expect(dialog.getByTestId('login-pow-status')).toHaveText('Verified without dragging: you can now get the SMS code');
  await expect(dialog.getByTestId('login-slider-track')).toContainText('Verified');
  await expect(message).toHaveCount(0);
});
