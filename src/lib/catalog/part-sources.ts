// Where a catalogue row's facts come from, read from its `source` text (issue #29 item 7): rows
// merged from two sources carry both, joined by '; ' (jlc-record.ts). Pure, shared by the product
// page and the about page.

export type PartSourceKind = 'jlcparts' | 'kicad' | 'makerCodes' | 'userSubmission' | 'synthetic' | 'other';

export type PartSource = { kind: PartSourceKind; text: string };

export function sourceKindOf(text: string): PartSourceKind {
  if (/jlcparts/i.test(text)) return 'jlcparts';
  if (/kicad/i.test(text)) return 'kicad';
  if (/ordering codes/i.test(text)) return 'makerCodes';
  if (text === 'user-submission') return 'userSubmission';
  if (/^synthetic\b/i.test(text)) return 'synthetic';
  return 'other';
}

/** The sources of one row, in the order they were merged. */
export function partSources(source: string): PartSource[] {
  return source
    .split('; ')
    .map((t) => t.trim())
    .filter(Boolean)
    .map((text) => ({ kind: sourceKindOf(text), text }));
}
