/**
 * A simulated KiCad host for Playwright: pass `kicadHostSim` to `page.addInitScript` with options.
 *
 *   await page.addInitScript(kicadHostSim, { version: '9.0.5', dl: 'OK' } satisfies KicadSimOptions);
 *
 * It plays KiCad's side of the WebView protocol (../../shared/notes/kicad-host.md, ADR 0015 §1):
 * provides the chosen transport, waits until the page has installed `window.kiclient.postMessage`,
 * opens the session with NEW_SESSION, answers the page's requests, and records everything.
 *
 * Options (all optional):
 * - `transport`: 'webview2' (default: `window.chrome.webview.postMessage`), 'webkit'
 *   (`window.webkit.messageHandlers.kicad.postMessage`) or 'external' (`window.external.invoke`).
 * - `version`: what GET_KICAD_VERSION answers (default '9.0.6'); null answers ERROR.
 * - `dl`: how DL_* requests are answered: 'OK' (default), 'ERROR' (with `errorCode` /
 *   `errorMessage`), 'never' (no answer: the page's timeout), or 'pending' (PENDING, then OK after
 *   `pendingMs`).
 * - `errorCode`, `errorMessage`: of an ERROR answer (defaults 'PLACE_FAILED', 'No schematic open').
 * - `pendingMs`: delay before the OK that follows PENDING (default 500).
 * - `autoOpen`: send NEW_SESSION by itself (default true); else call `window.__kicadSim.open()`.
 * - `openDelayMs`: wait this long after kiclient appears before NEW_SESSION (default 50).
 * - `sessionId`, `startMessageId`: of the NEW_SESSION (defaults 'sim-session', 1000).
 *
 * In the page, `window.__kicadSim` holds:
 * - `received`: every envelope the page sent, parsed (`{ version, session_id, message_id, command, … }`);
 * - `sent`: every message the sim delivered to the page (objects, or raw strings given to `deliver`);
 * - `open()`: send NEW_SESSION now; `deliver(raw)`: hand the page anything (a string or object),
 *   e.g. a malformed envelope.
 * Tests read them with `page.evaluate(() => window.__kicadSim.received)`.
 */
export type KicadSimOptions = {
  transport?: 'webview2' | 'webkit' | 'external';
  version?: string | null;
  dl?: 'OK' | 'ERROR' | 'never' | 'pending';
  errorCode?: string;
  errorMessage?: string;
  pendingMs?: number;
  autoOpen?: boolean;
  openDelayMs?: number;
  sessionId?: string;
  startMessageId?: number;
};

export type SimEnvelope = {
  version: number;
  session_id: string | number;
  message_id: number;
  response_to?: number | null;
  command: string;
  status?: string | null;
  error_code?: string | null;
  error_message?: string | null;
  parameters?: Record<string, unknown> | null;
  data?: string | null;
};

export type KicadSimState = {
  received: SimEnvelope[];
  sent: unknown[];
  open(): void;
  deliver(raw: unknown): void;
};

/** The init script itself: self-contained (Playwright serialises it into the page). */
export function kicadHostSim(options: KicadSimOptions = {}): void {
  const o = {
    transport: 'webview2',
    version: '9.0.6' as string | null,
    dl: 'OK',
    errorCode: 'PLACE_FAILED',
    errorMessage: 'No schematic open',
    pendingMs: 500,
    autoOpen: true,
    openDelayMs: 50,
    sessionId: 'sim-session',
    startMessageId: 1000,
    ...options,
  };
  const w = window as unknown as Record<string, unknown> & { kiclient?: { postMessage?: (m: unknown) => void } };
  let nextId = o.startMessageId;
  const state: KicadSimState = {
    received: [],
    sent: [],
    open: () => send({ version: 1, session_id: o.sessionId, message_id: nextId++, command: 'NEW_SESSION', parameters: { client_name: 'KiCad (simulated)' } }),
    deliver: (raw: unknown) => {
      state.sent.push(raw);
      w.kiclient?.postMessage?.(raw);
    },
  };
  function send(envelope: SimEnvelope): void {
    state.sent.push(envelope);
    // KiCad hands the page a JSON string.
    w.kiclient?.postMessage?.(JSON.stringify(envelope));
  }
  const answer = (to: SimEnvelope, extra: Partial<SimEnvelope>) =>
    setTimeout(() => send({ version: 1, session_id: to.session_id, message_id: nextId++, response_to: to.message_id, command: to.command, status: 'OK', parameters: {}, ...extra }), 10);

  function receive(text: string): void {
    let e: SimEnvelope;
    try {
      e = JSON.parse(text) as SimEnvelope;
    } catch {
      return;
    }
    state.received.push(e);
    if (e.response_to !== undefined && e.response_to !== null) return; // the page answering us
    if (e.command === 'GET_KICAD_VERSION') {
      if (o.version === null) answer(e, { status: 'ERROR', error_code: 'UNSUPPORTED', error_message: 'unknown command' });
      else answer(e, { parameters: { version: o.version } });
    } else if (e.command.startsWith('DL_')) {
      if (o.dl === 'OK') answer(e, { parameters: { placed: true } });
      else if (o.dl === 'ERROR') answer(e, { status: 'ERROR', error_code: o.errorCode, error_message: o.errorMessage });
      else if (o.dl === 'pending') {
        answer(e, { status: 'PENDING' });
        setTimeout(() => answer(e, { parameters: { placed: true } }), o.pendingMs);
      }
    } else if (e.command === 'REMOTE_LOGIN' || e.command === 'PING') {
      answer(e, {});
    }
  }

  const post = { postMessage: (text: string) => receive(text) };
  if (o.transport === 'webkit') w['webkit'] = { messageHandlers: { kicad: post } };
  else if (o.transport === 'external') w['external'] = { invoke: (text: string) => receive(text) };
  else w['chrome'] = { ...((w['chrome'] as object) ?? {}), webview: post };
  w['__kicadSim'] = state;

  if (o.autoOpen) {
    // Like KiCad after the page loaded: open the session once the page listens.
    const started = Date.now();
    const wait = () => {
      if (typeof w.kiclient?.postMessage === 'function') setTimeout(() => state.open(), o.openDelayMs);
      else if (Date.now() - started < 15_000) setTimeout(wait, 25);
    };
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait);
  }
}
