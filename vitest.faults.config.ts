import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:faults` (issue #18 item 1): the real server as a child process, killed, starved of
// its database and of disk. One file at a time: they share one throwaway PostgreSQL cluster
// (tests/faults/global-setup.ts), and the restart test stops it.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/faults/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 600_000,
    pool: 'forks',
  },
});
