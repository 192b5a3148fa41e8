// KiCad project file (.kicad_pro, JSON, KiCad 6 to 9): the parts the viewer
// needs (sheet names, net classes and their assignments, text variables).
// Read defensively: the file is user input, so every field is checked for its
// type and anything unexpected is skipped rather than trusted.

import { kicadIssue, type KicadIssue } from './kicad-common.ts';

export interface NetClass {
  name: string;
  /** mm, when given. */
  clearance?: number;
  trackWidth?: number;
  viaDiameter?: number;
  viaDrill?: number;
  diffPairWidth?: number;
  diffPairGap?: number;
  /** Schematic wire and bus widths, mils (as KiCad stores them). */
  wireWidth?: number;
  busWidth?: number;
  /** CSS colour strings as written ('rgba(0, 0, 0, 0.000)' means "default"). */
  pcbColor?: string;
  schematicColor?: string;
  /** KiCad 6: net names listed on the class. */
  nets: string[];
}

export interface KicadProject {
  fileName: string;
  /** `meta.version`, when a number. */
  version?: number;
  /** `[uuid, name]` pairs of `sheets` (the root has name ''). */
  sheets: { uuid: string; name: string }[];
  netClasses: NetClass[];
  /** KiCad 7+ `netclass_patterns`: net-name pattern (wildcards) → class. */
  netClassPatterns: { pattern: string; netClass: string }[];
  /** KiCad 7+ `netclass_assignments` and KiCad 6 per-class `nets`: net name → class. */
  netClassAssignments: Record<string, string>;
  textVariables: Record<string, string>;
}

export interface ProjectResult {
  project: KicadProject;
  /** Set when the file could not be read at all (`kicad.pro.invalid`, the whole file: line 1). */
  error?: KicadIssue;
}

type Json = unknown;

/** A record without a prototype, so keys from the file such as '__proto__' stay plain keys. */
function nullProto(): Record<string, string> {
  return Object.create(null) as Record<string, string>;
}

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: Json): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function num(v: Json): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function setNum<K extends keyof NetClass>(nc: NetClass, key: K, v: Json): void {
  const n = num(v);
  if (n !== undefined) (nc as unknown as Record<string, number>)[key] = n;
}

function readNetClass(raw: Json): NetClass | null {
  if (!isObject(raw)) return null;
  const name = str(raw['name']);
  if (name === undefined) return null;
  const nc: NetClass = { name, nets: [] };
  setNum(nc, 'clearance', raw['clearance']);
  setNum(nc, 'trackWidth', raw['track_width']);
  setNum(nc, 'viaDiameter', raw['via_diameter']);
  setNum(nc, 'viaDrill', raw['via_drill']);
  setNum(nc, 'diffPairWidth', raw['diff_pair_width']);
  setNum(nc, 'diffPairGap', raw['diff_pair_gap']);
  setNum(nc, 'wireWidth', raw['wire_width']);
  setNum(nc, 'busWidth', raw['bus_width']);
  const pcb = str(raw['pcb_color']);
  if (pcb !== undefined) nc.pcbColor = pcb;
  const schc = str(raw['schematic_color']);
  if (schc !== undefined) nc.schematicColor = schc;
  const nets = raw['nets'];
  if (Array.isArray(nets)) for (const n of nets) if (typeof n === 'string') nc.nets.push(n);
  return nc;
}

/** Parse a .kicad_pro file (text or bytes). Never throws: bad JSON gives an empty project and `error`. */
export function parseProject(input: string | Uint8Array, fileName: string): ProjectResult {
  const project: KicadProject = { fileName, sheets: [], netClasses: [], netClassPatterns: [], netClassAssignments: nullProto(), textVariables: nullProto() };
  let data: Json;
  try {
    const text = typeof input === 'string' ? input : new TextDecoder('utf-8', { fatal: true }).decode(input);
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as Json;
  } catch (e) {
    return { project, error: kicadIssue('kicad.pro.invalid', fileName, 1, (e as Error).message) };
  }
  if (!isObject(data)) return { project, error: kicadIssue('kicad.pro.invalid', fileName, 1, 'top level is not an object') };

  const meta = data['meta'];
  if (isObject(meta)) {
    const v = num(meta['version']);
    if (v !== undefined) project.version = v;
  }
  const sheets = data['sheets'];
  if (Array.isArray(sheets)) {
    for (const s of sheets) {
      if (Array.isArray(s) && typeof s[0] === 'string') project.sheets.push({ uuid: s[0], name: str(s[1]) ?? '' });
    }
  }
  const ns = data['net_settings'];
  if (isObject(ns)) {
    const classes = ns['classes'];
    if (Array.isArray(classes)) {
      for (const c of classes) {
        const nc = readNetClass(c);
        if (!nc) continue;
        project.netClasses.push(nc);
        for (const n of nc.nets) project.netClassAssignments[n] = nc.name;
      }
    }
    const patterns = ns['netclass_patterns'];
    if (Array.isArray(patterns)) {
      for (const p of patterns) {
        if (!isObject(p)) continue;
        const pattern = str(p['pattern']);
        const netClass = str(p['netclass']);
        if (pattern !== undefined && netClass !== undefined) project.netClassPatterns.push({ pattern, netClass });
      }
    }
    const assignments = ns['netclass_assignments'];
    if (isObject(assignments)) {
      for (const [net, cls] of Object.entries(assignments)) {
        // KiCad 8 writes a list of classes per net; the first one is the effective class.
        const name = typeof cls === 'string' ? cls : Array.isArray(cls) ? str(cls[0]) : undefined;
        if (name !== undefined) project.netClassAssignments[net] = name;
      }
    }
  }
  const tv = data['text_variables'];
  if (isObject(tv)) for (const [k, v] of Object.entries(tv)) if (typeof v === 'string') project.textVariables[k] = v;
  return { project };
}

/** Sheet name by sheet uuid (the project's `sheets` list). */
export function projectSheetName(project: KicadProject, uuid: string): string | undefined {
  return project.sheets.find((s) => s.uuid === uuid)?.name;
}
