// "Do not populate" (DNP) recognition: a token in any cell of a line ('DNP', 'DNF', '不贴',
// 'do not fit') or a dedicated column (KiCad's DNP, 'Fitted', 'Populate', '是否贴片').

/** Tokens that mark a part as not fitted wherever they stand in a cell ('10k DNP', 'NC/不贴'). */
const DNP_ANYWHERE = /(?:^|[^A-Za-z0-9])(?:DNP|DNF|DNI|DNM|DO\s*NOT\s*(?:FIT|POPULATE|PLACE|MOUNT|INSTALL|ASSEMBLE|STUFF)|NOT\s*(?:FITTED|POPULATED|MOUNTED|PLACED)|NO\s*FIT|EXCLUDED?\s*FROM\s*(?:BOM|BOARD))(?![A-Za-z0-9])|(?<!可|可以|也可|或)(?:不贴|不焊|空贴|不装|不上件|不安装)/i;
/**
 * A note naming the designators that are not fitted: 'NF(C152 C154)', 'DNP: R3, R4', '不贴(R5)'.
 * LimeSDR's Assembly Info column writes it so.
 */
const DNP_LIST = /^(?:NF|NP|NC|DNP|DNF|DNI|DNM|不贴|不焊)\s*[(（:：]\s*([^)）]*?)\s*[)）]?$/i;

/** The designators a DNP-list note names ('NF(C12 C19)' → ['C12', 'C19']); null for any other cell. */
export function dnpListOf(cell: string): string[] | null {
  const m = DNP_LIST.exec(cell.normalize('NFKC').trim());
  if (!m) return null;
  const list = (m[1] ?? '').split(/[\s,;，、；]+/).filter((t) => /^[A-Za-z][A-Za-z_]{0,7}\d{1,6}[A-Za-z]?$/.test(t));
  return list.length > 0 ? list : null;
}

/** Short tokens that mean DNP only as a whole cell ('NC' is also 'normally closed' in a description). */
const DNP_WHOLE = /^(?:NF|NP|NC|N\/C|N\.C\.|NM|NL|-DNP-|\(DNP\))$/i;

/** A DNP header: a true-ish cell means not fitted. */
const DNP_HEADERS = new Set(['dnp', 'dnf', 'dni', 'donotpopulate', 'donotplace', 'donotfit', 'excludefrombom', 'excludefromboard', 'exclude', 'nopopulate', '不贴', '不贴片', '不焊', '空贴']);
/** A "fitted" header: a false-ish cell means not fitted. */
const FITTED_HEADERS = new Set(['fitted', 'fit', 'populate', 'populated', 'place', 'mount', 'assemble', 'assembly', '贴片', '是否贴片', '是否焊接', '焊接', '贴装', '是否贴装']);
const TRUE_CELL = /^(?:x|✓|✔|y|yes|true|1|是|dnp|dnf|dni|excluded?(?:\s*from\s*bom)?|不贴|不焊)$/i;
const FALSE_CELL = /^(?:n|no|false|0|否|不|dnp|dnf|dni|不贴|不焊|no\s*fit|not\s*fitted|-)$/i;

/** The header normalised as the header matcher does (spaces and punctuation dropped). */
function headerKey(header: string): string {
  return header.normalize('NFKC').toLowerCase().replace(/[\s_\-.#()/:：'"?？]/g, '');
}

const NOTE_HEADERS = new Set(['note', 'notes', 'comment', 'comments', 'remark', 'remarks', '备注', '说明']);
const LEAVE_EMPTY = /^leave\s+(?:empty|unpopulated|unfitted)$/i;

export type DnpColumnKind = 'dnp' | 'fitted' | null;

export function dnpColumnKind(header: string): DnpColumnKind {
  const key = headerKey(header);
  if (DNP_HEADERS.has(key)) return 'dnp';
  if (FITTED_HEADERS.has(key)) return 'fitted';
  return null;
}

/** Whether a free cell says DNP. */
export function cellSaysDnp(cell: string): boolean {
  const text = cell.normalize('NFKC').trim();
  if (text === '') return false;
  return DNP_WHOLE.test(text) || DNP_ANYWHERE.test(text);
}

export type DnpVerdict = {
  readonly dnp: boolean;
  /** Column index and cell that decided, for the reason shown to the user. */
  readonly column: number | null;
  readonly cell: string | null;
};

/**
 * DNP for one line. `headers[i]` is the header of column i ('' when none). A dedicated column
 * decides by its polarity; any other cell decides by its text. A note listing designators
 * ('NF(C152 C154)') makes the line DNP only when it names every designator of the line (given as
 * `designators`); a note naming some of them leaves the line fitted. Without designators such a
 * note is read like any other cell.
 */
export function lineDnp(cells: readonly string[], headers: readonly string[], designators: readonly string[] = []): DnpVerdict {
  for (let i = 0; i < cells.length; i++) {
    const cell = (cells[i] ?? '').normalize('NFKC').trim();
    const listed = designators.length > 0 ? dnpListOf(cell) : null;
    if (listed) {
      const named = new Set(listed.map((d) => d.toUpperCase()));
      if (designators.every((d) => named.has(d.toUpperCase()))) return { dnp: true, column: i, cell };
      continue;
    }
    const kind = dnpColumnKind(headers[i] ?? '');
    if (kind === 'dnp' && TRUE_CELL.test(cell)) return { dnp: true, column: i, cell };
    if (kind === 'fitted' && FALSE_CELL.test(cell)) return { dnp: true, column: i, cell };
    if (kind === null && cellSaysDnp(cell)) return { dnp: true, column: i, cell };
    // 'Leave empty' is a DNP only in a note column (the 1-click-bom also writes it in others).
    if (kind === null && NOTE_HEADERS.has(headerKey(headers[i] ?? '')) && LEAVE_EMPTY.test(cell)) return { dnp: true, column: i, cell };
  }
  return { dnp: false, column: null, cell: null };
}
