// @vitest-environment jsdom
import { Blob as NodeBlob } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import MyDesigns from '../../../src/islands/designs/my-designs.tsx';
import { designsLabels } from '../../../src/islands/designs/designs-labels.ts';
import type { PickedFile } from '../../../src/islands/viewer/file-pick.tsx';
import { StoredDesignBar } from '../../../src/islands/viewer/stored-design-bar.tsx';
import { $loginRequests } from '../../../src/lib/client/login-request.ts';
import { $token, resetUserInfo } from '../../../src/lib/client/store.ts';
import { designAnalysesSettled, queueDesignAnalysis } from '../../../src/lib/designs/design-analysis.server.ts';
import { getDesign } from '../../../src/lib/designs/designs.server.ts';
import { getFileStore } from '../../../src/lib/files/file-store.server.ts';
import { sharedWorkerPool } from '../../../src/lib/jobs/worker-pool.server.ts';
import { uploadDesign } from '../../../src/lib/viewer/viewer-upload.server.ts';
import type { DesignDetail } from '../../../src/lib/designs/designs.schema.ts';
import { createWorld, type World } from '../../helpers/bom-world.ts';
import { FIXTURES, projectParts } from '../../helpers/design-world.ts';

// The designs islands against the real API: fetch is routed to createApp() on PGlite with real
// stored designs (the glasgow fixture), so what the islands show is what the server answered.

const GLASGOW = join(FIXTURES, 'glasgow-revc');
const labels = designsLabels('zh');
let w: World;
let pub: DesignDetail;
let priv: DesignDetail;

/**
 * Stores a fixture project the way POST /api/design/user does (uploadDesign, then the analysis
 * queue): jsdom's FormData and Blob replace Node's here, and the multipart parser refuses them.
 */
async function store(title: string, visibility: 'public' | 'private'): Promise<DesignDetail> {
  const stored = await uploadDesign(w.database.db, getFileStore(), sharedWorkerPool(), {
    uploads: projectParts(GLASGOW).map((p) => ({ name: p.name, blob: new NodeBlob([p.bytes as Uint8Array<ArrayBuffer>]) as unknown as Blob })),
    ownerId: w.alice.id,
    locale: 'zh',
    fields: { title, visibility, licence: 'Apache-2.0', ...(visibility === 'public' ? { publishedAt: new Date() } : {}) },
  });
  queueDesignAnalysis(w.database.db, stored.designId);
  await designAnalysesSettled();
  return getDesign(w.database.db, stored.designId, { userId: w.alice.id, locale: 'zh' });
}

beforeAll(async () => {
  w = await createWorld();
  pub = await store('Glasgow public', 'public');
  priv = await store('Glasgow private', 'private');
  await designAnalysesSettled();
}, 120_000);
afterAll(async () => {
  // Uploads queue a background analysis: let it finish before the database closes under it.
  await designAnalysesSettled();
  await w?.close();
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const headers = new Headers(init.headers);
      headers.set('cookie', 'locale=zh');
      return w.app.request(url.pathname + url.search, { method: init.method ?? 'GET', headers, body: init.body ?? null });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetUserInfo();
});

function bar(designId: string) {
  const onFiles = vi.fn<(files: PickedFile[]) => void>();
  render(<StoredDesignBar designId={designId} labels={labels} galleryHref="/ecadViewer" onFiles={onFiles} />);
  return onFiles;
}

describe('StoredDesignBar (the viewer on ?designId=)', () => {
  it("hands the stored files to the viewer, counts one visit, and toggles the caller's like", async () => {
    $token.set(w.bob.token);
    const onFiles = bar(pub.id);
    expect((await screen.findByTestId('design-title')).textContent).toBe('Glasgow public');
    await waitFor(() => expect(onFiles).toHaveBeenCalledTimes(1));
    const files = onFiles.mock.calls[0]![0];
    expect(files.map((f) => f.path).sort()).toEqual(pub.files.filter((f) => f.kind !== 'document').map((f) => f.name).sort());
    const pcb = files.find((f) => f.path.endsWith('glasgow.kicad_pcb'))!;
    expect(new Uint8Array(await pcb.file.arrayBuffer())).toEqual(new Uint8Array(readFileSync(join(GLASGOW, 'glasgow.kicad_pcb'))));
    await waitFor(() => expect(screen.getByTestId('design-visits').dataset['count']).toBe('1'));
    expect(screen.getByText('许可证：Apache-2.0')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByTestId('design-like'));
    await waitFor(() => expect(screen.getByTestId('design-likes').dataset['count']).toBe('1'));
    expect(screen.getByTestId('design-like').getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByTestId('design-like'));
    await waitFor(() => expect(screen.getByTestId('design-likes').dataset['count']).toBe('0'));

    // The same visitor again the same day: no second visit.
    cleanup();
    bar(pub.id);
    await screen.findByTestId('design-title');
    await new Promise((r) => setTimeout(r, 50));
    await waitFor(() => expect(screen.getByTestId('design-visits').dataset['count']).toBe('1'));
  });

  it('asks a logged-out visitor to log in before liking', async () => {
    const before = $loginRequests.get();
    bar(pub.id);
    await screen.findByTestId('design-title');
    await userEvent.setup().click(screen.getByTestId('design-like'));
    expect($loginRequests.get()).toBe(before + 1);
    expect(screen.getByTestId('design-likes').dataset['count']).toBe('0');
  });

  it("says 'not found' for someone else's private design, an unknown id and a malformed id, and opens nothing", async () => {
    for (const id of [priv.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      $token.set(w.bob.token);
      const onFiles = bar(id);
      const problem = await screen.findByTestId('design-problem');
      expect(problem.dataset['notFound']).toBe('true');
      expect(problem.textContent).toContain(labels.notFound);
      expect(onFiles).not.toHaveBeenCalled();
      cleanup();
    }
    // Its owner opens it.
    $token.set(w.alice.token);
    bar(priv.id);
    expect((await screen.findByTestId('design-title')).textContent).toBe('Glasgow private');
  });
});

describe('MyDesigns (/ecadViewer/indexBK)', () => {
  it("lists the owner's designs with their state, and publishes one through the edit dialog", async () => {
    $token.set(w.alice.token);
    render(<MyDesigns labels={labels} locale="zh" />);
    const row = await screen.findByText('Glasgow private');
    const article = row.closest('article')!;
    const state = within(article).getByTestId('design-row-state');
    expect(state.dataset['visibility']).toBe('private');
    expect(state.dataset['analysis']).toBe('ok');

    const user = userEvent.setup();
    await user.click(within(article).getByTestId('design-edit'));
    const dialog = await screen.findByTestId('design-edit-dialog');
    await user.selectOptions(within(dialog).getByTestId('design-field-visibility'), 'public');
    await user.clear(within(dialog).getByTestId('design-field-tags'));
    await user.type(within(dialog).getByTestId('design-field-tags'), 'FPGA, usb');
    await user.click(within(dialog).getByTestId('design-edit-save'));
    await waitFor(() => expect(screen.queryByTestId('design-edit-dialog')).toBeNull());
    await waitFor(() => expect(within(screen.getByText('Glasgow private').closest('article')!).getByTestId('design-row-state').dataset['visibility']).toBe('public'));
    const res = await w.app.request(`/api/design/detail?id=${priv.id}`);
    const body = (await res.json()) as { result: DesignDetail };
    expect(body.result.visibility).toBe('public');
    expect(body.result.tags).toEqual(['fpga', 'usb']);
  });

  it('asks for login when logged out', async () => {
    render(<MyDesigns labels={labels} locale="zh" />);
    expect(screen.getByTestId('my-designs-login').textContent).toContain(labels.mineLogin);
  });
});
