import { createHash } from 'node:crypto';
import { zstdCompressSync } from 'node:zlib';
import { parseSymbolLibrary, type KicadSymbol, type SymbolProperty } from '../kicad/symbol-lib.ts';
import { writeSymbolLibrary } from '../kicad/symbol-write.ts';

// The placement payload of ADR 0015 §2, built from the files of the part's KiCad zip (the same
// bytes a download gives), with provenance fields written into the symbol. Pure: the server part
// (placement.server.ts) finds the zip, the verdict and the addresses.

export const PLACE_COMMANDS = ['DL_COMPONENT', 'DL_SYMBOL', 'DL_FOOTPRINT', 'DL_3DMODEL'] as const;
export type PlaceCommand = (typeof PLACE_COMMANDS)[number];
type AssetCommand = Exclude<PlaceCommand, 'DL_COMPONENT'>;
export type ContentType = 'KICAD_SYMBOL_V1' | 'KICAD_FOOTPRINT_V1' | 'KICAD_3D_MODEL_VRML' | 'KICAD_3D_MODEL_STEP';
export type BundleType = 'symbol' | 'footprint' | '3dmodel';

export type AssetRecord = {
  command: AssetCommand;
  label: string;
  filename: string;
  data: string;
  parameters: { mode: 'PLACE' | 'SAVE'; compression: 'ZSTD'; content_type: ContentType; library: string; name: string };
  size_bytes: number;
};

export type BundleEntry = { type: BundleType; name: string; checksum: string; compression: 'ZSTD'; content: string };

export type Provenance = { source: string; date: string; check: string; url: string };

export type PlacementPayload = {
  name: string;
  image: string;
  command: PlaceCommand;
  parameters: Record<string, string>;
  data: string;
  assets: AssetRecord[];
  check: { quality: string; checkedAt: string | null };
  provenance: Provenance;
};

/** Symbol fields we add; KiCad keeps them with the placed symbol, hidden. */
export const PROVENANCE_FIELDS = { source: 'Chipedia_Source', date: 'Chipedia_Date', check: 'Chipedia_Check', url: 'Chipedia_URL' } as const;

/** The library name KiCad files placed parts under. */
export const PLACEMENT_LIBRARY = 'Chipedia';

export const zstd = (bytes: Uint8Array): Buffer => zstdCompressSync(bytes);
const b64zstd = (bytes: Uint8Array): string => zstd(bytes).toString('base64');
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export type ZipFile = { name: string; data: Buffer };

/** The zip's files by kind: `<base>/<base>.kicad_sym`, `<base>/<base>.pretty/*.kicad_mod`, `<base>/3d/*`. */
export function classifyZipFiles(files: readonly ZipFile[]): { symbol?: ZipFile; footprint?: ZipFile; model?: ZipFile } {
  const out: { symbol?: ZipFile; footprint?: ZipFile; model?: ZipFile } = {};
  for (const f of files) {
    if (f.name.endsWith('.kicad_sym')) out.symbol ??= f;
    else if (f.name.endsWith('.kicad_mod')) out.footprint ??= f;
    else if (/\/3d\/[^/]+$/.test(f.name)) out.model ??= f;
  }
  return out;
}

const baseName = (path: string) => path.split('/').pop() ?? path;

/** The symbol library text with the provenance fields set (replacing fields of the same name). */
export function withProvenance(symbolLibText: string, fileName: string, provenance: Provenance): { text: string; symbol: KicadSymbol } {
  const lib = parseSymbolLibrary(symbolLibText, fileName);
  const sym = lib.symbols[0];
  if (!sym) throw new Error(`symbol library ${fileName} has no symbol: ${lib.errors[0]?.reason ?? 'empty'}`);
  const model = sym.properties.find((p) => p.key === 'Value') ?? sym.properties[0];
  const names = new Set<string>(Object.values(PROVENANCE_FIELDS));
  const field = (key: string, value: string): SymbolProperty => ({
    key,
    value,
    at: model ? { ...model.at } : { x: 0, y: 0, rotation: 0 },
    hidden: true,
    showName: false,
    effects: model ? { ...model.effects, hidden: true } : { height: 1.27, width: 1.27, bold: false, italic: false, hAlign: 'center', vAlign: 'center', mirror: false, hidden: true },
  });
  const properties = [
    ...sym.properties.filter((p) => !names.has(p.key)),
    field(PROVENANCE_FIELDS.source, provenance.source),
    field(PROVENANCE_FIELDS.date, provenance.date),
    field(PROVENANCE_FIELDS.check, provenance.check),
    field(PROVENANCE_FIELDS.url, provenance.url),
  ];
  const symbol: KicadSymbol = { ...sym, properties };
  return { text: writeSymbolLibrary([symbol]), symbol };
}

export type PlacementInput = {
  command: PlaceCommand;
  /** What the part is called in KiCad's dialogs (the MPN). */
  name: string;
  image: string;
  files: readonly ZipFile[];
  check: { quality: string; checkedAt: string | null };
  provenance: Provenance;
};

export class MissingAssetError extends Error {
  readonly command: PlaceCommand;
  constructor(command: PlaceCommand) {
    super(`no file for ${command}`);
    this.name = 'MissingAssetError';
    this.command = command;
  }
}

function modelType(filename: string): ContentType {
  return /\.(step|stp)$/i.test(filename) ? 'KICAD_3D_MODEL_STEP' : 'KICAD_3D_MODEL_VRML';
}

/** Builds the payload; throws MissingAssetError when the command's file is not among the zip's. */
export function buildPlacementPayload(input: PlacementInput): PlacementPayload {
  const { symbol, footprint, model } = classifyZipFiles(input.files);
  const placed: { type: BundleType; command: AssetCommand; label: string; filename: string; name: string; bytes: Buffer; contentType: ContentType }[] = [];
  if (symbol) {
    const { text, symbol: sym } = withProvenance(symbol.data.toString('utf8'), baseName(symbol.name), input.provenance);
    placed.push({ type: 'symbol', command: 'DL_SYMBOL', label: 'Symbol', filename: baseName(symbol.name), name: sym.name, bytes: Buffer.from(text, 'utf8'), contentType: 'KICAD_SYMBOL_V1' });
  }
  if (footprint) {
    const filename = baseName(footprint.name);
    placed.push({ type: 'footprint', command: 'DL_FOOTPRINT', label: 'Footprint', filename, name: filename.replace(/\.kicad_mod$/, ''), bytes: footprint.data, contentType: 'KICAD_FOOTPRINT_V1' });
  }
  if (model) {
    const filename = baseName(model.name);
    placed.push({ type: '3dmodel', command: 'DL_3DMODEL', label: '3D model', filename, name: filename, bytes: model.data, contentType: modelType(filename) });
  }
  const wanted = input.command === 'DL_COMPONENT' ? placed : placed.filter((p) => p.command === input.command);
  if (wanted.length === 0 || (input.command === 'DL_COMPONENT' && !symbol && !footprint)) throw new MissingAssetError(input.command);
  // The placed item: the symbol of a component, or the one file asked for.
  const placeType: BundleType = input.command === 'DL_COMPONENT' ? (symbol ? 'symbol' : 'footprint') : wanted[0]!.type;
  const assets: AssetRecord[] = wanted.map((p) => ({
    command: p.command,
    label: p.label,
    filename: p.filename,
    data: b64zstd(p.bytes),
    parameters: { mode: p.type === placeType ? 'PLACE' : 'SAVE', compression: 'ZSTD', content_type: p.contentType, library: PLACEMENT_LIBRARY, name: p.name },
    size_bytes: p.bytes.length,
  }));
  let parameters: Record<string, string>;
  let data: string;
  if (input.command === 'DL_COMPONENT') {
    const bundle: BundleEntry[] = wanted.map((p, i) => ({ type: p.type, name: p.name, checksum: sha256(p.bytes), compression: 'ZSTD', content: assets[i]!.data }));
    data = b64zstd(Buffer.from(JSON.stringify(bundle), 'utf8'));
    parameters = { compression: 'ZSTD', library: PLACEMENT_LIBRARY };
  } else {
    data = assets[0]!.data;
    parameters = { ...assets[0]!.parameters };
  }
  return { name: input.name, image: input.image, command: input.command, parameters, data, assets, check: input.check, provenance: input.provenance };
}
