// `npm start`: validate the environment, build the site if sources changed, open and migrate the
// database, then serve. One clear line and exit code 1 on a bad environment variable.
import { createServer } from 'node:http';
import { networkInterfaces } from 'node:os';
import { pathToFileURL } from 'node:url';
import { ConfigError, fileStoreConfig, getConfig } from '../src/lib/server/config.server.ts';
import { ensureBuilt } from './lib/ensure-built.ts';
import { sanitizeRequestUrl } from '../src/lib/server/request-url.ts';
import { processDevKey } from '../src/lib/sso/dev-access.server.ts';
import { cameOverTls, everyAnswerHeaders, HSTS, pageCsp, ssoOriginOf } from '../src/lib/server/security-headers.ts';
import { CLIENT_ADDRESS_HEADER, resolveClientAddress } from '../src/lib/server/client-address.ts';
import { createCompressedAssets } from './lib/static-compressed.ts';
import { startTicker } from './lib/progress-ticker.ts';
import compression from 'compression';

const startedAt = performance.now();
let config;
try {
  config = getConfig();
  fileStoreConfig(config); // FILE_STORE=s3 without its endpoint, bucket or keys: the same one line
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`chipedia: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

// `--no-build` serves the existing build as is (benchmarks measure the start, not a rebuild).
if (!process.argv.includes('--no-build')) await ensureBuilt();

// Opening (and on a first start, creating and migrating) the database: tens of seconds on a busy machine.
const opening = startTicker('opening the database');
const { getDatabase } = await import('../src/lib/server/db/runtime.server.ts');
const { seedStructure, seedDemoData } = await import('../src/lib/server/db/seed.server.ts');
const database = await getDatabase();
opening.note('the category tree');
await seedStructure(database);
opening.note('loading the server');
const { setSeeding } = await import('../src/lib/server/observability/health.server.ts');
setSeeding(true);

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// React picks its development or production build from NODE_ENV when first loaded; the server
// renders islands with react-dom/server, whose development build is about twice as slow.
process.env.NODE_ENV ??= 'production';
const entry = (await import(pathToFileURL(`${process.cwd()}/dist/server/entry.mjs`).href)) as {
  handler: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
};
opening.stop();

// Static files never reach Astro's middleware: they get the same headers here (a response that
// sets its own keeps its values, since Node merges these defaults under the handler's writeHead).
// Nothing here may be framed (host pages say otherwise in their own CSP); X-Frame-Options is left to
// the handlers, since a default set here could not be taken back by a host page.
const securityOptions = { hostOrigins: config.HOST_ORIGINS, ssoOrigin: ssoOriginOf(config.SSO_URL), framable: false };
const defaultHeaders = { ...everyAnswerHeaders(), 'Content-Security-Policy': pageCsp("script-src 'self'; style-src 'self'", securityOptions) };
const trustedProxies = config.TRUST_PROXY;
// Build assets go out as their precompressed twins; pages and API answers are compressed on the
// fly (a detail page: 120 KB of HTML, 22 KB gzipped). Answers that are already compressed (zips,
// the 3D preview's gzip) are left alone.
const compressedAssets = createCompressedAssets(`${process.cwd()}/dist/client`);
const compress = compression({ threshold: 1024 });
const { countStatic, metricsListenerHandler, operationalEndpoint } = await import('./lib/operational-endpoints.ts');
const operational = operationalEndpoint(database, config.METRICS_TOKEN);
if (config.METRICS_PORT !== undefined) {
  // Metrics without a token, on a listener of their own that no proxy forwards to (issue #36 item 4).
  const metricsHandler = metricsListenerHandler(database);
  createServer((req, res) => {
    for (const [name, value] of Object.entries(defaultHeaders)) res.setHeader(name, value);
    metricsHandler(req, res);
  }).listen(config.METRICS_PORT, config.METRICS_HOST, () => console.log(`Metrics on http://${config.METRICS_HOST}:${config.METRICS_PORT}/metrics`));
}
const server = createServer((req, res) => {
  for (const [name, value] of Object.entries(defaultHeaders)) res.setHeader(name, value);
  const forwardedProto = req.headers['x-forwarded-proto'];
  const tls = cameOverTls({
    encrypted: 'encrypted' in req.socket && req.socket.encrypted === true,
    peer: req.socket.remoteAddress,
    forwardedProto: Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto,
    trustedProxies,
  });
  if (tls) res.setHeader('Strict-Transport-Security', HSTS);
  // Per-client limits count the browser behind a trusted proxy, not the proxy (TRUST_PROXY).
  const forwardedFor = req.headers['x-forwarded-for'];
  const client = resolveClientAddress(req.socket.remoteAddress, Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor, trustedProxies);
  delete req.headers[CLIENT_ADDRESS_HEADER];
  if (client) req.headers[CLIENT_ADDRESS_HEADER] = client;
  req.url = sanitizeRequestUrl(req.url ?? '/');
  if (operational(req, res)) return;
  const started = performance.now();
  if (compressedAssets(req, res)) {
    countStatic(req, res, started);
    return;
  }
  compress(req as never, res as never, () => entry.handler(req, res));
});
// Node answers 408 to a request whose headers it has not parsed within headersTimeout (60 s by
// default), checked on the event loop: after a long statement of the embedded PGlite (the shipped
// catalogue's index build held the loop for up to 110 s on 2 cores, issue #29), every request that
// arrived meanwhile got 408. They are answered when the statement ends instead; the stall itself
// is the open part of issues #29/#36. A proxy in front keeps its own, shorter client timeouts.
server.headersTimeout = 180_000;
server.requestTimeout = 300_000;
server.listen(config.PORT, config.HOST, () => {
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const db = database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
  console.log(`Chipedia listening on http://${shown}:${config.PORT} (${db}; ready in ${Math.round(performance.now() - startedAt)} ms)`);
  if (config.SMS_PROVIDER === 'dev' || config.WECHAT_PROVIDER === 'dev') {
    printDevKey({ shown, host: config.HOST, port: config.PORT, sms: config.SMS_PROVIDER, wechat: config.WECHAT_PROVIDER });
  }
  void behindTheFirstPage();
});

/**
 * After the server listens (ADR 0022): the demo catalogue (once per installation, about a minute
 * on PGlite), then the start-up jobs — fail jobs a stopped process left running, build the search
 * index (off the request loop, rather than on the first search) — then, with CATALOG=full, the
 * shipped JLCPCB/LCSC catalogue. /readyz answers 503 until the demo catalogue is in and the search
 * index built, so a balancer or a test waiting for it sees the demo parts.
 */
async function behindTheFirstPage(): Promise<void> {
  if (config!.CATALOG === 'full') await import('../src/lib/catalog/jlcparts/shipped-catalog.server.ts').then((m) => m.announceShippedCatalog(database));
  const ticker = startTicker('loading the demo catalogue');
  try {
    await seedDemoData(database, (state) => ticker.note(state));
  } catch (error) {
    console.error(`chipedia: loading the demo catalogue failed: ${(error as Error)?.message ?? String(error)}`);
  } finally {
    ticker.stop();
  }
  // A search during the load built its index on part of the catalogue: the warm-up rebuilds it.
  const { invalidateSearchIndex } = await import('../src/lib/search/search-index.server.ts');
  invalidateSearchIndex(database.db);
  setSeeding(false);
  const full = config!.CATALOG === 'full';
  // With the shipped catalogue, the start-up jobs end (index warm-up, rankings) before its load
  // begins, and the cross-asset check runs after it: neither reads the tables while they grow
  // without their indexes, which held PGlite's loop for 87 s.
  const jobs = import('../src/lib/jobs/start-jobs.server.ts').then((m) => m.startJobs(database.db, { catalogCheck: !full }));
  // The shipped JLCPCB/LCSC catalogue loads behind the first page (once per installation).
  if (full) void jobs.then(() => import('./lib/shipped-catalog-load.ts')).then((m) => m.loadCatalogInBackground(database));
}

/**
 * The development providers' tools (/sso/dev/*) answer this machine only; other devices (a phone on
 * the LAN scanning the dev QR code) need this process's key, printed here the way Jupyter prints
 * its token. The key is the one the server bundle checks (shared through globalThis).
 */
function printDevKey({ shown, host, port, sms, wechat }: { shown: string; host: string; port: number; sms: string; wechat: string }): void {
  const key = processDevKey();
  const anyInterface = host === '0.0.0.0' || host === '::';
  const lan = anyInterface
    ? Object.values(networkInterfaces())
        .flat()
        .filter((a) => a && a.family === 'IPv4' && !a.internal)
        .map((a) => a!.address)
    : [];
  const bases = [...new Set([shown, ...lan])].map((h) => `http://${h.includes(':') ? `[${h}]` : h}:${port}/sso/dev`);
  const lines = [
    `Development SMS/WeChat providers are on (SMS_PROVIDER=${sms}, WECHAT_PROVIDER=${wechat}).`,
    '/sso/dev/* answers this machine only; from other devices use the development key of this process:',
    `    dev key: ${key}`,
    'or open one of these URLs (the WeChat simulator then keeps the access in a cookie):',
    ...bases.flatMap((b) => [
      ...(wechat === 'dev' ? [`    ${b}/wechat/scan?key=${key}`] : []),
      ...(sms === 'dev' ? [`    ${b}/inbox?key=${key}&phone=`] : []),
    ]),
  ];
  console.log(lines.join('\n'));
}

const stop = async () => {
  server.close();
  // Tracking marks still queued for their batched write (mark-batch.server.ts) go in before the database closes.
  const { closeMarkBatchers } = await import('../src/lib/catalog/mark-batch.server.ts');
  await closeMarkBatchers();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
