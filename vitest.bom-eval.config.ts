import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run eval:bom`: the BOM matcher on the graded real BOMs against the shipped catalogue
// (tests/api/bom-real.eval.ts, issue #30). Its own config: the shipped catalogue's database is
// built once per input hash (minutes), so it is not in the default run.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/api/bom-real.eval.ts'],
    environment: 'node',
    testTimeout: 10 * 60_000,
    hookTimeout: 60 * 60_000,
    pool: 'forks',
  },
});
