import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit, component and API tests. The database comes from tests/helpers/test-db.ts: PGlite in memory
// by default, PostgreSQL when TEST_DATABASE_URL is set. Component tests (*.test.tsx) run in jsdom,
// named by a `// @vitest-environment jsdom` line at their top.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['tests/helpers/vitest-global-setup.ts'],
    // The event-loop stall check of issue #36 (ADR 0019): strict for the files listed there.
    setupFiles: ['tests/helpers/stall-check.ts'],
  },
});
