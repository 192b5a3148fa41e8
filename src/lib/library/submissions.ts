import type { CheckResult, ComponentParam } from './library.ts';

// Proposals of own components to the public catalogue (issue #16 item 5): the vocabulary shared by
// the server, the islands and the grant script. Pure.

/** Licences a submitter may put the component under (SPDX ids); the submitter confirms they may. */
export const SUBMISSION_LICENCES = ['CC-BY-SA-4.0', 'CC-BY-4.0', 'CC0-1.0'] as const;
export type SubmissionLicence = (typeof SUBMISSION_LICENCES)[number];

export const SUBMISSION_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const ROLES = ['user', 'operator'] as const;
export type Role = (typeof ROLES)[number];

/** The catalogue source of an accepted part; its library name for symbols, footprints and 3D models. */
export const SUBMISSION_SOURCE = 'user-submission';
export const COMMUNITY_LIBRARY = 'chipedia-community';

export const SUBMISSION_LIMITS = {
  /** A rejection's reason: required, plain text. */
  reasonMaxChars: 500,
  /** A submitter's note to the reviewer. */
  noteMaxChars: 500,
  pageSizeMax: 100,
  /** Pending proposals one user may have at once. */
  pendingPerUser: 50,
} as const;

/** One asset as submitted: the file store key and what the upload found. */
export type SnapshotAsset = {
  kind: 'symbol' | 'footprint' | 'model3d' | 'datasheet';
  format: string;
  fileName: string;
  fileKey: string;
  size: number;
};

/**
 * What the reviewer reviews: the component as it was when submitted (later edits of the own
 * component do not change it). `fileKeys` lists every asset key, so the file store keeps the files
 * while the proposal is pending (file-references.server.ts counts them).
 */
export type SubmissionSnapshot = {
  component: {
    id: number;
    mpn: string;
    brand: string;
    cateId: number | null;
    description: string;
    datasheetUrl: string | null;
    symbolName: string | null;
    params: ComponentParam[];
    quality: string;
  };
  check: CheckResult | null;
  assets: SnapshotAsset[];
  fileKeys: string[];
  licence: SubmissionLicence;
  note: string;
};

/**
 * A phone number as an operator types it: '13800138000', '+86 138 0013 8000', '86-13800138000',
 * '+8613800138000', '0086…'. Returns the area code (86 when none is given) and the national
 * number, digits only; null when it is not a phone number.
 */
export function parsePhone(input: string): { areacode: string; phone: string } | null {
  const text = input.trim();
  if (!/^[+\d][\d\s().-]*$/.test(text)) return null;
  let areacode = '86';
  let rest = text;
  const explicit = /^(?:\+|00)(\d{1,4})[\s.-]+(.*)$/.exec(text) ?? /^(\d{1,4})-(.*)$/.exec(text);
  if (explicit) {
    areacode = explicit[1]!;
    rest = explicit[2]!;
  } else if (/^(?:\+|00)86/.test(text)) {
    areacode = '86';
    rest = text.replace(/^(?:\+|00)86/, '');
  } else if (text.startsWith('+')) {
    return null; // '+' and a country code the number does not separate: ambiguous
  }
  const digits = rest.replace(/[\s().-]/g, '');
  if (!/^\d{5,15}$/.test(digits)) return null;
  // Mainland numbers written with the country code and no separator: '8613800138000'.
  if (!explicit && areacode === '86' && /^86(1\d{10})$/.test(digits)) return { areacode, phone: digits.slice(2) };
  return { areacode, phone: digits };
}

/** A brand key (brands.key: lower-case letters, digits, dashes) from a typed brand name, or null when none can be made. */
export function brandKeyFromName(name: string): string | null {
  const key = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return key || null;
}

/** A file-system and KiCad safe name for the community library's symbol, footprint and 3D model. */
export function libraryItemName(mpn: string): string {
  return (
    mpn
      .trim()
      .replace(/[^A-Za-z0-9._+-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 100) || 'part'
  );
}

/** Why a free text (a reason, a note) is refused: markup or control characters (newlines and tabs are fine). */
export function plainTextProblem(text: string): 'markup' | 'control' | null {
  if (/<\/?[A-Za-z!?][^<>]*>/.test(text)) return 'markup';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if ((code < 0x20 && ch !== '\n' && ch !== '\r' && ch !== '\t') || code === 0x7f) return 'control';
  }
  return null;
}
