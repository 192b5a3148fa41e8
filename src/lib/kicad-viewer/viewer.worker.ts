/// <reference lib="webworker" />
// The viewer's Web Worker: opens the user's files (project-load.ts), sends the board's scene as
// soon as the board is parsed, analyses the rest (schematic nets, BOM) and builds sheet scenes
// on request, so the page never parses or tessellates on its own thread. Scenes go back packed (packScene: typed arrays transferred, items as one string); the page caches them.
import { buildBoardScene, buildSheetScene, packScene, type Scene } from './scene.ts';
import { loadProject, ProjectLoadError, type LoadedProject } from './project-load.ts';
import { summarise, type Analysis } from './project-summary.ts';
import { paintSheet, analyse, type ProjectAnalysis } from './project-analysis.ts';
import type { ProjectIssue, SceneTarget, WorkerReply, WorkerRequest } from './protocol.ts';
import { bytesNeedCjk, loadCjkGlyphs } from '../kicad/text/stroke-font.ts';

declare const self: DedicatedWorkerGlobalScope;

let project: LoadedProject | null = null;
let analysis: ProjectAnalysis | null = null;
/** The latest open: an older one still loading (it yields between files) must not win. */
let latest = 0;

const post = (reply: WorkerReply, transfer: Transferable[] = []): void => self.postMessage(reply, transfer);

async function open(id: number, files: WorkerRequest & { type: 'open' }): Promise<void> {
  const started = performance.now();
  latest = id;
  project = null;
  analysis = null;
  const superseded = (): void => {
    if (id !== latest) throw new DOMException('superseded', 'AbortError');
  };
  try {
    const p = await loadProject(files.files, {
      onProgress: (progress) => post({ type: 'progress', id, progress }),
      // The board is drawn while the sheets are still being read: its scene goes out at once.
      onBoard: async (early) => {
        superseded();
        if (early.files.some((f) => f.kind === 'board' && bytesNeedCjk(f.bytes))) await loadCjkGlyphs();
        const { packed, transfer } = packScene(buildBoardScene(early.board));
        post({ type: 'board', id, summary: summarise(early, {}, Math.round(performance.now() - started), false), scene: packed }, transfer);
      },
    });
    superseded();
    // Chinese (and other CJK) texts need the on-demand part of KiCad's font before any scene is built.
    if (p.files.some((f) => bytesNeedCjk(f.bytes))) await loadCjkGlyphs();
    post({ type: 'progress', id, progress: { phase: 'analyse', filesDone: p.files.length, filesTotal: p.files.length, bytesDone: 0, bytesTotal: 0 } });
    const a = analyse(p);
    project = p;
    analysis = a;
    const forSummary: Analysis = {};
    if (a.nets) forSummary.nets = a.nets.nets;
    if (a.bom) forSummary.bom = a.bom;
    post({ type: 'opened', id, summary: summarise(p, forSummary, Math.round(performance.now() - started)) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') post({ type: 'failed', id, issues: [] });
    else post({ type: 'failed', id, issues: issuesOf(error) });
  }
}

function issuesOf(error: unknown): ProjectIssue[] {
  if (error instanceof ProjectLoadError) return error.issues;
  // A bug of ours, not the user's file: still a message, with what went wrong.
  console.error(error);
  return [{ key: 'viewer.local.failed', severity: 'error', vars: { reason: error instanceof Error ? error.message.slice(0, 200) : String(error) } }];
}

function buildScene(target: SceneTarget): Scene | null {
  if (!project) return null;
  if (target.kind === 'board') return project.board ? buildBoardScene(project.board) : null;
  const node = project.hierarchy?.sheets.find((s) => s.path === target.path);
  if (!node?.schematic || !project.hierarchy) return null;
  return buildSheetScene((r) => paintSheet(r, project as LoadedProject, analysis, node, target.theme));
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const msg = event.data;
  if (msg.type === 'open') {
    void open(msg.id, msg);
    return;
  }
  try {
    const scene = buildScene(msg.target);
    if (!scene) {
      post({ type: 'failed', id: msg.id, issues: [] });
      return;
    }
    // Packed: the typed arrays move, the items go as one string (a structured clone of 20k item objects cost ~190 ms).
    const { packed, transfer } = packScene(scene);
    post({ type: 'scene', id: msg.id, scene: packed }, transfer);
  } catch (error) {
    post({ type: 'failed', id: msg.id, issues: issuesOf(error) });
  }
};
