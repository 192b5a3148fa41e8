// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aiLabels } from '../../../src/components/ai/labels.ts';
import AiChat from '../../../src/islands/ai/ai-chat.tsx';
import { designOf, designSummary, openChannel, type BridgeMessage } from '../../../src/islands/viewer/viewer-bridge.ts';
import { DESIGN_LIMITS } from '../../../src/lib/ai/design-context.ts';
import type { ProjectSummary } from '../../../src/lib/kicad-viewer/protocol.ts';
import { createApp } from '../../../src/lib/server/app.ts';
import { createTestDatabase } from '../../helpers/test-db.ts';

// The assistant's panel beside the viewer (issue #15 item 5) with a design read in the browser:
// a viewer on the same-origin bridge (a real BroadcastChannel) announces its design, the panel
// shows which design its questions use and sends it with the turn; the turn goes to the real
// chat endpoint (fetch routed to createApp() on PGlite, or PostgreSQL), retrieval mode.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createApp>;
let requests: { path: string; body: unknown }[];

/** What the viewer's worker reports for a small project (only the fields the summary reads matter). */
const project = (over: Partial<ProjectSummary> = {}): ProjectSummary => ({
  name: 'Sensor board',
  files: [],
  root: null,
  board: { fileName: 'sensor.kicad_pcb', layers: [], stats: { footprints: 6, pads: 20, vias: 4, tracks: 80, nets: 9, copperLayers: 2, zones: 1, widthMm: 40, heightMm: 25 } },
  schematicStats: { sheets: 1, symbols: 6 },
  parts: [],
  nets: [],
  bom: [
    { refs: ['R1', 'R2'], value: '10k', footprint: 'Resistor_SMD:R_0603_1608Metric', quantity: 2, dnp: false },
    { refs: ['R3'], value: '1k\nsecond line', footprint: 'Resistor_SMD:R_0603_1608Metric', quantity: 1, dnp: false },
    { refs: ['Q1'], value: 'AO3400A', footprint: 'Package_TO_SOT_SMD:SOT-23', quantity: 1, mpn: 'AO3400A', manufacturer: 'AOS', dnp: false },
  ],
  issues: [],
  ms: 10,
  complete: true,
  ...over,
});

/** A viewer page on the bridge: answers a panel's request with its design, as viewer-app.tsx does. */
function startViewer(summary: () => ProjectSummary | null, matched: Record<number, string> = {}) {
  const channel = openChannel((m: BridgeMessage) => {
    if (m.type === 'design-request') announce();
  });
  const announce = () => {
    const s = summary();
    const d = s ? designSummary(s, matched) : null;
    channel.post({ type: 'design', design: d?.design ?? null, omitted: d?.omitted ?? 0 });
  };
  return { announce, close: channel.close };
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

beforeEach(() => {
  requests = [];
  sessionStorage.clear();
  window.history.replaceState(null, '', '/en/ecadViewer/ai');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push({ path: url.pathname + url.search, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
      return app.request(url.pathname + url.search, { method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body ?? null, ...(init.signal ? { signal: init.signal } : {}) });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the viewer bridge: the open design for the assistant', () => {
  it('summarises the project: title, statistics under the stored names, BOM lines with matched codes, texts on one line', () => {
    const { design, omitted } = designSummary(project(), { 2: 'AO3400A_aos' });
    expect(omitted).toBe(0);
    expect(design.title).toBe('Sensor board');
    expect(design.stats).toMatchObject({ sheets: 1, symbols: 6, footprints: 6, copperLayers: 2, boardWidthMm: 40, boardHeightMm: 25 });
    expect(design.bom[1]).toEqual({ refs: ['R3'], value: '1k second line', footprint: 'Resistor_SMD:R_0603_1608Metric', mpn: null, manufacturer: null, quantity: 1, mfgMpnCode: null });
    expect(design.bom[2]).toMatchObject({ mpn: 'AO3400A', manufacturer: 'AOS', mfgMpnCode: 'AO3400A_aos' });
  });

  it('bounds it: at most 2,000 lines, long texts cut, the byte budget kept by leaving whole lines out', () => {
    const many = project({ bom: Array.from({ length: 2500 }, (_, i) => ({ refs: [`R${i}`], value: 'v'.repeat(500), footprint: 'f'.repeat(500), quantity: 1, dnp: false })) });
    const { design, omitted } = designSummary(many);
    expect(design.bom.length).toBeLessThanOrEqual(DESIGN_LIMITS.lines);
    expect(design.bom[0]!.value).toHaveLength(DESIGN_LIMITS.value);
    expect(new TextEncoder().encode(JSON.stringify(design)).length).toBeLessThanOrEqual(DESIGN_LIMITS.bytes);
    expect(omitted).toBe(2500 - design.bom.length);
    expect(omitted).toBeGreaterThan(500);
  });

  it("a panel ignores messages that are not a design, and takes a closed viewer's null", () => {
    expect(designOf({ type: 'state' })).toBeUndefined();
    expect(designOf({ type: 'design', design: { title: 1 } })).toBeUndefined();
    expect(designOf({ type: 'design', design: null })).toEqual({ design: null, omitted: 0 });
  });
});

describe(`the assistant panel follows the viewer's open design (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('shows the design, sends it with the question, answers from it; a closed viewer leaves the catalogue', async () => {
    let open: ProjectSummary | null = project();
    const viewer = startViewer(() => open, { 2: 'AO3400A_aos' });
    try {
      const user = userEvent.setup();
      render(<AiChat locale="en" labels={aiLabels('en')} origin="ecad" compact />);
      // Before the viewer answers (or without one) the panel says it uses the catalogue.
      expect(screen.getByTestId('ai-catalogue-only').textContent).toBe('Questions are answered from the component catalogue.');
      await waitFor(() => expect(screen.getByTestId('ai-design-note').textContent).toBe('Questions use the design open in the viewer, “Sensor board” (3 BOM lines).'));
      expect(screen.getByTestId('ai-design-note').dataset['design']).toBe('open');

      await user.type(screen.getByLabelText('Your question'), 'How many resistors are on this board?{Enter}');
      await waitFor(() => expect(screen.getByTestId('ai-chat').dataset['status']).toBe('ready'), { timeout: 15_000 });
      const sent = requests.find((r) => r.path === '/api/chiplet/ai/chat')!.body as { origin: string; designId?: string; design?: { title: string; bom: Array<{ refs: string[]; mfgMpnCode: string | null }> } };
      expect(sent.origin).toBe('ecad');
      expect(sent.designId).toBeUndefined();
      expect(sent.design?.title).toBe('Sensor board');
      expect(sent.design?.bom.map((l) => l.refs.join(','))).toEqual(['R1,R2', 'R3', 'Q1']);
      expect(sent.design?.bom[2]?.mfgMpnCode).toBe('AO3400A_aos');
      await waitFor(() => expect(screen.getByTestId('ai-messages').textContent).toContain('Design "Sensor board" has 3 '));

      // The viewer closes its project: the panel goes back to the catalogue and sends no design.
      open = null;
      viewer.announce();
      await waitFor(() => expect(screen.queryByTestId('ai-design-note')).toBeNull());
      expect(screen.getByTestId('ai-catalogue-only')).toBeTruthy();
      requests = [];
      await user.type(screen.getByLabelText('Your question'), 'AO3400A{Enter}');
      await waitFor(() => expect(requests.some((r) => r.path === '/api/chiplet/ai/chat')).toBe(true));
      await waitFor(() => expect(screen.getByTestId('ai-chat').dataset['status']).toBe('ready'), { timeout: 15_000 });
      expect(requests.find((r) => r.path === '/api/chiplet/ai/chat')!.body).not.toHaveProperty('design');
    } finally {
      viewer.close();
    }
  });

  it('a stored design (?designId=) wins: the panel neither listens nor sends the open one', async () => {
    const viewer = startViewer(() => project());
    try {
      render(<AiChat locale="zh" labels={aiLabels('zh')} origin="ecad" designId="00000000-0000-4000-8000-000000000001" compact />);
      viewer.announce();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(screen.getByTestId('ai-design-note').dataset['design']).toBe('stored');
      expect(screen.getByTestId('ai-design-note').textContent).toBe('问题会使用这个设计的 BOM。');
    } finally {
      viewer.close();
    }
  });
});
