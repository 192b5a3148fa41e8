// The viewer engine's e2e spec alone, on its own bundled page (tests/bench/viewer/serve.ts):
// no webServer, so no build of the site. `npx playwright test -c playwright.engine.config.ts`
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: 'viewer-engine.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: 'list',
});
