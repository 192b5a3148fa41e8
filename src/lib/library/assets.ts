import { padNumbers, parseFootprint } from '../kicad/footprint.ts';
import { allPins, parseSymbolLibrary, unitCount } from '../kicad/symbol-lib.ts';
import { wrlToMesh } from '../kicad/vrml.ts';
import type { ServerMessageKey } from '../server/messages/server-message.ts';
import { LIBRARY_LIMITS, type AssetKind } from './library.ts';

// What an uploaded own-component file is (issue #16 item 3), recognised from its name AND its
// bytes: a .kicad_sym must be a KiCad 6+ symbol library with 1..symbolsPerFile symbols, a
// .kicad_mod a KiCad 6+ footprint (a KiCad 5 `(module …)` is refused with what to do), a .wrl or
// .step a 3D model by its magic (a PNG renamed .wrl is "not a 3D model"), a .pdf a PDF. Pure.

export const ASSET_FORMATS = ['kicad_sym', 'kicad_mod', 'wrl', 'step', 'pdf'] as const;
export type AssetFormat = (typeof ASSET_FORMATS)[number];

const KIND_OF: Record<AssetFormat, AssetKind> = { kicad_sym: 'symbol', kicad_mod: 'footprint', wrl: 'model3d', step: 'model3d', pdf: 'datasheet' };

export type SymbolInfo = { version: number | null; symbols: { name: string; pins: number; units: number }[] };
export type FootprintInfo = { name: string; version: number | null; pads: number; padNumbers: string[]; smd: boolean; models: string[] };
export type ModelInfo = { triangles: number | null; bytes: number };
export type DatasheetInfo = { bytes: number };
export type AssetInfo = SymbolInfo | FootprintInfo | ModelInfo | DatasheetInfo;

export type Inspected = { ok: true; kind: AssetKind; format: AssetFormat; info: AssetInfo } | { ok: false; key: ServerMessageKey; vars: Record<string, string | number>; found?: Sniffed | undefined };

/** The format an upload's name claims. */
export function formatOfName(name: string): AssetFormat | null {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (ext === 'kicad_sym' || ext === 'kicad_mod' || ext === 'wrl' || ext === 'pdf') return ext;
  if (ext === 'step' || ext === 'stp') return 'step';
  return null;
}

export type Sniffed = 'png' | 'jpeg' | 'gif' | 'zip' | 'pdf' | 'vrml' | 'step' | 'sexpr' | 'legacyLib' | 'text' | 'binary';

/** What the first bytes say. */
export function sniff(bytes: Uint8Array): Sniffed {
  const b = bytes;
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) return 'gif';
  if (b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04) return 'zip';
  const head = new TextDecoder('latin1').decode(b.subarray(0, 64)).replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart();
  if (head.startsWith('%PDF-')) return 'pdf';
  if (/^#VRML V[12]\.0/.test(head)) return 'vrml';
  if (head.startsWith('ISO-10303-21;')) return 'step';
  if (head.startsWith('(')) return 'sexpr';
  if (head.startsWith('EESchema-LIBRARY')) return 'legacyLib';
  for (let i = 0; i < Math.min(b.length, 4096); i++) if (b[i] === 0) return 'binary';
  return 'text';
}

const FOUND_KEY: Partial<Record<Sniffed, ServerMessageKey>> = {
  png: 'components.found.png',
  jpeg: 'components.found.jpeg',
  gif: 'components.found.gif',
  zip: 'components.found.zip',
  pdf: 'components.found.pdf',
};
/** The clause naming what a refused file really is (' (it is a PNG image)'), or none. */
export const foundKeyOf = (s: Sniffed | undefined): ServerMessageKey | null => (s ? (FOUND_KEY[s] ?? null) : null);

const utf8 = new TextDecoder('utf-8');
const first = (s: string) => s.split('\n')[0]!.slice(0, 200);

/** Recognises and reads one upload. */
export function inspectAsset(name: string, bytes: Uint8Array): Inspected {
  const format = formatOfName(name);
  if (!format) return { ok: false, key: 'components.upload.unknownType', vars: { name } };
  if (bytes.length === 0) return { ok: false, key: 'components.upload.empty', vars: { name } };
  const found = sniff(bytes);
  const refuse = (key: ServerMessageKey, vars: Record<string, string | number> = {}): Inspected => ({ ok: false, key, vars: { name, ...vars }, found });
  switch (format) {
    case 'kicad_sym': {
      if (found === 'legacyLib') return refuse('components.upload.legacySymbol');
      if (found !== 'sexpr') return found === 'text' ? refuse('components.upload.badSymbol', { reason: 'not a (kicad_symbol_lib …) file' }) : refuse('components.upload.notText');
      const lib = parseSymbolLibrary(bytes, name);
      if (lib.symbols.length === 0) {
        const fatal = lib.errors.find((e) => /not a symbol library|empty file|unbalanced|unexpected/i.test(e.reason));
        if (fatal) return refuse('components.upload.badSymbol', { reason: first(fatal.reason) });
        return refuse('components.upload.noSymbols');
      }
      if (lib.symbols.length > LIBRARY_LIMITS.symbolsPerFile) return refuse('components.upload.tooManySymbols', { count: lib.symbols.length, max: LIBRARY_LIMITS.symbolsPerFile });
      const info: SymbolInfo = { version: lib.version, symbols: lib.symbols.map((s) => ({ name: s.name, pins: allPins(s).length, units: unitCount(s) })) };
      return { ok: true, kind: KIND_OF[format], format, info };
    }
    case 'kicad_mod': {
      if (found !== 'sexpr') return found === 'text' ? refuse('components.upload.badFootprint', { reason: 'not a (footprint …) file' }) : refuse('components.upload.notText');
      const text = utf8.decode(bytes);
      if (/^\uFEFF?\s*\(\s*module[\s)]/.test(text)) return refuse('components.upload.legacyFootprint');
      const parsed = parseFootprint(text, name);
      const fp = parsed.footprint;
      if (!fp) return refuse('components.upload.badFootprint', { reason: first(parsed.errors[0]?.reason ?? 'unreadable') });
      if (fp.format === 'module') return refuse('components.upload.legacyFootprint');
      const numbers = padNumbers(fp);
      const info: FootprintInfo = {
        name: fp.name,
        version: fp.version,
        pads: numbers.length,
        padNumbers: numbers.slice(0, 1000),
        smd: fp.pads.every((p) => p.type === 'smd' || p.type === 'connect' || p.type === 'np_thru_hole'),
        models: fp.models.map((m) => m.path).slice(0, 10),
      };
      return { ok: true, kind: KIND_OF[format], format, info };
    }
    case 'wrl':
    case 'step': {
      const model: Sniffed | null = found === 'vrml' ? 'vrml' : found === 'step' ? 'step' : null;
      if (!model) return refuse('components.upload.notModel');
      if ((format === 'wrl') !== (model === 'vrml')) return refuse('components.upload.wrongModel', { ext: name.slice(name.lastIndexOf('.') + 1).toLowerCase() });
      if (model === 'step') return { ok: true, kind: 'model3d', format, info: { triangles: null, bytes: bytes.length } satisfies ModelInfo };
      try {
        const mesh = wrlToMesh(utf8.decode(bytes));
        const triangles = mesh.parts.reduce((n, p) => n + p.indices.length / 3, 0);
        return { ok: true, kind: 'model3d', format, info: { triangles, bytes: bytes.length } satisfies ModelInfo };
      } catch (e) {
        return refuse('components.upload.badModel', { reason: first(e instanceof Error ? e.message : String(e)) });
      }
    }
    case 'pdf': {
      if (found !== 'pdf') return refuse('components.upload.notPdf');
      return { ok: true, kind: 'datasheet', format, info: { bytes: bytes.length } satisfies DatasheetInfo };
    }
  }
}
