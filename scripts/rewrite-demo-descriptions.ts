// One-off rewrite of the committed demo catalogue (demo-catalog/kicad-demo.ndjson.br), kept so the
// change can be reviewed and repeated:
//
//   npx node scripts/rewrite-demo-descriptions.ts [--dry-run] [file]
//
// For every product line it
//   1. re-derives `package` where the importer took it from the footprint name with the old rule
//      (the first '_'-part: 'TI_SO-PowerPAD-8_ThermalVias' → 'TI', 'D_SMA' → 'D', 'Relay_…' →
//      'Relay'): when the line has no 'package' parameter and its package is exactly what the old
//      rule gives for its footprint, it becomes footprintPackage()'s answer (kicad-records.ts),
//      or is dropped when the footprint name states no package;
//   2. recomputes `descriptionZh` with describePart(…, 'zh') (part-description.ts) from the line's
//      own cateId, params and package.
// Nothing else changes: footprint and symbol lines are copied byte for byte, product lines keep
// their other fields and key order. The output is Brotli-compressed with exportDemoCatalog's
// settings (quality 9, lgwin 24; demo-catalog.server.ts), written next to the file, checked
// against the original (same lines of each kind, non-product lines identical, product lines
// equal apart from the two fields, no empty slot or dangling separator in any descriptionZh) and
// only then moved over it. --dry-run stops before the move.

import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { constants, createBrotliCompress, createBrotliDecompress } from 'node:zlib';
import { footprintPackage } from '../src/lib/catalog/kicad-import/kicad-records.ts';
import { describePart, type PartDescriptionParam } from '../src/lib/catalog/part-description.ts';

type ProductLine = {
  t: 'product';
  cateId: number;
  descriptionZh?: string;
  package?: string;
  params?: PartDescriptionParam[];
  footprint?: { library: string; name: string };
  [key: string]: unknown;
};

/** The importer's rule before this change, only to recognise the packages it produced. */
export function oldFootprintPackage(footprint: string): string | undefined {
  const name = footprint.split(':')[1];
  if (!name) return undefined;
  return name.split('_')[0] || undefined;
}

/** A description a reader would see as broken: empty slots, doubled or dangling separators. */
export function descriptionDefects(text: string): string[] {
  const found: string[] = [];
  if (/，，|、、|, ,/.test(text)) found.push('doubled separator');
  if (/ ，| ,|，\s/.test(text)) found.push('space at a separator');
  if (/[，,、;；]\s*$/.test(text) || /^\s*[，,、]/.test(text)) found.push('dangling separator');
  if (/\b(?:undefined|null|NaN)\b/.test(text)) found.push('placeholder word');
  return found;
}

export type LineChange = { line: string; descriptionChanged: boolean; packageChanged: boolean };

/** Rewrites one NDJSON line; non-product lines come back unchanged. */
export function rewriteLine(line: string): LineChange {
  if (!line.startsWith('{"t":"product"')) return { line, descriptionChanged: false, packageChanged: false };
  const record = JSON.parse(line) as ProductLine;
  const params = Array.isArray(record.params) ? record.params : [];
  let packageChanged = false;
  const hasPackageParam = params.some((p) => p.key === 'package');
  if (!hasPackageParam && record.footprint && typeof record.package === 'string') {
    const id = `${record.footprint.library}:${record.footprint.name}`;
    if (record.package === oldFootprintPackage(id)) {
      const pkg = footprintPackage(id);
      if (pkg !== record.package) {
        packageChanged = true;
        if (pkg === undefined) delete record.package;
        else record.package = pkg;
      }
    }
  }
  const zh = describePart({ cateId: record.cateId, params, package: record.package }, 'zh');
  const descriptionChanged = (record.descriptionZh ?? '') !== zh;
  if (!descriptionChanged && !packageChanged) return { line, descriptionChanged, packageChanged };
  // Keep the key order the exporter writes (descriptionZh after cateId).
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) {
    if (k === 'descriptionZh') continue;
    out[k] = v;
    if (k === 'cateId' && zh !== '') out.descriptionZh = zh;
  }
  return { line: JSON.stringify(out), descriptionChanged, packageChanged };
}

function readLines(file: string): AsyncIterator<string> {
  return createInterface({ input: createReadStream(file).pipe(createBrotliDecompress()), crlfDelay: Infinity })[Symbol.asyncIterator]();
}

const kindOf = (line: string) => /^\{"t":"(\w+)"/.exec(line)?.[1] ?? '?';

type Counts = Record<string, number>;

async function rewrite(file: string, out: string): Promise<{ counts: Counts; descriptions: number; packages: number; packageExamples: string[] }> {
  const counts: Counts = {};
  let descriptions = 0;
  let packages = 0;
  const packageExamples: string[] = [];
  async function* lines(): AsyncGenerator<string> {
    const it = readLines(file);
    for (let r = await it.next(); !r.done; r = await it.next()) {
      if (!r.value) continue;
      counts[kindOf(r.value)] = (counts[kindOf(r.value)] ?? 0) + 1;
      const c = rewriteLine(r.value);
      if (c.descriptionChanged) descriptions++;
      if (c.packageChanged) {
        packages++;
        if (packageExamples.length < 8) {
          const before = JSON.parse(r.value) as ProductLine;
          const after = JSON.parse(c.line) as ProductLine;
          packageExamples.push(
            `${String(before.mpn)}: ${before.package} → ${after.package ?? '(none)'}  [${before.footprint?.library}:${before.footprint?.name}]`,
          );
        }
      }
      yield `${c.line}\n`;
    }
  }
  await pipeline(
    Readable.from(lines()),
    createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_LGWIN]: 24 } }),
    createWriteStream(out),
  );
  return { counts, descriptions, packages, packageExamples };
}

/** Reads both files in step and returns the problems found (empty when the rewrite is sound). */
async function verify(original: string, rewritten: string): Promise<{ problems: string[]; counts: Counts }> {
  const problems: string[] = [];
  const counts: Counts = {};
  const a = readLines(original);
  const b = readLines(rewritten);
  const note = (p: string) => {
    if (problems.length < 20) problems.push(p);
  };
  for (let n = 1; ; n++) {
    const [x, y] = await Promise.all([a.next(), b.next()]);
    if (x.done || y.done) {
      if (!x.done || !y.done) note(`line counts differ (one file ends at line ${n})`);
      break;
    }
    if (!y.value) continue;
    const kind = kindOf(y.value);
    counts[kind] = (counts[kind] ?? 0) + 1;
    if (kind !== kindOf(x.value)) note(`line ${n}: kind ${kindOf(x.value)} became ${kind}`);
    if (kind !== 'product') {
      if (x.value !== y.value) note(`line ${n}: ${kind} line changed`);
      continue;
    }
    const before = JSON.parse(x.value) as ProductLine;
    const after = JSON.parse(y.value) as ProductLine;
    const zh = after.descriptionZh ?? '';
    for (const d of descriptionDefects(zh)) note(`line ${n} (${String(after.mpn)}): descriptionZh has a ${d}: ${zh}`);
    if (zh !== describePart({ cateId: after.cateId, params: after.params ?? [], package: after.package }, 'zh'))
      note(`line ${n}: descriptionZh is not describePart's`);
    const rest = (r: ProductLine) => JSON.stringify({ ...r, descriptionZh: undefined, package: undefined });
    if (rest(before) !== rest(after)) note(`line ${n} (${String(after.mpn)}): a field other than descriptionZh/package changed`);
    if (before.package !== after.package && before.package !== oldFootprintPackage(`${before.footprint?.library}:${before.footprint?.name}`))
      note(`line ${n}: a package not from the old footprint rule changed`);
  }
  return { problems, counts };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const dryRun = args.includes('--dry-run');
  const file = resolve(args.find((a) => !a.startsWith('--')) ?? 'demo-catalog/kicad-demo.ndjson.br');
  const tmp = `${file}.rewrite-tmp`;
  const started = performance.now();
  const r = await rewrite(file, tmp);
  console.log(
    `read ${Object.entries(r.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')} lines`,
  );
  console.log(`descriptionZh rewritten on ${r.descriptions} product lines; package re-derived on ${r.packages}`);
  for (const e of r.packageExamples) console.log(`  e.g. ${e}`);
  const v = await verify(file, tmp);
  const same = Object.keys({ ...r.counts, ...v.counts }).every((k) => r.counts[k] === v.counts[k]);
  console.log(
    `verify: ${Object.entries(v.counts)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')} lines after (${same ? 'same as before' : 'DIFFERENT'})`,
  );
  if (!same || v.problems.length > 0) {
    for (const p of v.problems) console.error(`  ${p}`);
    rmSync(tmp, { force: true });
    console.error('verify failed; the original is untouched');
    return 1;
  }
  if (dryRun) {
    rmSync(tmp, { force: true });
    console.log('dry run: the original is untouched');
  } else {
    renameSync(tmp, file);
    console.log(`wrote ${file} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(await main());
