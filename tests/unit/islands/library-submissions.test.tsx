// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ReviewPage from '../../../src/islands/library/review-page.tsx';
import { SubmitToCatalogue } from '../../../src/islands/library/submission-submit.tsx';
import { seedCategories } from '../../../src/lib/catalog/import/seed-categories.server.ts';
import { setFileStore } from '../../../src/lib/files/file-store.server.ts';
import { LocalFileStore } from '../../../src/lib/files/local-file-store.server.ts';
import { $token } from '../../../src/lib/client/store.ts';
import { labelsWithPrefix } from '../../../src/lib/i18n/i18n.ts';
import { createApp } from '../../../src/lib/server/app.ts';
import { componentSubmissions, userAssets, userComponents, users } from '../../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../../helpers/test-db.ts';
import { makeUser } from '../../helpers/test-user.ts';

// The submission islands (issue #16 item 5) against the real API (fetch routed to createApp() on
// PGlite, or PostgreSQL): the "submit to the catalogue" button and dialog of an own component, and
// the review page for a user (their submissions) and for an operator (queue, previews, reject).

const fixture = (p: string) => new Uint8Array(readFileSync(join(process.cwd(), 'tests/fixtures', p)));
const labels = labelsWithPrefix('en', 'submissions.', 'check.quality.');

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createApp>;
let dir: string;
let store: LocalFileStore;
let alice: { id: number; token: string };
let operator: { id: number; token: string };

async function ownComponent(ownerId: number, status: 'draft' | 'ready'): Promise<number> {
  const put = async (kind: string, format: string, fileName: string, bytes: Uint8Array) => {
    const s = await store.put(bytes, { maxBytes: 1 << 26 });
    const [r] = await database.db.insert(userAssets).values({ ownerId, kind, format, fileName, fileKey: s.key, size: s.size }).returning({ id: userAssets.id });
    return r!.id;
  };
  const sym = await put('symbol', 'kicad_sym', 'sample-symbols.kicad_sym', fixture('kicad/sample-symbols.kicad_sym'));
  const fp = await put('footprint', 'kicad_mod', 'SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod', fixture('kicad/SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod'));
  const [c] = await database.db
    .insert(userComponents)
    .values({
      ownerId,
      mpn: 'LM2904DR',
      brand: 'Texas Instruments',
      cateId: 20002,
      description: 'Dual Operational Amplifiers, DIP-8/SOIC-8/TSSOP-8/VSSOP-8',
      symbolAssetId: sym,
      symbolName: 'LM2904',
      footprintAssetId: fp,
      status,
      quality: status === 'ready' ? 'ok' : 'unchecked',
      check: status === 'ready' ? { quality: 'ok', findings: [], version: 1, ms: 1 } : null,
    })
    .returning({ id: userComponents.id });
  return c!.id;
}

beforeAll(async () => {
  // Radix's checkbox measures itself; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  database = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'chipedia-sub-islands-'));
  store = new LocalFileStore(dir);
  setFileStore(store);
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
  await seedCategories(database);
  alice = await makeUser(database.db, 'isl-alice');
  operator = await makeUser(database.db, 'isl-operator');
  await database.db.update(users).set({ role: 'operator' }).where(eq(users.id, operator.id));
}, 120_000);
afterAll(async () => {
  await database?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  window.history.replaceState(null, '', '/en/review');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const headers = new Headers(init.headers);
      headers.set('cookie', 'locale=en');
      return app.request(url.pathname + url.search, { method: init.method ?? 'GET', headers, body: init.body ?? null });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  $token.set('');
});

describe('SubmitToCatalogue', () => {
  it('is disabled with a hint until the component is ready', async () => {
    $token.set(alice.token);
    const id = await ownComponent(alice.id, 'draft');
    render(<SubmitToCatalogue componentId={id} quality="unchecked" status="draft" locale="en" labels={labels} />);
    const button = await screen.findByRole('button', { name: 'Submit to the catalogue' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByText(labels['submissions.notReadyHint']!)).toBeTruthy();
  });

  it('submits with the chosen licence once the submitter confirms, shows pending, and withdraws', async () => {
    $token.set(alice.token);
    const user = userEvent.setup();
    const id = await ownComponent(alice.id, 'ready');
    render(<SubmitToCatalogue componentId={id} quality="ok" status="ready" locale="en" labels={labels} />);
    const button = await screen.findByRole('button', { name: 'Submit to the catalogue' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Licence'), 'CC0-1.0');
    await user.type(within(dialog).getByLabelText('Note to the reviewer (optional)'), 'From the TI datasheet');
    const send = within(dialog).getByRole('button', { name: 'Submit for review' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(send);
    await waitFor(() => expect(screen.getByTestId('submission-status').getAttribute('data-status')).toBe('pending'));
    const [row] = await database.db.select().from(componentSubmissions).where(eq(componentSubmissions.componentId, id));
    expect(row!.status).toBe('pending');
    expect(row!.snapshot).toMatchObject({ licence: 'CC0-1.0', note: 'From the TI datasheet' });
    expect(screen.queryByRole('button', { name: 'Submit to the catalogue' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.getByTestId('submission-status').getAttribute('data-status')).toBe('withdrawn'));
  });
});

describe('the review page', () => {
  it('asks a logged-out visitor to log in', async () => {
    render(<ReviewPage locale="en" labels={labels} />);
    expect(await screen.findByTestId('review-login-prompt')).toBeTruthy();
  });

  it('shows a user that the queue is for operators, and their own submissions', async () => {
    $token.set(alice.token);
    render(<ReviewPage locale="en" labels={labels} />);
    expect(await screen.findByTestId('review-operators-only')).toBeTruthy();
    const items = await screen.findAllByTestId('my-submission');
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]!.textContent).toContain('LM2904DR');
  });

  it('lets an operator open a pending submission, see both previews, and reject it with a reason the submitter sees', async () => {
    const id = await ownComponent(alice.id, 'ready');
    const submitted = await app.request('/api/chiplet/user/submitComp', {
      method: 'POST',
      headers: { 'x-token': alice.token, 'content-type': 'application/json' },
      body: JSON.stringify({ userCompId: id, licence: 'CC-BY-SA-4.0', confirmLicence: true }),
    });
    const sub = ((await submitted.json()) as { result: { id: number } }).result;
    $token.set(operator.token);
    const user = userEvent.setup();
    render(<ReviewPage locale="en" labels={labels} />);
    const row = (await screen.findAllByTestId('review-row')).find((r) => r.getAttribute('data-id') === String(sub.id))!;
    await user.click(within(row).getByRole('button', { name: /Open/ }));
    const detail = await screen.findByTestId('review-detail');
    await waitFor(() => expect(within(detail).getByTestId('review-symbol').getAttribute('src')).toMatch(/^data:image\/svg\+xml/));
    expect(within(detail).getByTestId('review-footprint').getAttribute('alt')).toBe('Footprint: LM2904DR');
    expect(window.location.search).toBe(`?id=${sub.id}`);
    await user.click(within(detail).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Reject' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Reason'), 'The catalogue already has this part.');
    await user.click(confirm);
    await waitFor(() => expect(within(screen.getByTestId('review-detail')).getByTestId('submission-status').getAttribute('data-status')).toBe('rejected'));
    expect(screen.getByText('The catalogue already has this part.')).toBeTruthy();
    const [r] = await database.db.select().from(componentSubmissions).where(eq(componentSubmissions.id, sub.id));
    expect(r).toMatchObject({ status: 'rejected', reason: 'The catalogue already has this part.', reviewerId: operator.id });
  });
});
