import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// Issue #29: a fresh start on the full shipped catalogue (CATALOG=full, an empty DATA_DIR), apart
// from the journeys (which run on the KiCad demo catalogue). `npx playwright test -c playwright.catalog.config.ts`
const port = Number(process.env.E2E_CATALOG_PORT ?? 4596);
export const catalogBaseURL = `http://127.0.0.1:${port}`;
process.env.E2E_RUN_ID ??= new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dataDir = process.env.E2E_CATALOG_DATA_DIR ?? join(tmpdir(), `chipedia-catalog-${process.env.E2E_RUN_ID}`);

export default defineConfig({
  testDir: 'tests/e2e-catalog',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The whole load runs inside the one test (budget ≤ 5 min on a quiet 2-core machine; beside the
  // Vitest runs in CI it took 13 min, hence the slack).
  timeout: 1_500_000,
  reporter: process.env.PLAYWRIGHT_JSON ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON }]] : 'list',
  use: {
    baseURL: catalogBaseURL,
    locale: 'zh-CN',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] },
  },
  webServer: {
    command: 'node scripts/start.ts',
    url: `${catalogBaseURL}/api/chiplet/products/chosenCateTree`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CATALOG: 'full', DEMO_DESIGNS: 'off', LOG_LEVEL: 'warn' },
  },
});
