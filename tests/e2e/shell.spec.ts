import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './login-helpers.ts';

type Shell = { chipedia: { toast: (m: string, k?: string, d?: number) => void; showLoadingOverlay: () => AbortSignal } };

/** Records the most toasts ever on the page at once (sonner keeps a leaving toast for 200 ms). */
async function watchToastCount(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { maxToasts: number };
    w.maxToasts = 0;
    const count = () => (w.maxToasts = Math.max(w.maxToasts, document.querySelectorAll('[data-testid="toast"]').length));
    new MutationObserver(count).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { maxToasts: number }).maxToasts);
}

test('toasts queue one at a time, drawn by sonner in #toast-region', async ({ page }) => {
  await page.goto('/bom');
  await page.waitForFunction(() => 'chipedia' in window);
  const maxToasts = await watchToastCount(page);
  await page.evaluate(() => {
    const w = window as unknown as Shell;
    w.chipedia.toast('first', 'info', 600);
    w.chipedia.toast('second', 'info', 600);
    w.chipedia.toast('first', 'info', 600); // the same message waiting is not queued twice
  });
  const toasts = page.getByTestId('toast');
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toContainText('first');
  await expect(page.locator('#toast-region [data-sonner-toast]')).toHaveCount(1);
  await expect(toasts).toContainText('second', { timeout: 2000 });
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toHaveCount(0, { timeout: 2000 });
  await page.waitForTimeout(1000);
  await expect(toasts).toHaveCount(0);
  expect(await maxToasts()).toBe(1);
});

test('default toast lasts 3000 ms', async ({ page }) => {
  await page.goto('/bom');
  await page.waitForFunction(() => 'chipedia' in window);
  await page.evaluate(() => (window as unknown as Shell).chipedia.toast('three seconds'));
  await page.waitForTimeout(2500);
  await expect(page.getByTestId('toast')).toHaveCount(1);
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 1500 });
});

test('the close button ends a toast early and the next one follows', async ({ page }) => {
  await page.goto('/bom');
  await page.waitForFunction(() => 'chipedia' in window);
  await page.evaluate(() => {
    const w = window as unknown as Shell;
    w.chipedia.toast('请求失败，请稍后再试', 'error', 10_000);
    w.chipedia.toast('next one', 'success');
  });
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('请求失败，请稍后再试');
  await expect(toast).toHaveAttribute('data-type', 'error');
  await toast.getByRole('button', { name: '关闭提示' }).click();
  await expect(toast).toContainText('next one');
  await expect(toast).toHaveAttribute('data-type', 'success');
});

test('toasts raised before the toaster island hydrates wait for it, then show for their full time', async ({ page }) => {
  // Hold the toaster island's code back: the page shell (and its toast()) runs long before it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/toaster\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/bom');
  await page.waitForFunction(() => 'chipedia' in window);
  await page.evaluate(() => (window as unknown as Shell).chipedia.toast('early bird'));
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  release();
  await expect(page.getByTestId('toast')).toContainText('early bird');
  await page.waitForTimeout(2300);
  await expect(page.getByTestId('toast')).toContainText('early bird');
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 2000 });
});

test('offline and online are tracked with a toast', async ({ page, context }) => {
  await page.goto('/bom');
  await page.waitForFunction(() => 'chipedia' in window);
  await hydrated(page);
  const maxToasts = await watchToastCount(page);
  await context.setOffline(true);
  // The first toast of the page: sonner's code cannot be fetched offline, the island shows it itself.
  await expect(page.getByTestId('toast')).toContainText('网络已断开');
  await expect(page.locator('#toast-region')).toContainText('网络已断开');
  await context.setOffline(false);
  await expect(page.getByTestId('toast')).toContainText('网络已恢复', { timeout: 5000 });
  await expect(page.locator('#toast-region [data-sonner-toast]')).toContainText('网络已恢复');
  expect(page.url()).toMatch(/\/bom$/); // no reload on the way
  expect(await maxToasts()).toBe(1);
});

test('chunk-load failure reloads the page at most once per minute', async ({ page }) => {
  await page.goto('/bom');
  await page.waitForFunction(() => 'chipedia' in window);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })));
  await page.waitForFunction(() => !(window as unknown as { marker?: number }).marker && 'chipedia' in window);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 2));
  await page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })));
  await page.waitForTimeout(800);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(2);
});

test('the loading overlay asks before cancelling, and cancel aborts', async ({ page }) => {
  await page.goto('/bom');
  await page.waitForFunction(() => 'chipedia' in window);
  await page.evaluate(() => {
    const signal = (window as unknown as Shell).chipedia.showLoadingOverlay();
    signal.addEventListener('abort', () => ((window as unknown as { aborted: boolean }).aborted = true));
  });
  const overlay = page.locator('#loading-overlay');
  await expect(overlay).toBeVisible();
  await expect(overlay).toContainText('正在分析您的文件');
  const messages: string[] = [];
  page.once('dialog', (d) => {
    messages.push(d.message());
    void d.dismiss();
  });
  await overlay.getByRole('button', { name: '取消' }).click();
  await expect(overlay).toBeVisible();
  page.once('dialog', (d) => {
    messages.push(d.message());
    void d.accept();
  });
  await overlay.getByRole('button', { name: '取消' }).click();
  await expect(overlay).toBeHidden();
  expect(messages).toEqual(['确定取消上传?', '确定取消上传?']);
  expect(await page.evaluate(() => (window as unknown as { aborted?: boolean }).aborted)).toBe(true);
});

test('mobile redirect: touch and narrower than 1024 on home, detail, viewer page and search', async ({ browser }) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'zh-CN' });
  const page = await phone.newPage();
  await page.goto('/search?name=LM358');
  await expect(page).toHaveURL(/\/m\/search\?name=LM358$/);
  await page.goto('/productDetail/STM32F103C8T6');
  await expect(page).toHaveURL(/\/m\/productDetail\/STM32F103C8T6$/);
  await page.goto('/bom');
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/bom$/);
  await phone.close();

  const desktopTouch = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true, locale: 'zh-CN' });
  const page2 = await desktopTouch.newPage();
  await page2.goto('/search?name=x');
  await page2.waitForTimeout(500);
  await expect(page2).toHaveURL(/\/search\?name=x$/);
  await desktopTouch.close();
});

test('likely next pages are prefetched when the browser is idle', async ({ page }) => {
  await page.goto('/bom');
  await expect(page.locator('link[rel="prefetch"][href="/catalog"]')).toHaveCount(1, { timeout: 4000 });
  await expect(page.locator('link[rel="prefetch"][href="/search"]')).toHaveCount(1);
});
