// Colour themes for painting schematic sheets (render/schematic-painter.ts).
//
// light: KiCad's built-in "KiCad Default" schematic theme, the values of
//   `s_defaultTheme` in KiCad's common/settings/builtin_color_themes.h
//   (KiCad/kicad-source-mirror, GPL; colour values are facts, no code taken).
//   KiCad 6+ draws symbol outlines, pins and sheet borders in 132,0,0, wires
//   in 0,150,0, buses in 0,0,132 on a 245,244,239 sheet.
// dark: our own theme for a dark page. KiCad ships no dark schematic theme
//   (its "KiCad Classic" schematic theme is on white), so the background is the
//   PCB editor's default canvas (`LAYER_PCB_BACKGROUND` 0,16,35 in the same
//   file) and every item keeps its KiCad Default hue, lightened until it reads
//   on that background (wires stay green, buses blue, labels red/brown...).

export interface SchematicTheme {
  name: string;
  background: string;
  wire: string;
  bus: string;
  busJunction: string;
  junction: string;
  noConnect: string;
  labelLocal: string;
  labelGlobal: string;
  labelHierarchical: string;
  labelNetclass: string;
  pin: string;
  pinName: string;
  pinNumber: string;
  reference: string;
  value: string;
  fields: string;
  sheetBorder: string;
  /** 'none' = transparent (KiCad's default sheet background has alpha 0). */
  sheetFill: string;
  sheetName: string;
  sheetFile: string;
  sheetFields: string;
  sheetPin: string;
  notes: string;
  /** Text box / note background ('none' = transparent). */
  notesBackground: string;
  body: string;
  bodyFill: string;
  hidden: string;
  /** Page frame and title block (drawing sheet). */
  frame: string;
  /** Do-not-populate cross-out. */
  dnp: string;
}

const light: SchematicTheme = {
  name: 'KiCad Default',
  background: 'rgb(245,244,239)',
  wire: 'rgb(0,150,0)',
  bus: 'rgb(0,0,132)',
  busJunction: 'rgb(0,0,132)',
  junction: 'rgb(0,150,0)',
  noConnect: 'rgb(0,0,132)',
  labelLocal: 'rgb(15,15,15)',
  labelGlobal: 'rgb(132,0,0)',
  labelHierarchical: 'rgb(114,86,0)',
  labelNetclass: 'rgb(72,72,72)',
  pin: 'rgb(132,0,0)',
  pinName: 'rgb(0,100,100)',
  pinNumber: 'rgb(169,0,0)',
  reference: 'rgb(0,100,100)',
  value: 'rgb(0,100,100)',
  fields: 'rgb(132,0,132)',
  sheetBorder: 'rgb(132,0,0)',
  sheetFill: 'none',
  sheetName: 'rgb(0,100,100)',
  sheetFile: 'rgb(114,86,0)',
  sheetFields: 'rgb(132,0,132)',
  sheetPin: 'rgb(0,100,100)',
  notes: 'rgb(0,0,194)',
  notesBackground: 'none',
  body: 'rgb(132,0,0)',
  bodyFill: 'rgb(255,255,194)',
  hidden: 'rgb(94,194,194)',
  frame: 'rgb(132,0,0)',
  // KiCad 7+ LAYER_DNP_MARKER.
  dnp: 'rgba(220,9,13,0.8)',
};

const dark: SchematicTheme = {
  name: 'Dark',
  background: 'rgb(0,16,35)',
  wire: 'rgb(64,200,96)',
  bus: 'rgb(96,150,255)',
  busJunction: 'rgb(96,150,255)',
  junction: 'rgb(64,200,96)',
  noConnect: 'rgb(96,150,255)',
  labelLocal: 'rgb(230,230,225)',
  labelGlobal: 'rgb(255,110,100)',
  labelHierarchical: 'rgb(230,190,80)',
  labelNetclass: 'rgb(180,180,180)',
  pin: 'rgb(230,110,100)',
  pinName: 'rgb(90,210,210)',
  pinNumber: 'rgb(255,140,120)',
  reference: 'rgb(90,210,210)',
  value: 'rgb(90,210,210)',
  fields: 'rgb(220,120,220)',
  sheetBorder: 'rgb(230,110,100)',
  sheetFill: 'none',
  sheetName: 'rgb(90,210,210)',
  sheetFile: 'rgb(230,190,80)',
  sheetFields: 'rgb(220,120,220)',
  sheetPin: 'rgb(90,210,210)',
  notes: 'rgb(130,160,255)',
  notesBackground: 'none',
  body: 'rgb(230,110,100)',
  bodyFill: 'rgb(40,36,20)',
  hidden: 'rgb(94,194,194)',
  frame: 'rgb(200,114,171)',
  dnp: 'rgba(255,60,60,0.8)',
};

export const SCHEMATIC_THEMES = { light, dark } as const;

/** KiCad's default widths and sizes in mm (schematic editor defaults, in mils: 6, 12, 36, 48). */
export const SCH_DEFAULTS = {
  wire: 0.1524,
  bus: 0.3048,
  line: 0.1524,
  junctionDiameter: 0.9144,
  noConnectSize: 1.2192,
  /** Project setting text_offset_ratio (label text above its wire). */
  textOffsetRatio: 0.15,
  /** KiCad 7+ label_size_ratio (margin inside a global label's box). */
  labelSizeRatio: 0.375,
} as const;

/** A project's schematic drawing settings (`.kicad_pro` `schematic.drawing`), in mm and ratios. */
export interface SchematicDrawing {
  /** Default width of wires and graphic lines (default_line_thickness). */
  line: number;
  /** Default bus width (KiCad: twice the line width, at least 12 mil). */
  bus: number;
  junctionDiameter: number;
  labelSizeRatio: number;
  textOffsetRatio: number;
  /** Dash = (ratio − 1) × width, gap = (ratio + 1) × width, as KiCad strokes with round caps. */
  dashRatio: number;
  gapRatio: number;
}

export const DEFAULT_DRAWING: SchematicDrawing = {
  line: SCH_DEFAULTS.line,
  bus: SCH_DEFAULTS.bus,
  junctionDiameter: SCH_DEFAULTS.junctionDiameter,
  labelSizeRatio: SCH_DEFAULTS.labelSizeRatio,
  textOffsetRatio: SCH_DEFAULTS.textOffsetRatio,
  dashRatio: 12,
  gapRatio: 3,
};

const MIL = 0.0254;
/** KiCad's junction_size_choice: none, smallest, small, default, large, largest, as multiples of the line width. */
const JUNCTION_MULTIPLIERS = [0, 1.7, 4, 6, 9, 12];

/** The drawing settings of a parsed `.kicad_pro` JSON (fields checked one by one; anything odd keeps KiCad's default). */
export function drawingFromProject(json: unknown): SchematicDrawing {
  const d = { ...DEFAULT_DRAWING };
  const drawing = (json as { schematic?: { drawing?: Record<string, unknown> } } | null)?.schematic?.drawing;
  if (!drawing || typeof drawing !== 'object') return d;
  const num = (k: string, min: number, max: number): number | undefined => {
    const v = drawing[k];
    return typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max ? v : undefined;
  };
  const thickness = num('default_line_thickness', 1, 100);
  if (thickness !== undefined) {
    d.line = thickness * MIL;
    d.bus = Math.max(2 * d.line, SCH_DEFAULTS.bus);
  }
  const choice = num('junction_size_choice', 0, 5);
  if (choice !== undefined) d.junctionDiameter = (JUNCTION_MULTIPLIERS[Math.round(choice)] ?? 6) * d.line;
  d.labelSizeRatio = num('label_size_ratio', 0, 2) ?? d.labelSizeRatio;
  d.textOffsetRatio = num('text_offset_ratio', 0, 2) ?? d.textOffsetRatio;
  d.dashRatio = num('dashed_lines_dash_length_ratio', 1, 100) ?? d.dashRatio;
  d.gapRatio = num('dashed_lines_gap_length_ratio', 0, 100) ?? d.gapRatio;
  return d;
}
