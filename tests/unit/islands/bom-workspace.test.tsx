// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BomWorkspace from '../../../src/islands/bom/bom-workspace.tsx';
import type { JobView } from '../../../src/lib/jobs/jobs.ts';
import { $bomId } from '../../../src/lib/client/store.ts';
import { BOM_ID, fakeApi, labels, line, ok, summary } from './bom-fake-api.ts';

// /matching: the job's progress in real figures from its event stream (lines done of total), then
// the grid (a lazily loaded chunk) with the matched lines; a remembered BOM without ?bomId=.

Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 720 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });

const JOB_ID = '0b1c2d3e-0000-4000-8000-000000000003';
const job = (state: JobView['state'], done: number, version: number): JobView => ({
  id: JOB_ID,
  kind: 'bom-match',
  state,
  progress: { done, total: 5, phase: 'match', message: null },
  result: null,
  error: null,
  cancelRequested: false,
  version,
  createdAt: '2026-11-24T00:00:00.000Z',
  startedAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
  finishedAt: null,
});
const sse = (j: JobView) => `id: ${j.version}\nevent: progress\ndata: ${JSON.stringify(j)}\n\n`;

beforeEach(() => $bomId.set(''));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BOM workspace', () => {
  it('shows lines done of total while the job runs, then the grid', async () => {
    const lines = Array.from({ length: 5 }, (_, i) => line(i + 1, { status: i === 0 ? 'doubtful' : 'exact' }));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let matched = false;
    fakeApi({
      '/bom/queryMatch': (c) =>
        c.query['pageSize'] === '1' && !matched ? ok({ list: [], total: 5, summary: summary(lines, { state: 'matching', jobId: JOB_ID }) }) : ok({ list: lines, total: 5, summary: summary(lines) }),
      [`/api/jobs/${JOB_ID}/events`]: () =>
        new Response(
          new ReadableStream<Uint8Array>({
            async start(controller) {
              const enc = new TextEncoder();
              controller.enqueue(enc.encode(sse(job('running', 3, 4))));
              await finished;
              matched = true;
              controller.enqueue(enc.encode(sse(job('succeeded', 5, 5))));
              controller.close();
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    });
    render(<BomWorkspace labels={labels} locale="zh" bomId={BOM_ID} />);
    await waitFor(() => expect(screen.getByTestId('bom-progress-text').textContent).toBe('已匹配 3 / 5 行'));
    expect(screen.getByTestId('bom-progress').dataset['total']).toBe('5');
    expect(screen.queryByTestId('bom-grid')).toBeNull();
    finish();
    expect(await screen.findByTestId('bom-grid', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('bom-chip-doubtful').dataset['count']).toBe('1');
    expect($bomId.get()).toBe(BOM_ID); // SPEC §3: the BOM being worked on is remembered
  });

  it('without ?bomId= it opens the remembered BOM; a BOM that is gone is forgotten', async () => {
    const lines = [line(1)];
    $bomId.set(BOM_ID);
    fakeApi({ '/bom/queryMatch': () => ok({ list: lines, total: 1, summary: summary(lines) }) });
    const { unmount } = render(<BomWorkspace labels={labels} locale="zh" bomId="" />);
    expect((await screen.findByTestId('bom-grid-root', {}, { timeout: 5000 })).dataset['bomId']).toBe(BOM_ID);
    unmount();
    fakeApi({ '/bom/queryMatch': () => ({ code: 40400, msg: 'BOM 不存在', result: null }) });
    render(<BomWorkspace labels={labels} locale="zh" bomId="" />);
    expect(await screen.findByTestId('bom-none')).toBeTruthy();
    expect($bomId.get()).toBe('');
  });
});
