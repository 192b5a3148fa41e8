import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { CatalogRecordSchema, type CatalogRecord } from './catalog-record.ts';
import { readCsvRows } from './csv.ts';

// Reads an operator import file (NDJSON, or CSV for flat fields) into validated records, with a
// clear reason and line number for every line that cannot be used. Streams: memory stays flat
// for files of any size.

export type RecordOrError =
  | { line: number; record: CatalogRecord }
  | { line: number; error: string };

export const MAX_LINE_BYTES = 1_000_000;

/** Decodes UTF-8 chunk by chunk; invalid bytes become U+FFFD and are reported per line. */
async function* textChunks(path: string): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) yield decoder.write(chunk as Buffer);
  const rest = decoder.end();
  if (rest) yield rest;
}

async function* lines(chunks: AsyncIterable<string>): AsyncGenerator<{ line: number; text: string }> {
  let buffer = '';
  let line = 0;
  for await (const chunk of chunks) {
    buffer += chunk;
    let at: number;
    while ((at = buffer.indexOf('\n')) >= 0) {
      line++;
      yield { line, text: buffer.slice(0, at).replace(/\r$/, '') };
      buffer = buffer.slice(at + 1);
    }
    if (buffer.length > MAX_LINE_BYTES) {
      // A runaway line (binary file, missing newlines): report it and drop it, do not buffer on.
      line++;
      yield { line, text: '\u0000overlong' };
      buffer = '';
      const skip = await skipToNewline(chunks);
      if (skip !== null) buffer = skip;
    }
  }
  if (buffer.trim() !== '') yield { line: line + 1, text: buffer.replace(/\r$/, '') };
}

async function skipToNewline(chunks: AsyncIterable<string>): Promise<string | null> {
  for await (const chunk of chunks) {
    const at = chunk.indexOf('\n');
    if (at >= 0) return chunk.slice(at + 1);
  }
  return null;
}

export function describeZodError(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.map(String).join('.') : 'record'}: ${i.message}`)
    .join('; ');
}

export function validateRecord(value: unknown): { record: CatalogRecord } | { error: string } {
  const parsed = CatalogRecordSchema.safeParse(value);
  return parsed.success ? { record: parsed.data } : { error: describeZodError(parsed.error) };
}

export async function* readNdjson(path: string): AsyncGenerator<RecordOrError> {
  for await (const { line, text } of lines(textChunks(path))) {
    if (text.trim() === '') continue;
    if (text === '\u0000overlong') {
      yield { line, error: `line longer than ${MAX_LINE_BYTES} bytes` };
      continue;
    }
    if (text.includes('\uFFFD')) {
      yield { line, error: 'not valid UTF-8' };
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      yield { line, error: `not valid JSON (${(e as Error).message})` };
      continue;
    }
    const result = validateRecord(value);
    yield 'record' in result ? { line, record: result.record } : { line, error: result.error };
  }
}

const CSV_FIELDS = ['mpn', 'brand', 'mfgMpnCode', 'cateId', 'descriptionZh', 'descriptionEn', 'package', 'datasheetUrl', 'lifecycle', 'keywords', 'source', 'licence'] as const;
/** `param:resistance[Ω]` holds a number in that unit; `param:dielectric` holds text. */
const PARAM_COLUMN = /^param:([a-z][a-zA-Z0-9_]{0,63})(?:\[([^\]]{1,8})\])?$/;

export function csvRowToValue(header: string[], fields: string[]): unknown {
  const value: Record<string, unknown> = {};
  const params: { key: string; value?: number; unit?: string; text?: string }[] = [];
  header.forEach((name, i) => {
    const cell = (fields[i] ?? '').trim();
    if (cell === '') return;
    const param = PARAM_COLUMN.exec(name);
    if (param) {
      const unit = param[2];
      if (unit !== undefined) params.push({ key: param[1]!, value: Number(cell), unit });
      else params.push({ key: param[1]!, text: cell });
    } else if (name === 'cateId') value.cateId = Number(cell);
    else value[name] = cell;
  });
  value.params = params;
  return value;
}

export async function* readCsv(path: string): AsyncGenerator<RecordOrError> {
  let header: string[] | undefined;
  try {
    for await (const { line, fields } of readCsvRows(textChunks(path))) {
      if (!header) {
        header = fields.map((f) => f.trim().replace(/^\uFEFF/, ''));
        const unknown = header.filter((h) => !(CSV_FIELDS as readonly string[]).includes(h) && !PARAM_COLUMN.test(h));
        if (unknown.length) throw new Error(`line ${line}: unknown column(s) ${unknown.join(', ')}`);
        continue;
      }
      if (fields.some((f) => f.includes('\uFFFD'))) {
        yield { line, error: 'not valid UTF-8' };
        continue;
      }
      if (fields.length !== header.length) {
        yield { line, error: `expected ${header.length} columns, found ${fields.length}` };
        continue;
      }
      const result = validateRecord(csvRowToValue(header, fields));
      yield 'record' in result ? { line, record: result.record } : { line, error: result.error };
    }
  } catch (e) {
    yield { line: 0, error: (e as Error).message };
  }
}

export function readRecords(path: string): AsyncGenerator<RecordOrError> {
  return /\.csv$/i.test(path) ? readCsv(path) : readNdjson(path);
}
