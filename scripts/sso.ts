// `npm run sso`: the single sign-on service alone on its own port (SSO_PORT, default 4322), for a
// deployment where SSO_URL points at a separate host. Needs the @hono/node-server dependency.
import type { IncomingMessage } from 'node:http';
import { getConfig } from '../src/lib/server/config.server.ts';
import { logger } from '../src/lib/server/logger.server.ts';
import { getSsoApp } from '../src/lib/sso/runtime.server.ts';

type NodeServer = {
  serve: (
    options: { fetch: (request: Request, env: { incoming: IncomingMessage }) => Response | Promise<Response>; port: number; hostname: string },
    listening?: (info: { address: string; port: number }) => void,
  ) => { close: (callback?: () => void) => void };
};

// A non-literal specifier keeps `tsc` green until the dependency is installed.
const nodeServerModule: string = '@hono/node-server';
const { serve } = (await import(nodeServerModule)) as NodeServer;

const config = getConfig();
const app = await getSsoApp('');
const server = serve(
  {
    fetch: (request, env) => app.fetch(request, { ip: env.incoming.socket.remoteAddress }),
    port: config.SSO_PORT,
    hostname: config.HOST,
  },
  (info) => logger.info({ port: info.port, host: info.address }, 'SSO service listening'),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
