import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin, hydrated, uniquePhone, useSession, type SsoLogin } from './login-helpers.ts';

// Proposing an own component to the catalogue and reviewing it (issue #16 item 5) against the real
// server: user A makes a ready own component through the component calls (a real KiCad symbol,
// LM2904 from the KiCad library, on the SOIC-8 footprint with its 3D model), submits it in the
// "submit to the catalogue" dialog of the component editor, and sees it pending on /review; a second
// user is made operator with the operator command `npm run grant -- operator <phone>` (a child
// process), opens /review, sees the previews, and accepts; A sees 'accepted' and the new catalogue
// part's page with its MPN and "contributed by".
//
// The grant command writes the database while the server runs, which PGlite (one process's
// database) cannot allow: run this spec with the e2e server on PostgreSQL, e.g.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/e2e_h5 E2E_PORT=4451 E2E_DATA_DIR=data/e2e-h5 npx playwright test tests/e2e/library-submit.pg.spec.ts (npm test runs it on its own PostgreSQL database)
// (playwright.config.ts passes the environment to the server; the command inherits it too).

const run = promisify(execFile);
const fixture = (path: string) => ({ name: path.split('/').pop()!, mimeType: 'application/octet-stream', buffer: readFileSync(`tests/fixtures/${path}`) });
type Env<T> = { code: number; msg: string; result: T };
type Asset = { id: number; kind: string; ok: boolean; msg?: string };

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const res = await request.post(`/api${path}`, { headers: { 'X-token': token }, data });
  const body = (await res.json()) as Env<T>;
  expect(body.code, body.msg).toBe(200000);
  return body.result;
}

/** A ready own component through the component calls: files uploaded, fields saved, check passed. */
async function readyComponent(request: APIRequestContext, login: SsoLogin): Promise<number> {
  const res = await request.post('/api/chiplet/u/asset/upload/list', {
    headers: { 'X-token': login.token },
    multipart: {
      file: fixture('kicad/sample-symbols.kicad_sym'),
    },
  });
  const sym = ((await res.json()) as Env<{ list: Asset[] }>).result.list[0]!;
  const res2 = await request.post('/api/chiplet/u/asset/upload/list', { headers: { 'X-token': login.token }, multipart: { file: fixture('kicad/SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod') } });
  const fp = ((await res2.json()) as Env<{ list: Asset[] }>).result.list[0]!;
  const res3 = await request.post('/api/chiplet/u/asset/upload/list', { headers: { 'X-token': login.token }, multipart: { file: fixture('wrl/SOIC-8_3.9x4.9mm_P1.27mm.wrl') } });
  const model = ((await res3.json()) as Env<{ list: Asset[] }>).result.list[0]!;
  for (const a of [sym, fp, model]) expect(a.ok, a.msg).toBe(true);
  const saved = await post<{ id: number; status: string; quality: string }>(request, login.token, '/chiplet/u/comp/save', {
    mpn: 'LM2904DR',
    brand: 'Texas Instruments',
    cateId: 20002,
    description: 'Dual Operational Amplifiers, DIP-8/SOIC-8/TSSOP-8/VSSOP-8',
    params: [{ key: 'channels', value: '2' }],
    datasheetUrl: 'http://www.ti.com/lit/ds/symlink/lm358.pdf',
    symbolAssetId: sym.id,
    symbolName: 'LM2904',
    footprintAssetId: fp.id,
    modelAssetId: model.id,
    status: 'ready',
  });
  expect(saved.status).toBe('ready');
  return saved.id;
}

test.describe('submitting own components to the catalogue', () => {
  test.describe.configure({ timeout: 180_000 });

  test('A submits a ready component; an operator granted by the command accepts it; A sees the catalogue part', async ({ page, request, browser }) => {
    expect(process.env.DATABASE_URL, 'this journey needs the e2e server on PostgreSQL (DATABASE_URL): the operator command cannot write a PGlite database a running server holds').toBeTruthy();
    const a = await apiLogin(request, uniquePhone('135'));
    const opPhone = uniquePhone('136');
    const op = await apiLogin(request, opPhone);
    const componentId = await readyComponent(request, a);

    // A submits from the component editor's "submit to the catalogue" dialog.
    await page.goto(`/addSymbolDevice?id=${componentId}`);
    await useSession(page, a);
    await hydrated(page);
    const submit = page.getByTestId('submit-to-catalogue');
    await submit.getByTestId('submission-open').click();
    const dialog = page.getByTestId('submission-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('submission-licence').selectOption('CC-BY-4.0');
    await expect(dialog.getByTestId('submission-send')).toBeDisabled();
    await dialog.getByTestId('submission-confirm').click();
    await dialog.getByTestId('submission-send').click();
    await expect(dialog).toBeHidden();
    await expect(submit.getByTestId('submission-status')).toHaveAttribute('data-status', 'pending');

    // Not an operator: /review says so and lists A's submission, pending.
    await page.goto('/review');
    await hydrated(page);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByTestId('review-operators-only')).toBeVisible();
    const mine = page.getByTestId('my-submission').filter({ hasText: 'LM2904DR' }).first();
    await expect(mine.getByTestId('submission-status')).toHaveAttribute('data-status', 'pending');
    // The operator calls answer 40300 to A.
    const forbidden = await request.post('/api/chiplet/user/review/list', { headers: { 'X-token': a.token }, data: { pageNum: 1 } });
    expect(forbidden.status()).toBe(403);

    // The operator role comes from the operator command only.
    const granted = await run(process.execPath, ['scripts/grant.ts', 'operator', `+86 ${opPhone}`], { env: process.env });
    expect(JSON.parse(granted.stdout.split('\n')[0]!)).toMatchObject({ ok: true, userId: op.userId, role: 'operator' });

    const opContext = await browser.newContext();
    const opPage = await opContext.newPage();
    await opPage.goto('/review');
    await useSession(opPage, op);
    await hydrated(opPage);
    const row = opPage.getByTestId('review-row').filter({ hasText: 'LM2904DR' }).first();
    await expect(row).toBeVisible({ timeout: 15_000 });
    await row.getByTestId('review-open').click();
    const detail = opPage.getByTestId('review-detail');
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('review-symbol')).toBeVisible();
    await expect(detail.getByTestId('review-footprint')).toBeVisible();
    await expect(detail.getByTestId('quality-badge')).toHaveAttribute('data-quality', 'ok');
    await detail.getByTestId('review-accept').click();
    await opPage.getByTestId('review-accept-dialog').getByTestId('review-accept-confirm').click();
    await expect(detail.getByTestId('submission-status')).toHaveAttribute('data-status', 'accepted');
    await expect(detail.getByTestId('review-product-link')).toBeVisible();
    await opContext.close();

    // A sees it accepted and opens the catalogue part.
    await page.reload();
    await hydrated(page);
    const accepted = page.getByTestId('my-submission').filter({ hasText: 'LM2904DR' }).first();
    await expect(accepted.getByTestId('submission-status')).toHaveAttribute('data-status', 'accepted');
    await accepted.getByTestId('submission-product-link').click();
    await expect(page).toHaveURL(/\/productDetail\/LM2904DR_/);
    await expect(page.locator('h1')).toContainText('LM2904DR');
    await expect(page.getByTestId('contributed-by')).toBeVisible();

    // Revoking takes the role back at once.
    await run(process.execPath, ['scripts/grant.ts', 'revoke', opPhone], { env: process.env });
    const after = await request.post('/api/chiplet/user/review/list', { headers: { 'X-token': op.token }, data: { pageNum: 1 } });
    expect(after.status()).toBe(403);
  });
});
