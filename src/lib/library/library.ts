// The personal library's shared vocabulary (issue #16): limits, quality levels, the cross-asset
// check's findings, own-component parameters. Pure, used by the server, the islands and scripts.

/** Limits a user meets; each refusal says which one in the user's language. */
export const LIBRARY_LIMITS = {
  /** Folder and category names: trimmed, plain text (no markup), 1..50 characters. */
  nameMaxChars: 50,
  foldersPerUser: 200,
  /** Collected parts and modules per user (the lists are budgeted at 10,000). */
  itemsPerUser: 20_000,
  categoriesPerUser: 1_000,
  categoryDepth: 3,
  componentsPerUser: 2_000,
  blocksPerUser: 1_000,
  /** One uploaded asset (symbol, footprint, 3D model, PDF). */
  assetMaxBytes: 20 * 1024 * 1024,
  /** Files in one asset/upload/list call. */
  assetsPerUpload: 10,
  /** Symbols in one uploaded .kicad_sym (a component uses one; a whole library is refused). */
  symbolsPerFile: 50,
  descriptionMaxChars: 2_000,
  paramsPerComponent: 60,
  pageSizeMax: 100,
} as const;

export type Severity = 'error' | 'warning' | 'info';

/**
 * One finding of the cross-asset check: a stable code (its plain sentence comes from
 * check-messages.ts in the reader's language), a severity, and the values the sentence names.
 */
export type Finding = { code: string; severity: Severity; vars: Record<string, string | number> };

/** A component's or catalogue part's quality: the worst severity found, or not checked yet. */
export type Quality = 'ok' | 'warnings' | 'errors' | 'unchecked';

export type CheckResult = { quality: Quality; findings: Finding[]; version: number; ms: number };

/** What the check reads: the assets as uploaded (any may be missing) and what the part number says. */
export type CheckInput = {
  mpn: string;
  /** The .kicad_sym text and which symbol of it (the only one when omitted). */
  symbol?: { text: string; name?: string | null } | null;
  /** The .kicad_mod text. */
  footprint?: { text: string } | null;
  /** The 3D model file's bytes, its name and format. */
  model?: { bytes: Uint8Array; name: string; format: 'wrl' | 'step' } | null;
};

/** The quality a list of findings amounts to. */
export function qualityOf(findings: readonly Finding[]): Exclude<Quality, 'unchecked'> {
  if (findings.some((f) => f.severity === 'error')) return 'errors';
  if (findings.some((f) => f.severity === 'warning')) return 'warnings';
  return 'ok';
}

/** An own component's parameter: a catalogue parameter key, the value as typed, its parsed number in the key's base unit. */
export type ComponentParam = { key: string; value: string; num: number | null; unit: string | null };

export const ASSET_KINDS = ['symbol', 'footprint', 'model3d', 'datasheet'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];
