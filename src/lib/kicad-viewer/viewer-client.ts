// The page's side of the viewer worker: one Worker, promise calls, progress, cancel. Cancel
// terminates the worker (a parse in progress cannot be interrupted any other way) and the next
// call starts a fresh one. Scenes are cached here, per project, because the worker hands their
// buffers over (transferred, so it keeps no copy).
import { unpackScene, type Scene } from './scene.ts';
import { fileKindOf, type InputFile, type LoadProgress, type ProjectIssue, type ProjectSummary, type SceneTarget, type WorkerReply, type WorkerRequest } from './protocol.ts';

/** The load failed: the issues say why (message keys, files, lines). */
export class ViewerLoadError extends Error {
  readonly issues: ProjectIssue[];
  constructor(issues: ProjectIssue[]) {
    super(issues[0]?.key ?? 'failed');
    this.name = 'ViewerLoadError';
    this.issues = issues;
  }
}

/** The complete summary after an early one (or why there is none). */
export type OnComplete = (result: ProjectSummary | ViewerLoadError) => void;

type Pending = {
  resolve: (value: ProjectSummary | Scene) => void;
  reject: (error: unknown) => void;
  onProgress?: (p: LoadProgress) => void;
  onComplete?: OnComplete;
  /** The open already resolved with the board's early summary. */
  early?: boolean;
};

export type WorkerFactory = () => Worker;

const defaultWorker: WorkerFactory = () => new Worker(new URL('./viewer.worker.ts', import.meta.url), { type: 'module' });

const sceneKey = (t: SceneTarget): string => (t.kind === 'board' ? 'board' : `sheet:${t.theme}:${t.path}`);

export class ViewerClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private scenes = new Map<string, Promise<Scene>>();
  private readonly factory: WorkerFactory;

  constructor(factory: WorkerFactory = defaultWorker) {
    this.factory = factory;
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const w = this.factory();
    w.onmessage = (e: MessageEvent<WorkerReply>) => this.receive(e.data);
    w.onerror = (e) => {
      e.preventDefault();
      this.failAll(new Error(e.message || 'viewer worker failed'));
      this.worker?.terminate();
      this.worker = null;
    };
    this.worker = w;
    return w;
  }

  private receive(msg: WorkerReply): void {
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.type === 'progress') {
      p.onProgress?.(msg.progress);
      return;
    }
    if (msg.type === 'board') {
      // The open resolves now, with the board's scene cached; the complete summary comes later.
      this.scenes.set(sceneKey({ kind: 'board' }), Promise.resolve(unpackScene(msg.scene)));
      p.early = true;
      p.resolve(msg.summary);
      return;
    }
    this.pending.delete(msg.id);
    if (p.early) p.onComplete?.(msg.type === 'opened' ? msg.summary : new ViewerLoadError(msg.type === 'failed' ? msg.issues : []));
    else if (msg.type === 'opened') p.resolve(msg.summary);
    else if (msg.type === 'scene') p.resolve(unpackScene(msg.scene));
    else p.reject(new ViewerLoadError(msg.issues));
  }

  private call<T extends ProjectSummary | Scene>(req: WorkerRequest, transfer: Transferable[], onProgress?: (p: LoadProgress) => void, onComplete?: OnComplete): Promise<T> {
    const w = this.ensure();
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = { resolve: resolve as (v: ProjectSummary | Scene) => void, reject };
      if (onProgress) entry.onProgress = onProgress;
      if (onComplete) entry.onComplete = onComplete;
      this.pending.set(req.id, entry);
      w.postMessage(req, transfer);
    });
  }

  /**
   * Opens a project from the user's files; their bytes move to the worker (the arrays become empty
   * here). With a single board, it resolves as soon as the board is ready with an early summary
   * (`complete: false`, its scene cached); `onComplete` then gets the complete one.
   */
  open(files: InputFile[], onProgress?: (p: LoadProgress) => void, onComplete?: OnComplete): Promise<ProjectSummary> {
    this.scenes = new Map();
    const transfer = [...new Set(files.map((f) => f.bytes.buffer))].filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
    return this.call<ProjectSummary>({ type: 'open', id: this.nextId++, files }, transfer, onProgress, onComplete);
  }

  /** The board's or one sheet instance's scene, built once per project and theme. */
  scene(target: SceneTarget): Promise<Scene> {
    const key = sceneKey(target);
    let s = this.scenes.get(key);
    if (!s) {
      s = this.call<Scene>({ type: 'scene', id: this.nextId++, target }, []);
      s.catch(() => this.scenes.delete(key));
      this.scenes.set(key, s);
    }
    return s;
  }

  /** Stops whatever the worker is doing: its calls reject with an AbortError and the next call starts a new worker. */
  cancel(): void {
    this.worker?.terminate();
    this.worker = null;
    this.scenes = new Map();
    this.failAll(new DOMException('cancelled', 'AbortError'));
  }

  destroy(): void {
    this.cancel();
  }

  private failAll(error: unknown): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p.reject(error);
  }
}

/** The path a picked or dropped file had inside its folder (webkitdirectory keeps it), else its name. */
export const relativePath = (f: File): string => (f as File & { webkitRelativePath?: string }).webkitRelativePath || f.name;

/** Reads the files the viewer can use (KiCad, legacy KiCad to refuse, zips); others are never read. */
export async function readInputFiles(files: Iterable<{ file: File; path: string }>): Promise<InputFile[]> {
  const wanted = [...files].filter((f) => fileKindOf(f.path) !== null);
  return Promise.all(wanted.map(async (f) => ({ path: f.path, bytes: new Uint8Array(await f.file.arrayBuffer()) })));
}
