// @ts-check
// An Astro integration: after a build, every text asset of dist/client/_astro gets .br and .gz
// twins, so `npm start` (scripts/start.ts) sends compressed bytes without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|svg|json|html|txt|wasm)$/;

/** @returns {import('astro').AstroIntegration} */
export function precompress() {
  return {
    name: 'chipedia:precompress',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        // `dir` is the client output for server builds.
        const root = join(fileURLToPath(dir), '_astro');
        let files = 0;
        let raw = 0;
        let br = 0;
        /** @param {string} path */
        const walk = (path) => {
          let entries;
          try {
            entries = readdirSync(path);
          } catch {
            return;
          }
          for (const entry of entries) {
            const full = join(path, entry);
            if (statSync(full).isDirectory()) walk(full);
            else if (TEXT.test(entry) && statSync(full).size > 1024) {
              const bytes = readFileSync(full);
              const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
              writeFileSync(`${full}.br`, brotli);
              writeFileSync(`${full}.gz`, gzipSync(bytes, { level: 9 }));
              files++;
              raw += bytes.length;
              br += brotli.length;
            }
          }
        };
        walk(root);
        logger.info(`precompressed ${files} assets: ${Math.round(raw / 1024)} KB → ${Math.round(br / 1024)} KB brotli`);
      },
    },
  };
}
