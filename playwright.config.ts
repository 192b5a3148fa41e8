import { defineConfig } from '@playwright/test';

// End-to-end tests drive the built server (npm start) in Debian's Chromium: no browser download.
const port = Number(process.env.E2E_PORT ?? 4399);
export const baseURL = `http://127.0.0.1:${port}`;
/**
 * The server's whole log for this run (LOG_FILE, level info): tests/e2e/zz-secrets-in-logs.spec.ts,
 * which runs last, greps it for the phones, codes, tokens and tickets the run used.
 */
// One id per run, set by the runner and inherited by its workers, so a kept data directory's older logs are not read.
process.env.E2E_RUN_ID ??= new Date().toISOString().replace(/\D/g, '').slice(0, 14);
export const E2E_LOG_FILE = `${process.env.E2E_DATA_DIR ?? 'data/e2e'}/logs/server-${process.env.E2E_RUN_ID}.log`;
/** The operator's token for /metrics and /readyz's details (tests/e2e/observability.spec.ts). */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-0123456789abcdef';
/** The phones, codes, tokens and tickets the run's helpers used (login-helpers.ts noteSecret), one JSON a line. */
export const E2E_SECRETS_FILE = `${process.env.E2E_DATA_DIR ?? 'data/e2e'}/logs/secrets-${process.env.E2E_RUN_ID}.jsonl`;
/** Second origins of tests/e2e/security.spec.ts: a host listed in HOST_ORIGINS, and a stranger. */
export const ALLOWED_HOST_PORT = port - 2;
export const ATTACKER_PORT = port - 3;

export default defineConfig({
  testDir: 'tests/e2e',
  // `*.pg.spec.ts` journeys need the server on PostgreSQL (DATABASE_URL): the operator command
  // (`npm run grant`) writes the database while the server runs, which PGlite (one process) cannot
  // share. scripts/test.ts runs them in a second pass against a fresh PostgreSQL database.
  testIgnore: process.env.DATABASE_URL ? [] : ['**/*.pg.spec.ts'],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.PLAYWRIGHT_JSON ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON }]] : 'list',
  use: {
    baseURL,
    locale: 'zh-CN',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
        // WebGL2 in headless Chromium (the design viewer): ANGLE on SwiftShader, the CPU renderer.
        '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
    },
  },
  webServer: {
    command: 'node scripts/start.ts',
    // /readyz: 503 until the demo catalogue, loaded behind the first page, is in and indexed.
    url: `${baseURL}/readyz`,
    // A fresh clone builds first (under a minute on 2 cores, longer beside other work).
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? 'data/e2e',
      MOBILE_SITE_URL: `${baseURL}/m`,
      KICAD_DIST_URL: 'https://www.kicad.org/download/',
      ICP_NUMBER: '京ICP备12345678号-1',
      LOG_LEVEL: 'info',
      LOG_FILE: E2E_LOG_FILE,
      // The test client stands for the TLS proxy in front: X-Forwarded-Proto from loopback is believed (HSTS).
      TRUST_PROXY: 'loopback',
      // Rankings recomputed every few seconds so the Top200 journey sees counters move (production: hourly).
      RANKINGS_REFRESH_SECONDS: '5',
      // Short QR lifetime so the expiry journey runs in seconds (production keeps 120 s).
      SSO_QR_TTL_SECONDS: '30',
      METRICS_TOKEN: E2E_METRICS_TOKEN,
      // Every journey logs in from 127.0.0.1; production keeps 20 codes per address and hour.
      SSO_SMS_PER_IP_HOUR: '200',
      HOST_ORIGINS: `http://127.0.0.1:${ALLOWED_HOST_PORT}`,
      // The journeys run on the KiCad demo catalogue; the shipped 582k-part catalogue has its own
      // fresh-start spec with its own server (tests/e2e/full-catalogue/, issue #29).
      CATALOG: 'kicad',
    },
  },
});
