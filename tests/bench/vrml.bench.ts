// `node tests/bench/vrml.bench.ts [dir]`: parses every .wrl under dir (default: the installed
// KiCad 3D library) with parseVrml + vrmlToMeshModel and prints one JSON object: file count,
// failures (first 10 with their reason), total MB, per-file parse+convert time percentiles and
// the slowest files. Reading the file is not timed. Exits 1 if any file fails to parse.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseVrml, vrmlToMeshModel } from '../../src/lib/kicad/vrml.ts';

const dir = process.argv[2] ?? '/usr/share/kicad/3dmodels';
if (!existsSync(dir) || !statSync(dir).isDirectory()) {
  console.error(`vrml.bench: directory not found: ${dir} (pass the KiCad 3D models directory as the first argument)`);
  process.exit(2);
}

function wrlFiles(root: string): string[] {
  const out: string[] = [];
  const pending = [root];
  for (let d = pending.pop(); d !== undefined; d = pending.pop()) {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.name.toLowerCase().endsWith('.wrl')) out.push(path);
    }
  }
  return out.sort();
}

const round = (x: number, digits = 2) => Number(x.toFixed(digits));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const files = wrlFiles(dir);
const times: { file: string; ms: number; mb: number }[] = [];
const failures: { file: string; reason: string }[] = [];
let bytes = 0;
let parts = 0;
let triangles = 0;

// Warm up the JIT on the first few files so the percentiles measure steady state.
for (const file of files.slice(0, 20)) {
  try {
    vrmlToMeshModel(parseVrml(readFileSync(file, 'utf8')));
  } catch {
    // reported in the measured pass
  }
}

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  bytes += Buffer.byteLength(text);
  const name = relative(dir, file);
  const t0 = performance.now();
  try {
    const model = vrmlToMeshModel(parseVrml(text));
    const ms = performance.now() - t0;
    times.push({ file: name, ms, mb: text.length / 1e6 });
    parts += model.parts.length;
    for (const p of model.parts) triangles += p.indices.length / 3;
  } catch (e) {
    failures.push({ file: name, reason: e instanceof Error ? e.message : String(e) });
  }
}

const ms = times.map((t) => t.ms).sort((a, b) => a - b);
const slowest = [...times].sort((a, b) => b.ms - a.ms).slice(0, 5);
console.log(
  JSON.stringify(
    {
      dir,
      files: files.length,
      parsed: times.length,
      failures: { count: failures.length, first: failures.slice(0, 10) },
      totalMB: round(bytes / 1e6, 1),
      parts,
      triangles,
      parseConvertMs: {
        p50: round(percentile(ms, 50)),
        p95: round(percentile(ms, 95)),
        p99: round(percentile(ms, 99)),
        max: round(ms[ms.length - 1] ?? 0),
        total: round(ms.reduce((a, b) => a + b, 0), 0),
      },
      slowest: slowest.map((t) => ({ file: t.file, ms: round(t.ms), mb: round(t.mb) })),
    },
    null,
    2,
  ),
);
if (failures.length > 0) process.exit(1);
