import { defineConfig } from 'vitest/config';

// Unit and API tests. The database comes from tests/helpers/test-db.ts:
// PGlite in memory by default, PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
