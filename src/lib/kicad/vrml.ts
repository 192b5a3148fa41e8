// VRML 2.0 (VRML97) reader for KiCad's 3D models (.wrl files of kicad-packages3D), producing
// the preview mesh format of src/lib/viewer3d/mesh-format.ts.
//
// Design notes (why it looks like this):
// - KiCad's files are thousands of `Shape { geometry IndexedFaceSet {...} }` blocks, so the hot
//   path is reading numbers. The lexer works on char codes and parses numbers in place (no token
//   objects, no slicing per number); lists go into growing typed arrays shared by the whole parse.
// - The parser is recursive descent over nodes, with the nesting depth capped (MAX_DEPTH) so a
//   hostile file cannot overflow the call stack. Everything else (skipping unknown nodes,
//   walking the scene graph) is iterative.
// - Parsing builds a small node graph first (DEF/USE may share any node, and a field may come
//   before the node it refers to is complete); a second pass walks it with the Transform stack
//   and emits one VrmlShape per drawn Shape instance.
// - Unknown nodes are skipped structurally (with a warning), but DEFs inside them are still
//   read: real files DEF a Coordinate inside an IndexedLineSet and USE it in a face set.
//
// Split into: vrml-lexer.ts (char-level tokenizer), polygon-triangulate.ts (fan / ear clipping),
// affine3x4.ts (Transform matrices); this file holds the parser, the scene walk and the public API.

import type { MeshMaterial, MeshModel, MeshPart } from '../viewer3d/mesh-format.ts';
import { applyMatrix, determinant, isIdentity, multiply, transformMatrix, type Matrix } from './affine3x4.ts';
import { flipWinding, triangulatePolygons, type EarBudget } from './polygon-triangulate.ts';
import { C_LBRACE, C_LBRACKET, C_QUOTE, C_RBRACE, C_RBRACKET, Lexer, isDelimiter, startsNumber } from './vrml-lexer.ts';

// ---------------------------------------------------------------------------
// Public API

/** A file we refuse to read, with the 1-based line the problem was found at. */
export class VrmlError extends Error {
  readonly line: number;
  readonly reason: string;
  constructor(reason: string, line: number) {
    super(`line ${line}: ${reason}`);
    this.name = 'VrmlError';
    this.line = line;
    this.reason = reason;
  }
}

export interface VrmlWarning {
  line: number;
  message: string;
}

/** One drawn Shape instance. */
export interface VrmlShape {
  material: MeshMaterial;
  /** DEF name of the Material (or of its Appearance when the Material has none). */
  materialName: string | null;
  /** x y z in VRML units, all enclosing Transforms applied. May be shared between shapes: do not mutate. */
  positions: Float32Array;
  /** Triangles, counter-clockwise seen from outside. */
  indices: Uint32Array;
  creaseAngle: number;
  solid: boolean;
  /** Line of the Shape node. */
  line: number;
}

export interface VrmlScene {
  shapes: VrmlShape[];
  warnings: VrmlWarning[];
}

export interface ParseVrmlOptions {
  /** Total vertices allowed (parsed and emitted, each); default 5,000,000. */
  maxVertices?: number;
}

export interface VrmlToMeshOptions {
  /** Millimetres per VRML unit; KiCad's models use 0.1 inch. */
  unitMm?: number;
}

const MAX_INPUT_CHARS = 256 * 1024 * 1024;
const MAX_DEPTH = 64;
const DEFAULT_MAX_VERTICES = 5_000_000;
const MAX_WARNINGS = 100;
const KICAD_UNIT_MM = 2.54;
/** Point-in-triangle tests allowed for ear clipping per file (it is quadratic or worse per polygon). */
const EAR_CLIP_BUDGET = 20_000_000;

/** Parses a VRML 2.0 file; throws VrmlError on anything it cannot read. */
export function parseVrml(text: string, options: ParseVrmlOptions = {}): VrmlScene {
  if (text.length > MAX_INPUT_CHARS) throw new VrmlError(`input too large: ${text.length} characters (limit ${MAX_INPUT_CHARS})`, 1);
  checkHeader(text);
  const parser = new Parser(text, options.maxVertices ?? DEFAULT_MAX_VERTICES);
  const roots = parser.parseScene();
  const shapes = new SceneWalker(parser).walk(roots);
  return { shapes, warnings: parser.finishWarnings() };
}

/**
 * Converts to the preview mesh: millimetres, one part per material (same DEF name, or equal
 * values when unnamed), in order of first use. Parts without triangles are dropped.
 */
export function vrmlToMeshModel(scene: VrmlScene, options: VrmlToMeshOptions = {}): MeshModel {
  const unit = options.unitMm ?? KICAD_UNIT_MM;
  const groups = groupByMaterial(scene.shapes);
  const usedNames = new Set<string>();
  let unnamed = 0;
  const parts: MeshPart[] = [];
  for (const g of groups) {
    let name = g.name ?? `material-${++unnamed}`;
    // Two different materials DEF'd under one name (legal, as DEF may be reused) stay apart.
    for (let n = 2; usedNames.has(name); n++) name = `${g.name ?? 'material'}-${n}`;
    usedNames.add(name);
    parts.push(mergeShapes(g.shapes, name, unit));
  }
  return { parts };
}

/** parseVrml + vrmlToMeshModel with KiCad's defaults. */
export function wrlToMesh(text: string): MeshModel {
  return vrmlToMeshModel(parseVrml(text));
}

// ---------------------------------------------------------------------------
// Header

function checkHeader(text: string): void {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0; // tolerate a UTF-8 BOM
  const first = text.slice(start, start + 64);
  if (first.startsWith('#VRML V2.0')) return;
  const version = /^#VRML V(\S+)/.exec(first)?.[1];
  if (version !== undefined) {
    throw new VrmlError(`VRML ${version} is not supported: only VRML 2.0 (KiCad 3D models are .wrl VRML 2.0)`, 1);
  }
  throw new VrmlError('not a VRML 2.0 file (KiCad 3D models are .wrl VRML 2.0)', 1);
}

// ---------------------------------------------------------------------------
// Node graph built by the parser

interface NodeBase {
  /** DEF name, when the node has one. */
  name: string | null;
}
interface GroupNode extends NodeBase {
  kind: 'group';
  children: VNode[];
}
interface TransformNode extends NodeBase {
  kind: 'transform';
  matrix: Matrix;
  children: VNode[];
}
interface ShapeNode extends NodeBase {
  kind: 'shape';
  appearance: AppearanceNode | null;
  geometry: FaceSetNode | null;
  line: number;
}
interface AppearanceNode extends NodeBase {
  kind: 'appearance';
  material: MaterialNode | null;
}
interface MaterialNode extends NodeBase {
  kind: 'material';
  value: MeshMaterial;
}
interface CoordinateNode extends NodeBase {
  kind: 'coordinate';
  points: Float32Array;
}
interface FaceSetNode extends NodeBase {
  kind: 'faceset';
  points: Float32Array;
  triangles: Uint32Array;
  creaseAngle: number;
  solid: boolean;
}
interface OtherNode extends NodeBase {
  kind: 'other';
  type: string;
}
type VNode = GroupNode | TransformNode | ShapeNode | AppearanceNode | MaterialNode | CoordinateNode | FaceSetNode | OtherNode;

/** Nodes read only for their data elsewhere: skipping them is not worth a warning. */
const QUIET_TYPES = new Set(['Color', 'Normal', 'TextureCoordinate', 'WorldInfo']);
/** Grouping nodes whose only effect on a static preview is their children. */
const GROUP_TYPES = new Set(['Group', 'Anchor', 'Billboard', 'Collision']);

function defaultMaterial(): MeshMaterial {
  return { diffuse: [0.8, 0.8, 0.8], specular: [0, 0, 0], emissive: [0, 0, 0], shininess: 0.2, transparency: 0, ambient: 0.2 };
}

// ---------------------------------------------------------------------------
// Parser

class Parser {
  readonly lex: Lexer;
  readonly maxVertices: number;
  readonly defs = new Map<string, VNode>();
  private readonly warnings: VrmlWarning[] = [];
  private droppedWarnings = 0;
  private parsedVertices = 0;
  private readonly earBudget: EarBudget = { left: EAR_CLIP_BUDGET, exhausted: false };
  // Growing scratch buffers shared by every list in the file.
  private floats: Float32Array = new Float32Array(1 << 12);
  private ints: Int32Array = new Int32Array(1 << 12);

  constructor(text: string, maxVertices: number) {
    this.lex = new Lexer(text, (reason, line) => new VrmlError(reason, line));
    this.maxVertices = maxVertices;
  }

  warn(line: number, message: string): void {
    if (this.warnings.length < MAX_WARNINGS) this.warnings.push({ line, message });
    else this.droppedWarnings++;
  }

  finishWarnings(): VrmlWarning[] {
    if (this.droppedWarnings > 0) this.warnings.push({ line: this.lex.line, message: `${this.droppedWarnings} more warnings not shown` });
    return this.warnings;
  }

  /** Top-level statements up to the end of the file. */
  parseScene(): VNode[] {
    const lex = this.lex;
    const roots: VNode[] = [];
    for (;;) {
      const c = lex.peek();
      if (c < 0) return roots;
      if (c === C_RBRACE || c === C_RBRACKET) lex.fail(`unexpected '${String.fromCharCode(c)}' (no matching opening bracket)`);
      const line = lex.line;
      const word = lex.readName('a node');
      if (this.skipNonNodeStatement(word, line)) continue;
      const node = this.parseNodeValue(1, false, word);
      if (node) roots.push(node);
    }
  }

  /** After `word` was read: skips the rest of a ROUTE / PROTO / EXTERNPROTO (nothing to draw). */
  private skipNonNodeStatement(word: string, line: number): boolean {
    const lex = this.lex;
    if (word === 'ROUTE') {
      lex.readName('a ROUTE source');
      lex.readName('TO');
      lex.readName('a ROUTE destination');
      return true;
    }
    if (word === 'PROTO' || word === 'EXTERNPROTO') {
      const name = lex.readName(`a ${word} name`);
      this.warn(line, `${word} ${name} ignored: its instances are skipped`);
      if (lex.peek() !== C_LBRACKET) lex.fail(`expected '[' after ${word} ${name}, found ${lex.describeNext()}`);
      this.skipBlock(line, 1, false);
      if (word === 'PROTO') {
        if (lex.peek() !== C_LBRACE) lex.fail(`expected '{' for the body of PROTO ${name}, found ${lex.describeNext()}`);
        this.skipBlock(line, 1, false);
      } else {
        this.skipFieldValue(1); // the URL(s)
      }
      return true;
    }
    return false;
  }

  /** `DEF name Type {...}`, `USE name`, `Type {...}` or NULL; `first` is its first word when already read. */
  parseNodeValue(depth: number, quiet: boolean, first?: string): VNode | null {
    const lex = this.lex;
    const word = first ?? lex.readName('a node');
    const line = lex.line;
    if (word === 'NULL') return null;
    if (word === 'USE') {
      const name = lex.readName('a name after USE');
      const node = this.defs.get(name);
      if (!node) return lex.fail(`USE of unknown name '${name}'`, line);
      return node;
    }
    if (word === 'DEF') {
      const name = lex.readName('a name after DEF');
      const type = lex.readName(`a node type after DEF ${name}`);
      const node = this.parseNode(type, lex.line, depth, quiet);
      // Registered once complete, so a node can never USE itself (the graph stays acyclic).
      node.name = name;
      this.defs.set(name, node);
      return node;
    }
    return this.parseNode(word, line, depth, quiet);
  }

  /** The body of a node whose type was just read; pos is before its '{'. */
  private parseNode(type: string, line: number, depth: number, quiet: boolean): VNode {
    const lex = this.lex;
    if (depth > MAX_DEPTH) lex.fail(`nodes nested deeper than ${MAX_DEPTH} levels`, line);
    if (lex.peek() !== C_LBRACE) lex.fail(`expected '{' after ${type}, found ${lex.describeNext()}`);
    const known = this.parseKnownNode(type, line, depth);
    if (known) return known;
    if (!quiet && !QUIET_TYPES.has(type)) this.warn(line, `unsupported node ${type} skipped`);
    this.skipBlock(line, depth, true);
    return { kind: 'other', type, name: null };
  }

  private parseKnownNode(type: string, line: number, depth: number): VNode | null {
    switch (type) {
      case 'Shape':
        return this.parseShape(line, depth);
      case 'Appearance':
        return this.parseAppearance(line, depth);
      case 'Material':
        return this.parseMaterial(line, depth);
      case 'IndexedFaceSet':
        return this.parseFaceSet(line, depth);
      case 'Coordinate':
        return this.parseCoordinate(line, depth);
      case 'Transform':
        return this.parseTransform(line, depth);
      case 'Switch':
        return this.parseSwitch(line, depth);
      default:
        return GROUP_TYPES.has(type) ? this.parseGroup(type, line, depth) : null;
    }
  }

  /**
   * Next field name in a node body (its '{' already consumed), or null after the closing '}'.
   * ROUTE/PROTO statements inside bodies are skipped here.
   */
  private nextField(type: string, line: number): string | null {
    const lex = this.lex;
    for (;;) {
      const c = lex.peek();
      if (c === C_RBRACE) {
        lex.pos++;
        return null;
      }
      if (c < 0) lex.fail(`unexpected end of file: ${type} opened on line ${line} is not closed`);
      const fieldLine = lex.line;
      const field = lex.readName(`a field of ${type} or '}'`);
      if (!this.skipNonNodeStatement(field, fieldLine)) return field;
    }
  }

  /** A node-valued field; a node of another kind is dropped with a warning. */
  private nodeField<K extends VNode['kind']>(kind: K, field: string, depth: number): Extract<VNode, { kind: K }> | null {
    const line = this.lex.line;
    const node = this.parseNodeValue(depth + 1, false);
    if (!node) return null;
    if (node.kind === kind) return node as Extract<VNode, { kind: K }>;
    // Unsupported nodes were already reported when they were skipped.
    if (node.kind !== 'other') this.warn(line, `${field} holds a ${node.kind} node, ignored`);
    return null;
  }

  private parseShape(line: number, depth: number): ShapeNode {
    this.lex.pos++;
    const node: ShapeNode = { kind: 'shape', name: null, appearance: null, geometry: null, line };
    for (let f = this.nextField('Shape', line); f !== null; f = this.nextField('Shape', line)) {
      if (f === 'appearance') node.appearance = this.nodeField('appearance', f, depth);
      else if (f === 'geometry') node.geometry = this.nodeField('faceset', f, depth);
      else this.skipFieldValue(depth);
    }
    return node;
  }

  private parseAppearance(line: number, depth: number): AppearanceNode {
    this.lex.pos++;
    const node: AppearanceNode = { kind: 'appearance', name: null, material: null };
    for (let f = this.nextField('Appearance', line); f !== null; f = this.nextField('Appearance', line)) {
      if (f === 'material') node.material = this.nodeField('material', f, depth);
      else this.skipFieldValue(depth);
    }
    return node;
  }

  private parseMaterial(line: number, depth: number): MaterialNode {
    const lex = this.lex;
    lex.pos++;
    const m = defaultMaterial();
    for (let f = this.nextField('Material', line); f !== null; f = this.nextField('Material', line)) {
      if (f === 'diffuseColor') m.diffuse = this.readVec3();
      else if (f === 'specularColor') m.specular = this.readVec3();
      else if (f === 'emissiveColor') m.emissive = this.readVec3();
      else if (f === 'ambientIntensity') m.ambient = this.readFloat();
      else if (f === 'shininess') m.shininess = this.readFloat();
      else if (f === 'transparency') m.transparency = this.readFloat();
      else this.skipFieldValue(depth);
    }
    return { kind: 'material', name: null, value: m };
  }

  private parseCoordinate(line: number, depth: number): CoordinateNode {
    this.lex.pos++;
    let points: Float32Array = new Float32Array(0);
    for (let f = this.nextField('Coordinate', line); f !== null; f = this.nextField('Coordinate', line)) {
      if (f === 'point') points = this.readPoints();
      else this.skipFieldValue(depth);
    }
    return { kind: 'coordinate', name: null, points };
  }

  private parseFaceSet(line: number, depth: number): FaceSetNode {
    this.lex.pos++;
    let coord: CoordinateNode | null = null;
    let index: IndexList = { values: new Int32Array(0), max: -1, maxLine: line };
    let ccw = true;
    let convex = true;
    let solid = true;
    let creaseAngle = 0;
    for (let f = this.nextField('IndexedFaceSet', line); f !== null; f = this.nextField('IndexedFaceSet', line)) {
      if (f === 'coord') coord = this.nodeField('coordinate', f, depth);
      else if (f === 'coordIndex') index = this.readIndexList();
      else if (f === 'ccw') ccw = this.lex.readBool();
      else if (f === 'convex') convex = this.lex.readBool();
      else if (f === 'solid') solid = this.lex.readBool();
      else if (f === 'creaseAngle') creaseAngle = this.readFloat();
      else this.skipFieldValue(depth); // normal, texCoord, color and their indices: not needed
    }
    const points = coord?.points ?? new Float32Array(0);
    const count = points.length / 3;
    if (index.max >= count) this.lex.fail(`coordIndex ${index.max} out of range (${count} points)`, index.maxLine);
    const hadBudget = !this.earBudget.exhausted;
    const triangles = triangulatePolygons(index.values, points, ccw, convex, this.earBudget);
    if (hadBudget && this.earBudget.exhausted) this.warn(line, 'too many concave polygons: the rest are fanned, not ear-clipped');
    return { kind: 'faceset', name: null, points, triangles, creaseAngle, solid };
  }

  private parseGroup(type: string, line: number, depth: number): GroupNode {
    this.lex.pos++;
    const node: GroupNode = { kind: 'group', name: null, children: [] };
    for (let f = this.nextField(type, line); f !== null; f = this.nextField(type, line)) {
      if (f === 'children') node.children = this.readNodeList(depth);
      else this.skipFieldValue(depth);
    }
    return node;
  }

  private parseTransform(line: number, depth: number): TransformNode {
    this.lex.pos++;
    let children: VNode[] = [];
    let translation = [0, 0, 0];
    let center = [0, 0, 0];
    let scale = [1, 1, 1];
    let rotation = [0, 0, 1, 0];
    let scaleOrientation = [0, 0, 1, 0];
    for (let f = this.nextField('Transform', line); f !== null; f = this.nextField('Transform', line)) {
      if (f === 'children') children = this.readNodeList(depth);
      else if (f === 'translation') translation = this.readVec3();
      else if (f === 'center') center = this.readVec3();
      else if (f === 'scale') scale = this.readVec3();
      else if (f === 'rotation') rotation = this.readRotation();
      else if (f === 'scaleOrientation') scaleOrientation = this.readRotation();
      else this.skipFieldValue(depth);
    }
    const matrix = transformMatrix(translation, center, rotation, scale, scaleOrientation);
    return { kind: 'transform', name: null, matrix, children };
  }

  /** A Switch becomes a group holding only its chosen child. */
  private parseSwitch(line: number, depth: number): GroupNode {
    this.lex.pos++;
    let choice: VNode[] = [];
    let which = -1;
    for (let f = this.nextField('Switch', line); f !== null; f = this.nextField('Switch', line)) {
      // `children` is X3D's name for `choice`.
      if (f === 'choice' || f === 'children') choice = this.readNodeList(depth);
      else if (f === 'whichChoice') which = this.readIntValue();
      else this.skipFieldValue(depth);
    }
    const chosen = which >= 0 ? choice[which] : undefined;
    return { kind: 'group', name: null, children: chosen ? [chosen] : [] };
  }

  /** MFNode: `[ node* ]` or a single node. */
  private readNodeList(depth: number): VNode[] {
    const lex = this.lex;
    const out: VNode[] = [];
    if (lex.peek() !== C_LBRACKET) {
      const node = this.parseNodeValue(depth + 1, false);
      if (node) out.push(node);
      return out;
    }
    const line = lex.line;
    lex.pos++;
    for (;;) {
      const c = lex.peek();
      if (c === C_RBRACKET) break;
      if (c < 0) lex.fail(`unexpected end of file: '[' opened on line ${line} is not closed`);
      const node = this.parseNodeValue(depth + 1, false);
      if (node) out.push(node);
    }
    lex.pos++;
    return out;
  }

  private readFloat(): number {
    this.lex.skipSpace();
    return this.lex.readNumber();
  }

  private readIntValue(): number {
    this.lex.skipSpace();
    return this.lex.readInt();
  }

  private readVec3(): [number, number, number] {
    return [this.readFloat(), this.readFloat(), this.readFloat()];
  }

  private readRotation(): [number, number, number, number] {
    return [this.readFloat(), this.readFloat(), this.readFloat(), this.readFloat()];
  }

  /** MFVec3f (`[x y z, ...]` or one bare triple) as a fresh Float32Array. */
  private readPoints(): Float32Array {
    const lex = this.lex;
    const line = lex.line;
    let buf = this.floats;
    let n = 0;
    if (lex.peek() !== C_LBRACKET) {
      const [x, y, z] = this.readVec3();
      buf.set([x, y, z]);
      n = 3;
    } else {
      lex.pos++;
      for (;;) {
        lex.skipSpace();
        const c = lex.pos < lex.src.length ? lex.src.charCodeAt(lex.pos) : -1;
        if (c === C_RBRACKET) break;
        if (c < 0) lex.fail(`unexpected end of file: point list opened on line ${line} is not closed`);
        if (n === buf.length) buf = this.growFloats(n);
        buf[n++] = lex.readNumber();
      }
      lex.pos++;
    }
    if (n % 3 !== 0) lex.fail(`point list has ${n} numbers, not a multiple of 3`, line);
    this.parsedVertices += n / 3;
    if (this.parsedVertices > this.maxVertices) lex.fail(`model too large: more than ${this.maxVertices} vertices`, line);
    return buf.slice(0, n);
  }

  private growFloats(n: number): Float32Array {
    // Fail before allocating for a list that is already over the limit.
    if (this.parsedVertices + n / 3 > this.maxVertices) this.lex.fail(`model too large: more than ${this.maxVertices} vertices`);
    const bigger = new Float32Array(this.floats.length * 2);
    bigger.set(this.floats);
    this.floats = bigger;
    return bigger;
  }

  /** coordIndex (MFInt32) with the largest index and its line, for range checks. */
  private readIndexList(): IndexList {
    const lex = this.lex;
    const line = lex.line;
    let buf = this.ints;
    let n = 0;
    let max = -1;
    let maxLine = line;
    const single = lex.peek() !== C_LBRACKET;
    if (!single) lex.pos++;
    for (;;) {
      lex.skipSpace();
      const c = lex.pos < lex.src.length ? lex.src.charCodeAt(lex.pos) : -1;
      if (!single && c === C_RBRACKET) {
        lex.pos++;
        break;
      }
      if (c < 0) lex.fail(`unexpected end of file: coordIndex list opened on line ${line} is not closed`);
      const v = lex.readInt();
      if (v < -1) lex.fail(`invalid coordIndex ${v} (only -1 separates faces)`);
      if (v > max) {
        max = v;
        maxLine = lex.line;
      }
      if (n === buf.length) {
        buf = new Int32Array(n * 2);
        buf.set(this.ints);
        this.ints = buf;
      }
      buf[n++] = v;
      if (single) break;
    }
    return { values: buf.slice(0, n), max, maxLine };
  }

  /**
   * Skips the value of a field we don't use: numbers/strings/TRUE/FALSE, a [list], or a node
   * (parsed quietly, so DEFs in it can still be USEd elsewhere).
   */
  private skipFieldValue(depth: number): void {
    const lex = this.lex;
    let c = lex.peek();
    if (c === C_LBRACKET) {
      this.skipBlock(lex.line, depth, true);
      return;
    }
    if (c === C_QUOTE || startsNumber(c)) {
      while (c === C_QUOTE || startsNumber(c)) {
        if (c === C_QUOTE) lex.skipString();
        else lex.skipWord();
        c = lex.peek();
      }
      return;
    }
    if (c < 0 || isDelimiter(c)) return; // nothing: the caller reports what follows
    const save = lex.pos;
    const line = lex.line;
    const word = lex.readWord();
    if (word === 'TRUE' || word === 'FALSE' || word === 'NULL') return;
    if (word === 'IS') {
      lex.readName('a field name after IS');
      return;
    }
    if (word === 'USE' || word === 'DEF' || lex.peek() === C_LBRACE) {
      lex.pos = save;
      lex.line = line;
      this.parseNodeValue(depth + 1, true);
      return;
    }
    // A bare word not followed by '{' is the next field name: this field had no value.
    lex.pos = save;
    lex.line = line;
  }

  /**
   * Skips a balanced {...} or [...] block starting at pos, iteratively. With `readDefs`, DEF'd
   * nodes inside are parsed and registered, and USEs checked; PROTO bodies are skipped blind.
   */
  private skipBlock(line: number, depth: number, readDefs: boolean): void {
    const lex = this.lex;
    const s = lex.src;
    const open: number[] = [];
    const openLines: number[] = [];
    for (;;) {
      const c = lex.peek();
      if (c < 0) {
        const what = open.length > 0 ? `'${String.fromCharCode(open[open.length - 1]!)}' opened on line ${openLines[openLines.length - 1]}` : `block on line ${line}`;
        lex.fail(`unexpected end of file: ${what} is not closed`);
      }
      if (c === C_LBRACE || c === C_LBRACKET) {
        open.push(c);
        openLines.push(lex.line);
        lex.pos++;
      } else if (c === C_RBRACE || c === C_RBRACKET) {
        const expected = open.pop() === C_LBRACE ? C_RBRACE : C_RBRACKET;
        openLines.pop();
        if (c !== expected) lex.fail(`mismatched '${String.fromCharCode(c)}'`);
        lex.pos++;
        if (open.length === 0) return;
      } else if (c === C_QUOTE) {
        lex.skipString();
      } else {
        const start = lex.pos;
        lex.skipWord();
        if (lex.pos === start) {
          lex.pos++; // a stray control character: not part of any token
        } else if (readDefs && lex.pos - start === 3 && (s.startsWith('DEF', start) || s.startsWith('USE', start))) {
          lex.pos = start;
          this.parseNodeValue(depth + 1, true);
        }
      }
    }
  }
}

interface IndexList {
  values: Int32Array;
  /** Largest index and the line it is on (-1 when empty). */
  max: number;
  maxLine: number;
}

// ---------------------------------------------------------------------------
// Scene graph → shapes

interface WalkItem {
  node: VNode;
  /** Accumulated transform; null = identity. */
  matrix: Matrix | null;
  /** A mirroring transform above: winding must flip to stay counter-clockwise from outside. */
  mirrored: boolean;
}

class SceneWalker {
  private readonly parser: Parser;
  private readonly fallback = defaultMaterial();
  private emittedVertices = 0;

  constructor(parser: Parser) {
    this.parser = parser;
  }

  /** Depth-first in document order, with an explicit stack (USE chains can nest deep). */
  walk(roots: VNode[]): VrmlShape[] {
    const shapes: VrmlShape[] = [];
    // USE can make a graph whose instances grow exponentially: cap the work, not just the output.
    const maxInstances = Math.max(this.parser.maxVertices, 1_000_000);
    let instances = 0;
    const stack: WalkItem[] = [];
    for (let i = roots.length - 1; i >= 0; i--) stack.push({ node: roots[i]!, matrix: null, mirrored: false });
    for (let item = stack.pop(); item; item = stack.pop()) {
      if (++instances > maxInstances) this.parser.lex.fail(`model too large: more than ${maxInstances} node instances`);
      const { node, matrix, mirrored } = item;
      if (node.kind === 'shape') {
        const shape = this.emit(node, matrix, mirrored);
        if (shape) shapes.push(shape);
      } else if (node.kind === 'group' || node.kind === 'transform') {
        let m = matrix;
        let flip = mirrored;
        if (node.kind === 'transform' && !isIdentity(node.matrix)) {
          m = matrix ? multiply(matrix, node.matrix) : node.matrix;
          flip = mirrored !== (determinant(node.matrix) < 0);
        }
        for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]!, matrix: m, mirrored: flip });
      }
    }
    return shapes;
  }

  private emit(node: ShapeNode, matrix: Matrix | null, mirrored: boolean): VrmlShape | null {
    const geometry = node.geometry;
    if (!geometry || geometry.triangles.length === 0) return null;
    const material = node.appearance?.material ?? null;
    const positions = matrix ? applyMatrix(geometry.points, matrix) : geometry.points;
    this.emittedVertices += positions.length / 3;
    const max = this.parser.maxVertices;
    if (this.emittedVertices > max) this.parser.lex.fail(`model too large: more than ${max} vertices`, node.line);
    let indices = geometry.triangles;
    if (mirrored) {
      indices = indices.slice();
      flipWinding(indices);
    }
    return {
      material: material?.value ?? this.fallback,
      materialName: material?.name ?? node.appearance?.name ?? null,
      positions,
      indices,
      creaseAngle: geometry.creaseAngle,
      solid: geometry.solid,
      line: node.line,
    };
  }
}

// ---------------------------------------------------------------------------
// Shapes → mesh parts

interface MaterialGroup {
  name: string | null;
  shapes: VrmlShape[];
}

function materialKey(m: MeshMaterial): string {
  return [...m.diffuse, ...m.specular, ...m.emissive, m.shininess, m.transparency, m.ambient].join(',');
}

/** Shapes with triangles, grouped by material name + values, in order of first use. */
function groupByMaterial(shapes: readonly VrmlShape[]): MaterialGroup[] {
  const valueKeys = new Map<MeshMaterial, string>(); // shapes mostly share material objects
  const byKey = new Map<string, MaterialGroup>();
  for (const shape of shapes) {
    if (shape.indices.length < 3) continue;
    let values = valueKeys.get(shape.material);
    if (values === undefined) {
      values = materialKey(shape.material);
      valueKeys.set(shape.material, values);
    }
    const key = `${shape.materialName ?? ''}\u0000${values}`;
    let group = byKey.get(key);
    if (!group) {
      group = { name: shape.materialName, shapes: [] };
      byKey.set(key, group);
    }
    group.shapes.push(shape);
  }
  return [...byKey.values()];
}

/** One part from shapes sharing a material: positions scaled to mm, indices rebased. */
function mergeShapes(shapes: readonly VrmlShape[], name: string, unit: number): MeshPart {
  let floats = 0;
  let indexCount = 0;
  for (const s of shapes) {
    floats += s.positions.length - (s.positions.length % 3);
    indexCount += s.indices.length - (s.indices.length % 3);
  }
  const positions = new Float32Array(floats);
  const indices = new Uint32Array(indexCount);
  let p = 0;
  let q = 0;
  for (const s of shapes) {
    const base = p / 3;
    const n = s.positions.length - (s.positions.length % 3);
    for (let i = 0; i < n; i++) positions[p + i] = s.positions[i]! * unit;
    p += n;
    const m = s.indices.length - (s.indices.length % 3);
    for (let i = 0; i < m; i++) indices[q + i] = s.indices[i]! + base;
    q += m;
  }
  const first = shapes[0]!;
  const mat = first.material;
  const material: MeshMaterial = { ...mat, diffuse: [...mat.diffuse], specular: [...mat.specular], emissive: [...mat.emissive] };
  // Shapes of one material nearly always share one crease angle; the first one's is kept.
  return { name, kind: 'model', material, creaseAngle: first.creaseAngle, positions, indices };
}
