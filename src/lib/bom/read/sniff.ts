import { CFB_MAGIC, openCfb } from './cfb.ts';
import { zipDirectory } from './bounded-zip.ts';
import type { BomReadLimits } from './limits.ts';
import { BomReadError } from './problems.ts';

// What an uploaded file really is, from its bytes (the name is only a hint for TSV): an xlsx is a
// zip with `[Content_Types].xml` and `xl/workbook.xml`; an OLE2/CFB container is an .xls (a
// `Workbook` stream) or a password-protected workbook; known binary formats are refused by their
// magic numbers; the rest is tried as text.

export type SniffedType = 'xlsx' | 'xls' | 'text';

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);

// Binary formats people rename to .xlsx or .csv by mistake (or not): refused up front.
const BINARY_MAGICS: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x25, 0x50, 0x44, 0x46], // PDF
  [0x42, 0x4d], // BMP
  [0x52, 0x49, 0x46, 0x46], // RIFF (WebP, WAV, AVI)
  [0x1f, 0x8b], // gzip
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
  [0x52, 0x61, 0x72, 0x21], // RAR
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x4d, 0x5a], // Windows executable
  [0x49, 0x49, 0x2a, 0x00], // TIFF
  [0x4d, 0x4d, 0x00, 0x2a], // TIFF
];

export function sniffBomFile(bytes: Uint8Array, fileName: string, limits: BomReadLimits): SniffedType {
  const unsupported = (detail: string) => new BomReadError('bom.read.unsupportedType', { name: fileName }, detail);
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    // The directory is checked against the zip limits here already: a bomb never gets further.
    const names = new Set(zipDirectory(bytes, limits).map((e) => e.name));
    if (names.has('[Content_Types].xml') && names.has('xl/workbook.xml')) return 'xlsx';
    throw unsupported('zip archive without a workbook');
  }
  if (startsWith(bytes, CFB_MAGIC)) {
    const names = openCfb(bytes)?.names;
    if (!names) throw new BomReadError('bom.read.corrupt', {}, 'broken OLE2 container');
    if (names.includes('EncryptionInfo') || names.includes('EncryptedPackage')) throw new BomReadError('bom.read.encrypted');
    if (names.includes('Workbook')) return 'xls';
    // Excel 5/95 (BIFF5) keeps its workbook in `Book`: too old to be worth a reader.
    if (names.includes('Book')) throw new BomReadError('bom.read.xlsNotSupported');
    throw unsupported('OLE2 container without a workbook');
  }
  if (BINARY_MAGICS.some((m) => startsWith(bytes, m))) throw unsupported('binary file');
  return 'text';
}
