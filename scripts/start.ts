// `npm start`: validate the environment, build the site if sources changed, open and migrate the
// database, then serve. One clear line and exit code 1 on a bad environment variable.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { ConfigError, getConfig } from '../src/lib/server/config.server.ts';
import { ensureBuilt } from './lib/ensure-built.ts';
import { sanitizeRequestUrl } from '../src/lib/server/request-url.ts';
import { baseSecurityHeaders, pageCsp, ssoOriginOf } from '../src/lib/server/security-headers.ts';

const startedAt = performance.now();
let config;
try {
  config = getConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`chipedia: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

// `--no-build` serves the existing build as is (benchmarks measure the start, not a rebuild).
if (!process.argv.includes('--no-build')) await ensureBuilt();

const { getDatabase } = await import('../src/lib/server/db/runtime.server.ts');
const { seedDatabase } = await import('../src/lib/server/db/seed.server.ts');
const database = await getDatabase();
await seedDatabase(database);
// Build the in-memory search index now rather than on the first search (about 7 s at 1M parts).
void import('../src/lib/search/search-index.server.ts').then((m) => m.warmSearchIndex(database.db));

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const entry = (await import(pathToFileURL(`${process.cwd()}/dist/server/entry.mjs`).href)) as {
  handler: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
};

// Static files never reach Astro's middleware: they get the same headers here (a response that
// sets its own keeps its values, since Node merges these defaults under the handler's writeHead).
const securityOptions = { hostOrigins: config.HOST_ORIGINS, ssoOrigin: ssoOriginOf(config.SSO_URL) };
const defaultHeaders = { ...baseSecurityHeaders(securityOptions), 'Content-Security-Policy': pageCsp("script-src 'self'; style-src 'self'", securityOptions) };
const server = createServer((req, res) => {
  for (const [name, value] of Object.entries(defaultHeaders)) res.setHeader(name, value);
  req.url = sanitizeRequestUrl(req.url ?? '/');
  entry.handler(req, res);
});
server.listen(config.PORT, config.HOST, () => {
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const db = database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
  console.log(`Chipedia listening on http://${shown}:${config.PORT} (${db}; ready in ${Math.round(performance.now() - startedAt)} ms)`);
});

const stop = async () => {
  server.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
