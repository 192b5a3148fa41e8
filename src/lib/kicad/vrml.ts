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

import type { MeshMaterial, MeshModel, MeshPart } from '../viewer3d/mesh-format.ts';

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
// Lexer: char-code level reading of the VRML classic encoding

const C_TAB = 9;
const C_LF = 10;
const C_CR = 13;
const C_SPACE = 32;
const C_QUOTE = 34;
const C_HASH = 35;
const C_PLUS = 43;
const C_COMMA = 44;
const C_MINUS = 45;
const C_DOT = 46;
const C_0 = 48;
const C_9 = 57;
const C_BACKSLASH = 92;
const C_LBRACKET = 91;
const C_RBRACKET = 93;
const C_LBRACE = 123;
const C_RBRACE = 125;

/** 1 for ASCII codes that end a word or number token. */
const DELIMITER = new Uint8Array(128);
for (let c = 0; c <= C_SPACE; c++) DELIMITER[c] = 1;
for (const c of [C_QUOTE, C_HASH, C_COMMA, C_LBRACKET, C_RBRACKET, C_LBRACE, C_RBRACE, 127]) DELIMITER[c] = 1;

const isDelimiter = (c: number): boolean => c < 0 || (c < 128 && DELIMITER[c] === 1);
const isDigit = (c: number): boolean => c >= C_0 && c <= C_9;
const startsNumber = (c: number): boolean => isDigit(c) || c === C_MINUS || c === C_PLUS || c === C_DOT;

/** Exact powers of ten: one multiplication or division by them rounds correctly. */
const POW10: number[] = [];
for (let i = 0, p = 1; i <= 22; i++, p *= 10) POW10.push(p);

class Lexer {
  readonly src: string;
  pos = 0;
  line = 1;

  constructor(src: string) {
    this.src = src;
  }

  fail(reason: string, line = this.line): never {
    throw new VrmlError(reason, line);
  }

  /** Skips whitespace, commas and # comments, counting lines. */
  skipSpace(): void {
    const s = this.src;
    const n = s.length;
    let i = this.pos;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === C_LF) {
        this.line++;
        i++;
      } else if (c === C_SPACE || c === C_COMMA || c === C_TAB || c === C_CR) {
        i++;
      } else if (c === C_HASH) {
        while (i < n && s.charCodeAt(i) !== C_LF) i++;
      } else {
        break;
      }
    }
    this.pos = i;
  }

  /** The next significant char code (whitespace skipped), -1 at the end. */
  peek(): number {
    this.skipSpace();
    return this.pos < this.src.length ? this.src.charCodeAt(this.pos) : -1;
  }

  /** The word at pos (may be ''), consumed. */
  readWord(): string {
    const start = this.pos;
    this.skipWord();
    return this.src.slice(start, this.pos);
  }

  /** Moves past the word or number at pos without copying it. */
  skipWord(): void {
    const s = this.src;
    const n = s.length;
    let i = this.pos;
    while (i < n && !isDelimiter(s.charCodeAt(i))) i++;
    this.pos = i;
  }

  /** A node type, field or DEF name: a word that does not start like a number. */
  readName(what: string): string {
    const c = this.peek();
    if (c < 0 || isDelimiter(c) || startsNumber(c)) this.fail(`expected ${what}, found ${this.describeNext()}`);
    return this.readWord();
  }

  /** The next token, quoted and shortened, for error messages. */
  describeNext(): string {
    const c = this.peek();
    if (c < 0) return 'end of file';
    if (isDelimiter(c)) return `'${String.fromCharCode(c)}'`;
    const s = this.src;
    let end = this.pos;
    while (end < s.length && end - this.pos < 40 && !isDelimiter(s.charCodeAt(end))) end++;
    return `'${s.slice(this.pos, end)}'`;
  }

  /** A float (VRML syntax: sign, digits, optional fraction and exponent), parsed in place. */
  readNumber(): number {
    const s = this.src;
    const n = s.length;
    const start = this.pos;
    let i = start;
    let c = i < n ? s.charCodeAt(i) : -1;
    let negative = false;
    if (c === C_MINUS || c === C_PLUS) {
      negative = c === C_MINUS;
      c = ++i < n ? s.charCodeAt(i) : -1;
    }
    let mantissa = 0;
    let significant = 0;
    let digits = 0;
    let exponent = 0;
    while (isDigit(c)) {
      mantissa = mantissa * 10 + (c - C_0);
      if (mantissa !== 0) significant++;
      digits++;
      c = ++i < n ? s.charCodeAt(i) : -1;
    }
    if (c === C_DOT) {
      c = ++i < n ? s.charCodeAt(i) : -1;
      while (isDigit(c)) {
        mantissa = mantissa * 10 + (c - C_0);
        if (mantissa !== 0) significant++;
        digits++;
        exponent--;
        c = ++i < n ? s.charCodeAt(i) : -1;
      }
    }
    if (digits === 0) this.fail(`expected a number, found ${this.describeNext()}`);
    if (c === 101 || c === 69) {
      // e / E
      c = ++i < n ? s.charCodeAt(i) : -1;
      let expNegative = false;
      if (c === C_MINUS || c === C_PLUS) {
        expNegative = c === C_MINUS;
        c = ++i < n ? s.charCodeAt(i) : -1;
      }
      if (!isDigit(c)) this.fail(`invalid number ${this.describeNext()}`);
      let e = 0;
      while (isDigit(c)) {
        if (e < 100_000) e = e * 10 + (c - C_0);
        c = ++i < n ? s.charCodeAt(i) : -1;
      }
      exponent += expNegative ? -e : e;
    }
    if (!isDelimiter(c)) this.fail(`invalid number ${this.describeNext()}`);
    this.pos = i;
    if (significant <= 15 && exponent >= -22 && exponent <= 22) {
      const v = exponent < 0 ? mantissa / POW10[-exponent]! : mantissa * POW10[exponent]!;
      return negative ? -v : v;
    }
    // Long mantissas and big exponents: let the engine round (rare in real files).
    const v = Number.parseFloat(s.slice(start, i));
    if (!Number.isFinite(v)) this.fail(`number out of range: ${s.slice(start, i)}`);
    return v;
  }

  /** A 32-bit integer (decimal or 0x hex). */
  readInt(): number {
    const s = this.src;
    const n = s.length;
    let i = this.pos;
    let c = i < n ? s.charCodeAt(i) : -1;
    let negative = false;
    if (c === C_MINUS || c === C_PLUS) {
      negative = c === C_MINUS;
      c = ++i < n ? s.charCodeAt(i) : -1;
    }
    let v = 0;
    let digits = 0;
    if (c === C_0 && i + 1 < n && (s.charCodeAt(i + 1) | 0x20) === 120 /* x */) {
      i += 2;
      for (c = i < n ? s.charCodeAt(i) : -1; ; c = ++i < n ? s.charCodeAt(i) : -1) {
        const h = hexValue(c);
        if (h < 0) break;
        v = v * 16 + h;
        digits++;
      }
    } else {
      while (isDigit(c)) {
        v = v * 10 + (c - C_0);
        digits++;
        c = ++i < n ? s.charCodeAt(i) : -1;
      }
    }
    if (digits === 0 || !isDelimiter(c)) this.fail(`expected an integer, found ${this.describeNext()}`);
    if (v > 0x7fffffff) this.fail(`integer out of range: ${this.describeNext()}`);
    this.pos = i;
    return negative ? -v : v;
  }

  /** TRUE or FALSE. */
  readBool(): boolean {
    this.skipSpace();
    const word = this.readWord();
    if (word === 'TRUE') return true;
    if (word === 'FALSE') return false;
    return this.fail(`expected TRUE or FALSE, found '${word}'`);
  }

  /** Consumes a "string" (escapes allowed, may span lines). */
  skipString(): void {
    const s = this.src;
    const n = s.length;
    const startLine = this.line;
    let i = this.pos + 1;
    for (;;) {
      if (i >= n) this.fail(`unterminated string (started on line ${startLine})`);
      const c = s.charCodeAt(i);
      if (c === C_QUOTE) break;
      if (c === C_BACKSLASH) {
        i++; // the escaped character, which may be a quote or a newline
        if (i < n && s.charCodeAt(i) === C_LF) this.line++;
      } else if (c === C_LF) this.line++;
      i++;
    }
    this.pos = i + 1;
  }
}

function hexValue(c: number): number {
  if (c >= C_0 && c <= C_9) return c - C_0;
  const l = c | 0x20;
  return l >= 97 && l <= 102 ? l - 87 : -1;
}

// ---------------------------------------------------------------------------
// Node graph built by the parser

/** 3×4 affine matrix, row-major: [r00 r01 r02 tx, r10 r11 r12 ty, r20 r21 r22 tz]. */
type Matrix = Float64Array;

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
    this.lex = new Lexer(text);
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
    const triangles = triangulate(index.values, points, ccw, convex, this.earBudget);
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

/** Work left for ear clipping; once spent, concave polygons are fanned (a hostile file can't stall us). */
interface EarBudget {
  left: number;
  exhausted: boolean;
}

interface IndexList {
  values: Int32Array;
  /** Largest index and the line it is on (-1 when empty). */
  max: number;
  maxLine: number;
}

// ---------------------------------------------------------------------------
// Polygons → triangles

/**
 * Triangulates coordIndex polygons (-1 separated; the last may lack its -1). Convex polygons
 * are fanned; with convex FALSE, polygons of 4+ points are ear-clipped. Every polygon of k ≥ 3
 * points gives exactly k − 2 triangles; shorter ones are dropped. ccw FALSE flips the winding.
 */
function triangulate(index: Int32Array, points: Float32Array, ccw: boolean, convex: boolean, budget: EarBudget): Uint32Array {
  let count = 0;
  let k = 0;
  for (let i = 0; i < index.length; i++) {
    if (index[i] === -1) {
      if (k >= 3) count += k - 2;
      k = 0;
    } else k++;
  }
  if (k >= 3) count += k - 2;
  const out = new Uint32Array(count * 3);
  let o = 0;
  let start = 0;
  for (let i = 0; i <= index.length; i++) {
    if (i < index.length && index[i] !== -1) continue;
    const size = i - start;
    if (size === 3) {
      out[o++] = index[start]!;
      out[o++] = index[start + 1]!;
      out[o++] = index[start + 2]!;
    } else if (size > 3) {
      o = convex || budget.exhausted ? fan(index, start, size, out, o) : earClip(index, start, size, points, out, o, budget);
    }
    start = i + 1;
  }
  if (!ccw) flipWinding(out);
  return out;
}

function fan(index: Int32Array, start: number, size: number, out: Uint32Array, o: number): number {
  const first = index[start]!;
  for (let j = 1; j + 1 < size; j++) {
    out[o++] = first;
    out[o++] = index[start + j]!;
    out[o++] = index[start + j + 1]!;
  }
  return o;
}

function flipWinding(tris: Uint32Array): void {
  for (let t = 0; t + 2 < tris.length; t += 3) {
    const b = tris[t + 1]!;
    tris[t + 1] = tris[t + 2]!;
    tris[t + 2] = b;
  }
}

/**
 * Ear clipping of one (possibly concave) polygon, projected onto the plane its normal is most
 * aligned with. Keeps the polygon's winding. If no ear is found (self-intersecting or
 * degenerate input) or the budget runs out, the remainder is fanned so the count stays k − 2.
 */
function earClip(index: Int32Array, start: number, size: number, points: Float32Array, out: Uint32Array, o: number, budget: EarBudget): number {
  const { u, v, orientation } = projectPolygon(index, start, size, points);
  const ring: number[] = [];
  for (let j = 0; j < size; j++) ring.push(j);
  let at = 0;
  let misses = 0;
  while (ring.length > 3 && misses < ring.length) {
    const n = ring.length;
    budget.left -= n;
    if (budget.left < 0) {
      budget.exhausted = true;
      break;
    }
    const a = ring[(at + n - 1) % n]!;
    const b = ring[at % n]!;
    const c = ring[(at + 1) % n]!;
    if (isEar(ring, a, b, c, u, v, orientation)) {
      out[o++] = index[start + a]!;
      out[o++] = index[start + b]!;
      out[o++] = index[start + c]!;
      ring.splice(at % n, 1);
      at = at % ring.length;
      misses = 0;
    } else {
      at = (at + 1) % n;
      misses++;
    }
  }
  for (let j = 1; j + 1 < ring.length; j++) {
    out[o++] = index[start + ring[0]!]!;
    out[o++] = index[start + ring[j]!]!;
    out[o++] = index[start + ring[j + 1]!]!;
  }
  return o;
}

/** 2D coordinates of a polygon on its dominant plane, and the sign of its area there. */
function projectPolygon(index: Int32Array, start: number, size: number, p: Float32Array): { u: Float64Array; v: Float64Array; orientation: number } {
  // Newell's method: a robust normal even for concave polygons.
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let j = 0; j < size; j++) {
    const i0 = index[start + j]! * 3;
    const i1 = index[start + ((j + 1) % size)]! * 3;
    nx += (p[i0 + 1]! - p[i1 + 1]!) * (p[i0 + 2]! + p[i1 + 2]!);
    ny += (p[i0 + 2]! - p[i1 + 2]!) * (p[i0]! + p[i1]!);
    nz += (p[i0]! - p[i1]!) * (p[i0 + 1]! + p[i1 + 1]!);
  }
  const ax = Math.abs(nx);
  const ay = Math.abs(ny);
  const az = Math.abs(nz);
  // Drop the dominant axis; (axis+1, axis+2) keeps the projection right-handed.
  const axis = ax >= ay && ax >= az ? 0 : ay >= az ? 1 : 2;
  const normal = axis === 0 ? nx : axis === 1 ? ny : nz;
  const ku = (axis + 1) % 3;
  const kv = (axis + 2) % 3;
  const u = new Float64Array(size);
  const v = new Float64Array(size);
  for (let j = 0; j < size; j++) {
    const i = index[start + j]! * 3;
    u[j] = p[i + ku]!;
    v[j] = p[i + kv]!;
  }
  return { u, v, orientation: normal >= 0 ? 1 : -1 };
}

function isEar(ring: number[], a: number, b: number, c: number, u: Float64Array, v: Float64Array, orientation: number): boolean {
  const ax = u[a]!, ay = v[a]!, bx = u[b]!, by = v[b]!, cx = u[c]!, cy = v[c]!;
  if (cross(ax, ay, bx, by, cx, cy) * orientation <= 0) return false; // reflex or flat corner
  for (const j of ring) {
    if (j === a || j === b || j === c) continue;
    const px = u[j]!, py = v[j]!;
    if ((px === ax && py === ay) || (px === bx && py === by) || (px === cx && py === cy)) continue;
    const d1 = cross(ax, ay, bx, by, px, py) * orientation;
    const d2 = cross(bx, by, cx, cy, px, py) * orientation;
    const d3 = cross(cx, cy, ax, ay, px, py) * orientation;
    if (d1 >= 0 && d2 >= 0 && d3 >= 0) return false; // another vertex inside or on the ear
  }
  return true;
}

const cross = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number => (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);

// ---------------------------------------------------------------------------
// Transforms

const IDENTITY: Matrix = new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]);

function multiply(a: Matrix, b: Matrix): Matrix {
  const r = new Float64Array(12);
  for (let row = 0; row < 3; row++) {
    const a0 = a[row * 4]!, a1 = a[row * 4 + 1]!, a2 = a[row * 4 + 2]!;
    for (let col = 0; col < 4; col++) {
      r[row * 4 + col] = a0 * b[col]! + a1 * b[4 + col]! + a2 * b[8 + col]! + (col === 3 ? a[row * 4 + 3]! : 0);
    }
  }
  return r;
}

function translate(x: number, y: number, z: number): Matrix {
  return new Float64Array([1, 0, 0, x, 0, 1, 0, y, 0, 0, 1, z]);
}

function scaling(x: number, y: number, z: number): Matrix {
  return new Float64Array([x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0]);
}

/** Right-handed rotation by `angle` radians about an axis (normalised here; zero axis = none). */
function rotate(x: number, y: number, z: number, angle: number): Matrix {
  const len = Math.hypot(x, y, z);
  if (len === 0 || angle === 0) return IDENTITY;
  x /= len;
  y /= len;
  z /= len;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const t = 1 - c;
  return new Float64Array([
    t * x * x + c, t * x * y - s * z, t * x * z + s * y, 0,
    t * x * y + s * z, t * y * y + c, t * y * z - s * x, 0,
    t * x * z - s * y, t * y * z + s * x, t * z * z + c, 0,
  ]);
}

/** VRML's Transform: T · C · R · SR · S · −SR · −C. */
function transformMatrix(t: number[], c: number[], r: number[], s: number[], sr: number[]): Matrix {
  const [tx = 0, ty = 0, tz = 0] = t;
  const [cx = 0, cy = 0, cz = 0] = c;
  const [rx = 0, ry = 0, rz = 1, ra = 0] = r;
  const [sx = 1, sy = 1, sz = 1] = s;
  const [ox = 0, oy = 0, oz = 1, oa = 0] = sr;
  const steps = [translate(tx, ty, tz), translate(cx, cy, cz), rotate(rx, ry, rz, ra), rotate(ox, oy, oz, oa), scaling(sx, sy, sz), rotate(ox, oy, oz, -oa), translate(-cx, -cy, -cz)];
  return steps.reduce(multiply);
}

const isIdentity = (m: Matrix): boolean => m.every((x, i) => x === IDENTITY[i]);

function determinant(m: Matrix): number {
  return m[0]! * (m[5]! * m[10]! - m[6]! * m[9]!) - m[1]! * (m[4]! * m[10]! - m[6]! * m[8]!) + m[2]! * (m[4]! * m[9]! - m[5]! * m[8]!);
}

function applyMatrix(points: Float32Array, m: Matrix): Float32Array {
  const out = new Float32Array(points.length);
  for (let i = 0; i + 2 < points.length; i += 3) {
    const x = points[i]!, y = points[i + 1]!, z = points[i + 2]!;
    out[i] = m[0]! * x + m[1]! * y + m[2]! * z + m[3]!;
    out[i + 1] = m[4]! * x + m[5]! * y + m[6]! * z + m[7]!;
    out[i + 2] = m[8]! * x + m[9]! * y + m[10]! * z + m[11]!;
  }
  return out;
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
