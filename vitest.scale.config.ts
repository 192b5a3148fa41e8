import { defineConfig } from 'vitest/config';

// `npm run test:scale` (issue #18 item 5): real PostgreSQL clusters, app nodes and HAProxy started
// by the tests themselves (tests/scale/cluster.ts). One file at a time: they share ports 5452-5453,
// 4400-4401 and 4420. Needs a production build (`npm run build`) and root (runuser -u postgres).
export default defineConfig({
  test: {
    include: ['tests/scale/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
