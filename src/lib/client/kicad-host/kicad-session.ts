import { parseEnvelope, KicadHostError, KicadSessionError, KicadTimeoutError, type EnvelopeProblem, type KicadCommand, type KicadEnvelope } from './kicad-rpc.ts';

// The page's side of a KiCad WebView session (ADR 0015 §1). KiCad opens the session with
// NEW_SESSION; until then nothing is sent. Requests are numbered, answers matched by response_to;
// OK resolves, ERROR rejects with KicadHostError, PENDING restarts the wait, silence rejects with
// KicadTimeoutError. Nothing here throws into KiCad's call of kiclient.postMessage.

type PostString = { postMessage(text: string): void };
/** What the session reads of the page; tests pass their own object. */
export type KicadWindow = {
  webkit?: { messageHandlers?: { kicad?: PostString } };
  chrome?: { webview?: PostString };
  external?: { invoke?: (text: string) => void };
  kiclient?: { postMessage?: (payload: unknown) => void };
};

export type KicadTransport = { kind: 'webkit' | 'webview2' | 'external'; send(text: string): void };

/** The first of KiCad's three transports the page has (macOS WebKit, Windows WebView2, legacy invoke); null outside KiCad. */
export function kicadTransport(win: KicadWindow | undefined): KicadTransport | null {
  const webkit = win?.webkit?.messageHandlers?.kicad;
  if (webkit && typeof webkit.postMessage === 'function') return { kind: 'webkit', send: (t) => webkit.postMessage(t) };
  const webview = win?.chrome?.webview;
  if (webview && typeof webview.postMessage === 'function') return { kind: 'webview2', send: (t) => webview.postMessage(t) };
  const external = win?.external;
  if (external && typeof external.invoke === 'function') return { kind: 'external', send: (t) => external.invoke!(t) };
  return null;
}

export type SessionProblem = EnvelopeProblem | { kind: 'unknownResponse' | 'noSession' | 'sendFailed'; detail: string };
export type SessionState = { state: 'none' | 'open'; sessionId: number | string | null; kicadVersion: string };

export type KicadSession = {
  readonly state: 'none' | 'open';
  readonly sessionId: number | string | null;
  readonly transport: KicadTransport | null;
  request(command: KicadCommand, parameters?: Record<string, unknown>, data?: string): Promise<KicadEnvelope>;
  subscribe(listener: (state: SessionState) => void): () => void;
  onProblem(listener: (problem: SessionProblem) => void): () => void;
  /** Restores the earlier kiclient.postMessage (tests). */
  dispose(): void;
};

export type KicadSessionOptions = {
  /** How long an answer may take; PENDING restarts it. */
  timeoutMs?: number;
  serverVersion?: string;
  /** Where KiCad's own version goes ($kicadVersion in the page). */
  onKicadVersion?: (version: string) => void;
};

export const KICAD_TIMEOUT_MS = 4000;
const VERSION = /^\d+(\.\d+){0,3}$/;

type Pending = { command: KicadCommand; resolve(e: KicadEnvelope): void; reject(e: Error): void; timer: ReturnType<typeof setTimeout> | undefined };

/** KiCad's version from a GET_KICAD_VERSION answer: parameters.version (or kicad_version), else ''. */
export function versionFromAnswer(answer: KicadEnvelope): string {
  const p = answer.parameters ?? {};
  const v = p['version'] ?? p['kicad_version'];
  return typeof v === 'string' && VERSION.test(v.trim()) ? v.trim() : '';
}

export function createKicadSession(win: KicadWindow, options: KicadSessionOptions = {}): KicadSession {
  const timeoutMs = options.timeoutMs ?? KICAD_TIMEOUT_MS;
  const transport = kicadTransport(win);
  const pending = new Map<number, Pending>();
  const listeners = new Set<(s: SessionState) => void>();
  const problemListeners = new Set<(p: SessionProblem) => void>();
  let sessionId: number | string | null = null;
  let nextId = 0;
  let kicadVersion = '';

  const report = (p: SessionProblem) => problemListeners.forEach((l) => l(p));
  const announce = () => {
    const s: SessionState = { state: sessionId === null ? 'none' : 'open', sessionId, kicadVersion };
    listeners.forEach((l) => l(s));
  };

  type Outgoing = Omit<KicadEnvelope, 'version' | 'session_id' | 'message_id'>;
  /** Sends with the next message id; `before` runs first, so an answer given during send() finds its request. */
  function send(envelope: Outgoing, before?: (id: number) => void): number {
    if (sessionId === null || !transport) throw new KicadSessionError('no KiCad session');
    const id = ++nextId;
    before?.(id);
    transport.send(JSON.stringify({ version: 1, session_id: sessionId, message_id: id, ...envelope }));
    return id;
  }

  function rejectAll(reason: string): void {
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      pending.delete(id);
      p.reject(new KicadSessionError(reason));
    }
  }

  function arm(id: number, p: Pending): void {
    clearTimeout(p.timer);
    p.timer = setTimeout(() => {
      pending.delete(id);
      p.reject(new KicadTimeoutError(p.command));
    }, timeoutMs);
  }

  function openSession(e: KicadEnvelope): void {
    rejectAll('KiCad opened a new session');
    sessionId = e.session_id;
    nextId = e.message_id;
    try {
      send({ response_to: e.message_id, command: 'NEW_SESSION', status: 'OK', parameters: { server_name: 'Chipedia', server_version: options.serverVersion ?? '1' } });
    } catch (error) {
      report({ kind: 'sendFailed', detail: String(error) });
    }
    announce();
    session.request('GET_KICAD_VERSION').then(
      (answer) => {
        const v = versionFromAnswer(answer);
        if (!v) return;
        kicadVersion = v;
        options.onKicadVersion?.(v);
        announce();
      },
      () => {
        /* an older KiCad without the command keeps the version the page already had */
      },
    );
  }

  function receive(raw: unknown): void {
    const parsed = parseEnvelope(raw);
    if (!parsed.ok) return report(parsed.problem);
    const e = parsed.envelope;
    if (e.command === 'NEW_SESSION' && (e.response_to === undefined || e.response_to === null)) return openSession(e);
    if (sessionId === null) return report({ kind: 'noSession', detail: `${e.command} before NEW_SESSION` });
    if (e.response_to === undefined || e.response_to === null) {
      // KiCad's own requests: PING is answered, the rest need nothing from a selector page.
      if (e.command === 'PING') send({ response_to: e.message_id, command: 'PONG', status: 'OK', parameters: {} });
      return;
    }
    const p = pending.get(e.response_to);
    if (!p) return report({ kind: 'unknownResponse', detail: `response_to ${e.response_to} (${e.command})` });
    if (e.status === 'PENDING') return arm(e.response_to, p);
    clearTimeout(p.timer);
    pending.delete(e.response_to);
    if (e.status === 'ERROR') p.reject(new KicadHostError(String(e.error_code ?? 'ERROR'), e.error_message ?? ''));
    else p.resolve(e);
  }

  // Keep a kiclient.postMessage someone installed before us: KiCad's messages reach both.
  const earlier = win.kiclient?.postMessage;
  const kiclient = win.kiclient ?? {};
  kiclient.postMessage = (payload: unknown) => {
    try {
      receive(payload);
    } catch (error) {
      report({ kind: 'malformed', detail: String(error) });
    }
    if (earlier) {
      try {
        earlier.call(kiclient, payload);
      } catch {
        /* the earlier handler's failure is its own */
      }
    }
  };
  win.kiclient = kiclient;

  const session: KicadSession = {
    get state() {
      return sessionId === null ? 'none' : 'open';
    },
    get sessionId() {
      return sessionId;
    },
    transport,
    request(command, parameters = {}, data) {
      return new Promise<KicadEnvelope>((resolve, reject) => {
        let sentId = -1;
        try {
          send({ command, parameters, ...(data === undefined ? {} : { data }) }, (id) => {
            sentId = id;
            const p: Pending = { command, resolve, reject, timer: undefined };
            pending.set(id, p);
            arm(id, p);
          });
        } catch (error) {
          const p = pending.get(sentId);
          if (p) {
            clearTimeout(p.timer);
            pending.delete(sentId);
          }
          reject(error instanceof Error ? error : new KicadSessionError(String(error)));
        }
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      listener({ state: session.state, sessionId, kicadVersion });
      return () => listeners.delete(listener);
    },
    onProblem(listener) {
      problemListeners.add(listener);
      return () => problemListeners.delete(listener);
    },
    dispose() {
      rejectAll('session closed');
      if (earlier) kiclient.postMessage = earlier;
      else delete kiclient.postMessage;
    },
  };
  return session;
}
