// How much of an uploaded BOM file we are willing to read (ADR 0009). Every number is checked
// before the work it guards: the size before sniffing, the zip directory before inflating, the
// row and column counts while parsing (so 100,000 rows are refused after the limit, not read).

const MB = 1024 * 1024;

export type BomReadLimits = {
  /** Bytes of the uploaded file (the file store's BOM limit, src/lib/files/upload-limits.ts). */
  readonly maxFileBytes: number;
  /** Rows of one sheet up to its last non-empty one (blank rows between count, title rows too). */
  readonly maxRows: number;
  /** Columns of one sheet, counted to the last non-empty cell of any row. */
  readonly maxColumns: number;
  /** Sheets of one workbook. */
  readonly maxSheets: number;
  /** Entries in an xlsx archive (a real workbook has 10–40). */
  readonly maxZipEntries: number;
  /** Uncompressed bytes of all entries together, as the zip directory declares them. */
  readonly maxZipTotalBytes: number;
  /** Uncompressed bytes of one entry (also the cap while inflating it, whatever it declared). */
  readonly maxZipEntryBytes: number;
  /**
   * Uncompressed bytes of a part the reader inflates whole (a sheet, the shared strings, the
   * styles), checked before inflating: past it a sheet is refused for its rows when a look at its
   * first 2 MB projects more than the row limit, else as a bomb (issue #36 item 5).
   */
  readonly maxPartBytes: number;
  /** Uncompressed ÷ compressed size of one entry above `ratioCheckFromBytes`: zeros reach 1000. */
  readonly maxZipRatio: number;
  readonly ratioCheckFromBytes: number;
  /**
   * Spreadsheet bombs (issue #36 item 5): cell elements of a workbook, empty ones included (a
   * styled empty cell costs 10 bytes of XML and a parse step: 10 million of them took 5 s)…
   */
  readonly maxCells: number;
  /** …characters of cell text before normalising (one 1 MB shared string referenced in 190,000 cells)… */
  readonly maxTextChars: number;
  /** …and cells written by merged ranges (10,000 merges over the whole sheet). */
  readonly maxMergedCells: number;
};

export const BOM_READ_LIMITS: BomReadLimits = {
  maxFileBytes: 10 * MB,
  maxRows: 20_000,
  maxColumns: 200,
  maxSheets: 50,
  maxZipEntries: 1_000,
  maxZipTotalBytes: 64 * MB,
  maxZipEntryBytes: 100 * MB,
  // A BOM sheet of 20,000 rows × 10 cells is about 8 MB of XML (Excel writes shared strings, about
  // 40 bytes a cell). Past 16 MB it is a bomb or too long a sheet: inflating and scanning 16 MB
  // whole is what a refusal may cost at worst (xlsx.ts looks at the first 2 MB first).
  maxPartBytes: 16 * MB,
  maxZipRatio: 200,
  ratioCheckFromBytes: 1 * MB,
  // 20,000 rows × 50 cells; counted before parsing, so a refusal costs a scan, not a parse.
  maxCells: 1_000_000,
  // 20,000 rows × 200 characters (normalising them takes about 100 ms); a cell holds at most
  // Excel's 32,767 characters (xlsx.ts).
  maxTextChars: 4_000_000,
  maxMergedCells: 4_000_000,
};
