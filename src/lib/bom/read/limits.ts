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
  /** Uncompressed ÷ compressed size of one entry above `ratioCheckFromBytes`: zeros reach 1000. */
  readonly maxZipRatio: number;
  readonly ratioCheckFromBytes: number;
};

export const BOM_READ_LIMITS: BomReadLimits = {
  maxFileBytes: 10 * MB,
  maxRows: 20_000,
  maxColumns: 200,
  maxSheets: 50,
  maxZipEntries: 1_000,
  maxZipTotalBytes: 200 * MB,
  maxZipEntryBytes: 100 * MB,
  maxZipRatio: 200,
  ratioCheckFromBytes: 1 * MB,
};
