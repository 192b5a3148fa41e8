import { expect, test } from '@playwright/test';
import { apiLogin, hydrated, masked, uniquePhone, useSession } from './login-helpers.ts';

// The personal centre /singleInfo?type=N: logged-out prompt, profile (avatar, nickname, email,
// masked phone), and the four list tabs with their empty states, in zh and en.

// A valid 1×1 PNG.
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test('logged out: every tab prompts to log in, and the prompt opens the login dialog', async ({ page }) => {
  await page.goto('/singleInfo?type=1');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('个人中心');
  await expect(page.getByTestId('account-tabs').getByRole('link', { name: '我的 BOM' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('account-login-prompt')).toContainText('登录后查看个人中心');
  await expect(page.getByTestId('login-link')).toBeEnabled(); // the header opens the dialog on requestLogin()
  await page.getByTestId('account-login-button').click();
  await expect(page.getByTestId('login-dialog')).toBeVisible();

  await page.goto('/en/singleInfo?type=0');
  await expect(page.getByTestId('account-login-prompt')).toContainText('Log in to see your personal centre');
});

test('profile: masked phone, nickname and email editing with validation, avatar upload with the 2 MB check', async ({ page }) => {
  const phone = uniquePhone('134');
  const login = await apiLogin(page.request, phone);
  await page.goto('/singleInfo');
  await useSession(page, login);
  await hydrated(page);
  const profile = page.getByTestId('account-profile');
  await expect(profile).toBeVisible();
  await expect(page.getByTestId('account-tabs').getByRole('link', { name: '个人资料' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('account-phone')).toHaveText(masked(phone));
  // The SMS sign-in of apiLogin is in the login history.
  await expect(page.getByTestId('login-history')).toContainText('短信验证码');
  await expect(profile).toContainText(login.username);

  // Nickname: saved on the server and shown by the header at once.
  await page.getByTestId('account-nickname-edit').click();
  await expect(page.getByTestId('account-nickname-input')).toBeFocused();
  await page.getByTestId('account-nickname-input').fill('芯片工程师');
  await page.getByTestId('account-nickname-save').click();
  await expect(page.getByTestId('account-nickname-value')).toHaveText('芯片工程师');
  await expect(page.getByTestId('display-name')).toHaveText('芯片工程师');

  // Email: checked here first, then saved (lower-cased by the server).
  await page.getByTestId('account-email-edit').click();
  await page.getByTestId('account-email-input').fill('not-an-email');
  await page.getByTestId('account-email-save').click();
  await expect(page.getByTestId('account-email-error')).toHaveText('邮箱格式不正确');
  await expect(page.getByTestId('account-email-input')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('account-email-input').fill('Engineer@Example.com');
  await page.getByTestId('account-email-save').click();
  await expect(page.getByTestId('account-email-value')).toHaveText('engineer@example.com');

  // Avatar: over 2 MB is refused without a request; a PNG is uploaded and shown.
  let uploads = 0;
  page.on('request', (r) => {
    if (r.url().includes('/u/base/uploadImage')) uploads++;
  });
  const input = page.getByTestId('account-avatar-input');
  await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect(page.getByTestId('account-avatar-message')).toHaveText('图片不能超过2MB');
  expect(uploads).toBe(0);
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByTestId('account-avatar-message')).toHaveText('头像已更新');
  expect(uploads).toBe(1);
  await expect(page.getByTestId('account-avatar')).toHaveAttribute('src', new RegExp(`^/api/chiplet/user/avatar/${login.userId}\\?v=`));

  // Everything persists across a reload.
  await page.reload();
  await expect(page.getByTestId('account-nickname-value')).toHaveText('芯片工程师');
  await expect(page.getByTestId('account-email-value')).toHaveText('engineer@example.com');
  await expect(page.getByTestId('account-avatar')).toHaveAttribute('src', /\/api\/chiplet\/user\/avatar\//);
});

test('list tabs 1-5 show designed empty states, in zh and en', async ({ page }) => {
  const login = await apiLogin(page.request, uniquePhone('133'));
  await page.goto('/singleInfo?type=1');
  await useSession(page, login);
  const cases = [
    { type: 1, zh: '您还没有 BOM', en: 'You have no BOMs yet', href: '/bom' },
    { type: 3, zh: '您还没有设计', en: 'You have no designs yet', href: '/sch' },
  ];
  for (const c of cases) {
    await page.goto(`/singleInfo?type=${c.type}`);
    await expect(page.getByTestId('account-empty')).toContainText(c.zh);
    await expect(page.getByTestId('account-empty-action')).toHaveAttribute('href', c.href);
    await expect(page.getByTestId('account-tabs').locator('[aria-current="page"]')).toHaveAttribute('href', `/singleInfo?type=${c.type}`);
    await page.goto(`/en/singleInfo?type=${c.type}`);
    await expect(page.getByTestId('account-empty')).toContainText(c.en);
    await expect(page.getByTestId('account-empty-action')).toHaveAttribute('href', `/en${c.href}`);
  }
  // The personal library's tabs (#16) are their own panels, each with its own empty state.
  const library = [
    { type: 2, testId: 'collect-empty', zh: '这里还没有收藏', en: 'Nothing collected here yet' },
    { type: 4, testId: 'components-empty', zh: '还没有自建元件', en: 'No own components yet' },
    { type: 5, testId: 'blocks-empty', zh: '还没有设计块', en: 'No design blocks yet' },
  ];
  for (const c of library) {
    await page.goto(`/singleInfo?type=${c.type}`);
    await expect(page.getByTestId(c.testId)).toContainText(c.zh);
    await expect(page.getByTestId('account-tabs').locator('[aria-current="page"]')).toHaveAttribute('href', `/singleInfo?type=${c.type}`);
    await page.goto(`/en/singleInfo?type=${c.type}`);
    await expect(page.getByTestId(c.testId)).toContainText(c.en);
  }
  // An unknown type falls back to the profile.
  await page.goto('/singleInfo?type=9');
  await expect(page.getByTestId('account-profile')).toBeVisible();
});
