// Reading the jlcparts snapshot format (catalog/jlcparts-2026-05-21/README.md): a manifest, one
// attribute look-up table, and gzip JSON-lines shards whose first line names the column of each
// field. Streams one shard at a time, so memory stays flat apart from the look-up table (255k
// entries, read once).

import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip, gunzipSync } from 'node:zlib';
import type { JlcAttributeEntry } from './attribute-params.ts';

export type JlcManifestCategory = { id: number; category: string; subcategory: string; componentCount: number; shards: string[] };
export type JlcManifest = { created: string; totalComponents: number; categories: JlcManifestCategory[] };

export type JlcPriceBreak = { qFrom: number; qTo: number | null; price: number };

/** One part of a shard, fields read by the header's column names. */
export type JlcRow = {
  lcsc: string;
  mfr: string;
  description: string;
  datasheet: string;
  price: JlcPriceBreak[];
  stock: number;
  attributes: number[];
  /** The manifest category id (`categories[].id`). */
  subcategoryId: number;
};

/** A shard line that could not be read, with its place. */
export type JlcReadProblem = { shard: string; line: number; reason: string };

export function readManifest(dir: string): JlcManifest {
  const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Partial<JlcManifest>;
  if (!Array.isArray(m.categories) || typeof m.created !== 'string') throw new Error(`${join(dir, 'manifest.json')}: not a jlcparts manifest (no categories or created)`);
  return { created: m.created, totalComponents: Number(m.totalComponents ?? 0), categories: m.categories };
}

export function readAttributeTable(dir: string): readonly JlcAttributeEntry[] {
  const lut = JSON.parse(gunzipSync(readFileSync(join(dir, 'attributes-lut.json.gz'))).toString('utf8')) as unknown;
  if (!Array.isArray(lut)) throw new Error(`${join(dir, 'attributes-lut.json.gz')}: not an array`);
  return lut as JlcAttributeEntry[];
}

const REQUIRED = ['lcsc', 'mfr', 'attributes'] as const;

/** Reads a column of a row array: absent columns give undefined. */
function column(row: unknown[], header: Record<string, number>, name: string): unknown {
  const i = header[name];
  return i === undefined ? undefined : row[i];
}

/**
 * The rows of one shard in file order. A malformed line (bad JSON, missing LCSC code or MPN, bad
 * attribute list) is reported through `onProblem` and skipped; a bad header stops the shard.
 */
export async function* readShard(path: string, shard: string, onProblem: (p: JlcReadProblem) => void): AsyncGenerator<JlcRow> {
  const rl = createInterface({ input: createReadStream(path).pipe(createGunzip()), crlfDelay: Infinity });
  let header: Record<string, number> | null = null;
  let line = 0;
  for await (const text of rl) {
    line++;
    if (text.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      if (header === null) {
        onProblem({ shard, line, reason: 'header: not valid JSON; shard skipped' });
        return;
      }
      onProblem({ shard, line, reason: `not valid JSON (${(error as Error).message})` });
      continue;
    }
    if (header === null) {
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || REQUIRED.some((k) => typeof (parsed as Record<string, unknown>)[k] !== 'number')) {
        onProblem({ shard, line, reason: 'header: expected an object naming the columns lcsc, mfr and attributes; shard skipped' });
        return;
      }
      header = parsed as Record<string, number>;
      continue;
    }
    if (!Array.isArray(parsed)) {
      onProblem({ shard, line, reason: 'expected an array of fields' });
      continue;
    }
    const lcsc = column(parsed, header, 'lcsc');
    const mfr = column(parsed, header, 'mfr');
    const attributes = column(parsed, header, 'attributes');
    if (typeof lcsc !== 'string' || !/^C\d{1,12}$/.test(lcsc)) {
      onProblem({ shard, line, reason: `lcsc: expected an LCSC code such as C8734, found ${JSON.stringify(lcsc)?.slice(0, 40)}` });
      continue;
    }
    if (typeof mfr !== 'string' || mfr.trim() === '') {
      onProblem({ shard, line, reason: `mfr: the maker's part number is missing (${lcsc})` });
      continue;
    }
    if (!Array.isArray(attributes) || attributes.some((a) => !Number.isInteger(a) || a < 0)) {
      onProblem({ shard, line, reason: `attributes: expected a list of table indexes (${lcsc})` });
      continue;
    }
    const price = column(parsed, header, 'price');
    const stock = column(parsed, header, 'stock');
    const description = column(parsed, header, 'description');
    const datasheet = column(parsed, header, 'datasheet');
    const sub = column(parsed, header, 'subcategory');
    yield {
      lcsc,
      mfr: mfr.trim(),
      description: typeof description === 'string' ? description : '',
      datasheet: typeof datasheet === 'string' ? datasheet : '',
      price: Array.isArray(price) ? (price as JlcPriceBreak[]) : [],
      stock: typeof stock === 'number' && Number.isFinite(stock) ? stock : -1,
      attributes: attributes as number[],
      subcategoryId: typeof sub === 'number' ? sub : -1,
    };
  }
}

/** Every shard of the manifest, in manifest order, with its category. */
export function shardsOf(manifest: JlcManifest): { shard: string; category: JlcManifestCategory }[] {
  const out: { shard: string; category: JlcManifestCategory }[] = [];
  for (const c of manifest.categories) for (const shard of c.shards ?? []) out.push({ shard, category: c });
  return out;
}
