// The sheet tree of a KiCad project: from the root schematic, every sheet
// symbol opens its sub-sheet file, once per instance, so a sheet used twice
// appears twice with its own instance path and its own references (U1 in one
// instance, U101 in the other). Files are looked up through a caller-supplied
// function (disk, zip, browser File objects), each parsed once.

import { kicadIssue, type KicadIssue } from './kicad-common.ts';
import type { KicadSchematic, SchematicSymbol, SheetSymbol } from './schematic.ts';

/** A hierarchy problem (`kicad.sch.missingSheet`, `sheetCycle`, `tooManySheets`, `badSheetFile`), at the sheet symbol in its parent file. */
export type HierarchyIssue = KicadIssue;

export interface SheetNode {
  /** Instance path from the root's uuid: "/<root-uuid>" for the root, "/<root-uuid>/<sheet-uuid>/..." below (KiCad 7+ style). */
  path: string;
  /** The same path without the root uuid: "/" for the root, "/<sheet-uuid>/..." (KiCad 6 `symbol_instances` style). */
  localPath: string;
  /** Sheet name ("" for the root). */
  name: string;
  /** Human breadcrumb, e.g. "/ampli_ht_vertical/". */
  namePath: string;
  /** File name as resolved by `resolveSheetFile`. */
  fileName: string;
  /** Page number from sheet_instances or the sheet's instances, when known. */
  page?: string;
  /** Null when the file was missing or part of a cycle. */
  schematic: KicadSchematic | null;
  /** The sheet symbol in the parent that opens this sheet (absent for the root). */
  sheet?: SheetSymbol;
  parent?: SheetNode;
  children: SheetNode[];
}

/** One placed symbol in one sheet instance, with that instance's reference and unit. */
export interface SymbolOccurrence {
  sheet: SheetNode;
  symbol: SchematicSymbol;
  reference: string;
  unit: number;
  value: string;
  footprint: string;
}

export interface SchematicHierarchy {
  root: SheetNode;
  /** Every sheet instance, depth-first in file order (root first). */
  sheets: SheetNode[];
  issues: HierarchyIssue[];
}

export interface HierarchyOptions {
  /** Project name, to choose among KiCad 7+ `(instances (project ...))` entries. */
  project?: string;
  /** Cap on sheet instances (a hostile file could nest shared sheets exponentially). */
  maxSheets?: number;
  /** Maps a sheet file name as written in `parentFile` to the name given to `load`. Default: relative to the root file's folder. */
  resolveSheetFile?: (sheetFile: string, parentFile: string, rootFile: string) => string;
}

export const DEFAULT_MAX_SHEETS = 1000;

/** Folder part of a '/'-separated path ('' when none). */
function dirOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i + 1);
}

/** Joins and normalises a relative POSIX path ('.', '..', backslashes from Windows projects). */
export function joinSheetPath(dir: string, file: string): string {
  const f = file.replace(/\\/g, '/');
  const full = f.startsWith('/') ? f : dir + f;
  const out: string[] = [];
  for (const part of full.split('/')) {
    if (part === '.' || (part === '' && out.length > 0)) continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '..' && out[out.length - 1] !== '') out.pop();
    else out.push(part);
  }
  return out.join('/');
}

/** KiCad stores sub-sheet file names relative to the project (root schematic) folder. */
export function defaultResolveSheetFile(sheetFile: string, _parentFile: string, rootFile: string): string {
  return joinSheetPath(dirOf(rootFile), sheetFile);
}

/**
 * Builds the sheet tree from the root schematic. `load(fileName)` returns the
 * parsed sheet or null when the file does not exist; each file is loaded once.
 * Missing files, cycles and runaway nesting become issues, never exceptions.
 */
export function buildSheetHierarchy(
  rootFile: string,
  root: KicadSchematic,
  load: (fileName: string) => KicadSchematic | null,
  opts: HierarchyOptions = {},
): SchematicHierarchy {
  const maxSheets = opts.maxSheets ?? DEFAULT_MAX_SHEETS;
  const resolve = opts.resolveSheetFile ?? defaultResolveSheetFile;
  const cache = new Map<string, KicadSchematic | null>([[rootFile, root]]);
  const loadOnce = (f: string): KicadSchematic | null => {
    if (!cache.has(f)) cache.set(f, load(f));
    return cache.get(f) ?? null;
  };
  const rootPath = `/${root.uuid}`;
  const rootNode: SheetNode = { path: rootPath, localPath: '/', name: '', namePath: '/', fileName: rootFile, schematic: root, children: [] };
  const rootPage = root.sheetInstances.find((s) => s.path === '/')?.page;
  if (rootPage !== undefined) rootNode.page = rootPage;
  const result: SchematicHierarchy = { root: rootNode, sheets: [rootNode], issues: [] };
  // KiCad 6 keeps every sheet's page number in the root's sheet_instances, keyed by local path.
  const pagesByLocalPath = new Map(root.sheetInstances.map((s) => [s.path, s.page]));
  let stopped = false;

  // Explicit stack (depth-first, file order) so deep nesting cannot overflow the call stack.
  const stack: SheetNode[] = [rootNode];
  while (stack.length > 0) {
    const node = stack.pop() as SheetNode;
    const sch = node.schematic;
    if (!sch) continue;
    const kids: SheetNode[] = [];
    for (const sheet of sch.sheets) {
      if (result.sheets.length >= maxSheets) {
        if (!stopped) {
          stopped = true;
          result.issues.push(kicadIssue('kicad.sch.tooManySheets', node.fileName, sheet.line, `more than ${maxSheets} sheet instances`, { max: maxSheets }));
        }
        break;
      }
      const vars = { sheet: sheet.name, target: sheet.fileName };
      if (sheet.fileName.trim() === '') {
        result.issues.push(kicadIssue('kicad.sch.badSheetFile', node.fileName, sheet.line, 'sheet without a file name', vars));
        continue;
      }
      const fileName = resolve(sheet.fileName, node.fileName, rootFile);
      const child: SheetNode = {
        path: `${node.path}/${sheet.uuid}`,
        localPath: `${node.localPath === '/' ? '' : node.localPath}/${sheet.uuid}`,
        name: sheet.name,
        namePath: `${node.namePath}${sheet.name}/`,
        fileName,
        schematic: null,
        sheet,
        parent: node,
        children: [],
      };
      const page = pagesByLocalPath.get(child.localPath) ?? sheetPage(sheet, node.path, opts.project);
      if (page !== undefined) child.page = page;
      kids.push(child);
      result.sheets.push(child);
      if (isAncestorFile(node, fileName)) {
        result.issues.push(kicadIssue('kicad.sch.sheetCycle', node.fileName, sheet.line, `${fileName} includes itself`, vars));
        continue;
      }
      const sub = loadOnce(fileName);
      if (!sub) {
        result.issues.push(kicadIssue('kicad.sch.missingSheet', node.fileName, sheet.line, `${fileName} not found`, vars));
        continue;
      }
      child.schematic = sub;
    }
    node.children = kids;
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i] as SheetNode);
  }
  // Depth-first order in file order (sheets were appended breadth-wise per parent above).
  result.sheets = [];
  const order: SheetNode[] = [rootNode];
  while (order.length > 0) {
    const n = order.pop() as SheetNode;
    result.sheets.push(n);
    for (let i = n.children.length - 1; i >= 0; i--) order.push(n.children[i] as SheetNode);
  }
  return result;
}

function isAncestorFile(node: SheetNode, fileName: string): boolean {
  for (let n: SheetNode | undefined = node; n; n = n.parent) if (n.fileName === fileName) return true;
  return false;
}

function sheetPage(sheet: SheetSymbol, parentPath: string, project: string | undefined): string | undefined {
  const candidates = sheet.instances.filter((i) => i.path === parentPath);
  const pick = candidates.find((i) => project === undefined || i.project === project) ?? candidates[0];
  return pick?.page;
}

/**
 * The reference, unit, value and footprint of `symbol` in one sheet instance:
 * KiCad 7+ per-symbol `instances` (path of the sheet from the root uuid), then
 * the root's KiCad 6 `symbol_instances` (local path + symbol uuid), then the
 * symbol's own fields.
 */
export function resolveSymbolInstance(
  symbol: SchematicSymbol,
  sheet: SheetNode,
  root: KicadSchematic,
  project?: string,
): { reference: string; unit: number; value: string; footprint: string } {
  const own = { reference: symbol.reference, unit: symbol.unit, value: symbol.value, footprint: symbol.footprint };
  const matches = symbol.instances.filter((i) => i.path === sheet.path);
  const inst = matches.find((i) => project === undefined || i.project === project) ?? matches[0];
  if (inst) return { reference: inst.reference, unit: inst.unit, value: inst.value ?? own.value, footprint: inst.footprint ?? own.footprint };
  const key = `${sheet.localPath === '/' ? '' : sheet.localPath}/${symbol.uuid}`;
  for (const i of root.symbolInstances) {
    if (i.path === key) return { reference: i.reference, unit: i.unit, value: i.value ?? own.value, footprint: i.footprint ?? own.footprint };
  }
  return own;
}

/** Every placed symbol in every sheet instance with its per-instance reference (depth-first sheet order). */
export function symbolOccurrences(h: SchematicHierarchy, project?: string): SymbolOccurrence[] {
  const root = h.root.schematic as KicadSchematic;
  const out: SymbolOccurrence[] = [];
  for (const sheet of h.sheets) {
    if (!sheet.schematic) continue;
    for (const symbol of sheet.schematic.symbols) out.push({ sheet, symbol, ...resolveSymbolInstance(symbol, sheet, root, project) });
  }
  return out;
}
