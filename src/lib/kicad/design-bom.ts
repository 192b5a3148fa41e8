// The bill of materials of a design: one line per distinct part (value, footprint and the
// fields that identify a purchasable part), references in natural order. From the schematic
// (every sheet instance, per-instance references) or, for a board without its schematic, from
// the board's footprints.

import type { Board } from './board.ts';
import { naturalCompare } from './natural-compare.ts';
import { libSymbolFor, type SchematicSymbol } from './schematic.ts';
import { symbolOccurrences, type SchematicHierarchy } from './schematic-hierarchy.ts';

export interface BomFields {
  mpn?: string;
  manufacturer?: string;
  lcsc?: string;
  datasheet?: string;
  description?: string;
  /** Any other user field, under its name as written. */
  [other: string]: string | undefined;
}

export interface DesignBomLine {
  value: string;
  footprint: string;
  /** Natural order: R1, R2, R10. */
  refs: string[];
  quantity: number;
  fields: BomFields;
  dnp: boolean;
  excludedFromBom: boolean;
  /** Library id of the symbol (`Device:R`), or the footprint's for a board BOM. */
  libId: string;
}

export interface DesignBomOptions {
  /** Project name, to pick KiCad 7+ per-project instance data. */
  project?: string;
  /** Keep symbols marked `in_bom no` / footprints marked `exclude_from_bom`, flagged (default false). */
  includeExcluded?: boolean;
  /** Keep do-not-populate parts, flagged (default true). */
  includeDnp?: boolean;
}

type KnownField = 'mpn' | 'manufacturer' | 'lcsc' | 'datasheet' | 'description';

/**
 * Field names seen in real projects for the same information, compared lowercased with
 * everything but letters and digits removed ('Mfr. Part #' → 'mfrpart'). The schematic
 * fixtures use MPN, PARTNO, PartNumber, 'Mfr. No.', Mfg, 'Mfr.', Manufacturer and LCSC.
 */
const FIELD_ALIASES: Record<KnownField, string[]> = {
  mpn: [
    'MPN', 'Mfr. Part #', 'Mfr Part Number', 'Manufacturer_Part_Number', 'Manufacturer Part Number', 'Manufacturer PN',
    'MFR_PN', 'MFN', 'MFPN', 'PartNumber', 'Part Number', 'PARTNO', 'Part No', 'Mfr. No.', 'MfrNo', 'P/N', 'PN',
  ],
  manufacturer: ['Manufacturer', 'MFR', 'Mfr.', 'Mfg', 'Manufacturer_Name', 'Manufacturer Name', 'Maker', 'Vendor'],
  lcsc: ['LCSC', 'LCSC Part', 'LCSC Part #', 'LCSC Part Number', 'LCSC PN', 'LCSC#', 'JLCPCB Part #', 'JLCPCB Part', 'JLC', 'JLCPCB'],
  datasheet: ['Datasheet'],
  description: ['Description', 'ki_description'],
};

function normaliseKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const ALIAS_INDEX = new Map<string, KnownField>();
for (const [field, names] of Object.entries(FIELD_ALIASES) as [KnownField, string[]][]) {
  for (const n of names) ALIAS_INDEX.set(normaliseKey(n), field);
}

/** Which known field a property name means ('mpn', 'lcsc', …), or undefined. */
export function bomFieldFor(key: string): KnownField | undefined {
  return ALIAS_INDEX.get(normaliseKey(key));
}

/** Fields that are the design's plumbing, not part data. */
function isInternalField(key: string): boolean {
  return (
    key === 'Reference' ||
    key === 'Value' ||
    key === 'Footprint' ||
    key.startsWith('ki_') ||
    key.startsWith('Sim.') ||
    key.startsWith('Spice_') ||
    key === 'Sheetname' ||
    key === 'Sheetfile' ||
    key === 'Sheet name' ||
    key === 'Sheet file' ||
    key === 'Intersheetrefs' ||
    key === 'Intersheet References'
  );
}

/** Fields of a part from (name, value) pairs: known ones under their canonical name, the rest as written. */
export function bomFields(props: Iterable<readonly [string, string]>): BomFields {
  const out: BomFields = {};
  for (const [key, raw] of props) {
    const value = raw.trim();
    if (value === '' || value === '~' || isInternalField(key)) continue;
    const known = bomFieldFor(key);
    // The first alias present wins (a symbol may carry both "MPN" and "PartNumber").
    if (known) {
      if (out[known] === undefined) out[known] = value;
    } else if (out[key] === undefined) out[key] = value;
  }
  return out;
}

interface BomPart {
  ref: string;
  value: string;
  footprint: string;
  fields: BomFields;
  dnp: boolean;
  excluded: boolean;
  libId: string;
}

function groupParts(parts: readonly BomPart[]): DesignBomLine[] {
  const lines = new Map<string, DesignBomLine>();
  const seen = new Set<string>();
  for (const p of parts) {
    // A multi-unit symbol appears once per unit: count the reference once.
    if (seen.has(p.ref)) continue;
    seen.add(p.ref);
    const key = [p.value, p.footprint, p.fields.mpn ?? '', p.fields.manufacturer ?? '', p.fields.lcsc ?? '', p.dnp ? 'dnp' : '', p.excluded ? 'x' : ''].join('\u0000');
    const line = lines.get(key);
    if (!line) {
      lines.set(key, { value: p.value, footprint: p.footprint, refs: [p.ref], quantity: 1, fields: { ...p.fields }, dnp: p.dnp, excludedFromBom: p.excluded, libId: p.libId });
      continue;
    }
    line.refs.push(p.ref);
    line.quantity++;
    // Other fields: the first non-empty value on the line.
    for (const [k, v] of Object.entries(p.fields)) if (line.fields[k] === undefined) line.fields[k] = v;
  }
  const out = [...lines.values()];
  for (const l of out) l.refs.sort(naturalCompare);
  out.sort((a, b) => naturalCompare(a.refs[0] ?? '', b.refs[0] ?? '') || naturalCompare(a.value, b.value));
  return out;
}

function symbolProps(sym: SchematicSymbol): [string, string][] {
  return sym.properties.map((p) => [p.key, p.value]);
}

/** True for power symbols, flags and other `#` references, which are not parts. */
function isVirtual(ref: string, power: boolean): boolean {
  return power || ref.startsWith('#') || ref === '';
}

/**
 * The design's BOM from its sheet hierarchy: every non-power symbol occurrence with its
 * per-instance reference, value and footprint, grouped by value, footprint, MPN,
 * manufacturer and LCSC number (and DNP), counted once per reference.
 */
export function extractDesignBom(h: SchematicHierarchy, opts: DesignBomOptions = {}): DesignBomLine[] {
  const parts: BomPart[] = [];
  for (const o of symbolOccurrences(h, opts.project)) {
    const sch = o.sheet.schematic;
    const lib = sch ? libSymbolFor(sch, o.symbol) : undefined;
    if (isVirtual(o.reference, lib?.power ?? false)) continue;
    const excluded = !o.symbol.inBom;
    if (excluded && !opts.includeExcluded) continue;
    if (o.symbol.dnp && opts.includeDnp === false) continue;
    parts.push({
      ref: o.reference,
      value: o.value,
      footprint: o.footprint,
      fields: bomFields(symbolProps(o.symbol)),
      dnp: o.symbol.dnp,
      excluded,
      libId: o.symbol.libId,
    });
  }
  return groupParts(parts);
}

/** The BOM of a board without its schematic: footprints with their fields (KiCad 8+ properties). */
export function extractBoardBom(board: Board, opts: Omit<DesignBomOptions, 'project'> = {}): DesignBomLine[] {
  const parts: BomPart[] = [];
  for (const fp of board.footprints) {
    if (isVirtual(fp.reference, false)) continue;
    const excluded = fp.attributes.excludeFromBom;
    if (excluded && !opts.includeExcluded) continue;
    if (fp.attributes.dnp && opts.includeDnp === false) continue;
    // Not fp.description: that is the footprint library's text, not the part's.
    const props: [string, string][] = Object.entries(fp.properties);
    parts.push({
      ref: fp.reference,
      value: fp.value,
      footprint: fp.name,
      fields: bomFields(props),
      dnp: fp.attributes.dnp,
      excluded,
      libId: fp.name,
    });
  }
  return groupParts(parts);
}
