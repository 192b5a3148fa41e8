import { atom, map } from 'nanostores';
import type { SceneItem } from '../../lib/kicad-viewer/scene.ts';
import type { PartSummary, ProjectIssue, ProjectSummary } from '../../lib/kicad-viewer/protocol.ts';

// The viewer's state, shared by its panels (and mirrored to embedded panels by viewer-bridge.ts).

export type ViewTab = 'pcb' | 'sch';
export type LayerState = { visible: boolean; color?: string; opacity: number };

export const $summary = atom<ProjectSummary | null>(null);
export const $tab = atom<ViewTab>('pcb');
/** Sheet instance path shown on the schematic tab. */
export const $sheetPath = atom<string | null>(null);
export const $theme = atom<'light' | 'dark'>('light');
export const $flipped = atom(false);
export const $selected = atom<SceneItem | null>(null);
/** The highlighted net, on the board and the schematic alike. */
export const $net = atom<string | null>(null);
export const $layers = map<Record<string, LayerState>>({});
export const $solo = atom<string | null>(null);
export const $issues = atom<ProjectIssue[]>([]);

/** The part a scene item belongs to (by reference). */
export function partOf(summary: ProjectSummary | null, item: SceneItem | null): PartSummary | undefined {
  const ref = item?.meta['data-ref'];
  return ref ? summary?.parts.find((p) => p.ref === ref) : undefined;
}

export function resetView(): void {
  $selected.set(null);
  $net.set(null);
  $layers.set({});
  $solo.set(null);
  $sheetPath.set(null);
}
