// @ts-check
// An Astro integration: after a build, every text asset of dist/client/_astro gets .br and .gz
// twins, so `npm start` (scripts/start.ts) sends compressed bytes without compressing per request.
// Brotli at quality 11 is slow (the 2 MB CJK stroke font alone: 5-20 s on this machine), so the
// twins compress in zlib's thread pool, in parallel, and are cached by content hash under
// node_modules/.cache: a rebuild after a one-file change compresses only the assets that changed
// (ADR 0022).
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = /\.(js|mjs|css|svg|json|html|txt|wasm)$/;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const CACHE = join(process.cwd(), 'node_modules/.cache/chipedia-precompress');

/** @param {string} path @returns {string[]} */
function textAssets(path) {
  let entries;
  try {
    entries = readdirSync(path);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = join(path, entry);
    const stat = statSync(full);
    if (stat.isDirectory()) return textAssets(full);
    return TEXT.test(entry) && stat.size > 1024 ? [full] : [];
  });
}

/** Writes `<file>.br` and `<file>.gz`, from the cache when these bytes were compressed before. */
async function twins(/** @type {string} */ file) {
  const bytes = readFileSync(file);
  const key = join(CACHE, createHash('sha256').update(bytes).digest('hex'));
  const cached = existsSync(`${key}.br`) && existsSync(`${key}.gz`);
  if (!cached) {
    const [br, gz] = await Promise.all([
      brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
      gzipAsync(bytes, { level: 9 }),
    ]);
    try {
      mkdirSync(CACHE, { recursive: true });
      writeFileSync(`${key}.br`, br);
      writeFileSync(`${key}.gz`, gz);
    } catch {
      // A read-only node_modules: no cache, the twins are still written below.
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gz);
      return { raw: bytes.length, br: br.length, cached };
    }
  }
  copyFileSync(`${key}.br`, `${file}.br`);
  copyFileSync(`${key}.gz`, `${file}.gz`);
  return { raw: bytes.length, br: statSync(`${key}.br`).size, cached };
}

/** @returns {import('astro').AstroIntegration} */
export function precompress() {
  return {
    name: 'chipedia:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        // `dir` is the client output for server builds.
        const started = performance.now();
        const results = await Promise.all(textAssets(join(fileURLToPath(dir), '_astro')).map(twins));
        const raw = results.reduce((a, r) => a + r.raw, 0);
        const br = results.reduce((a, r) => a + r.br, 0);
        const reused = results.filter((r) => r.cached).length;
        logger.info(
          `precompressed ${results.length} assets (${reused} from the cache): ${Math.round(raw / 1024)} KB → ${Math.round(br / 1024)} KB brotli in ${Math.round(performance.now() - started)} ms`,
        );
      },
    },
  };
}
