// `npm run sso`: the single sign-on service alone on its own port (SSO_PORT, default 4322), for a
// deployment where SSO_URL points at a separate host.
import { serve } from '@hono/node-server';
import { getConfig } from '../src/lib/server/config.server.ts';
import { logger } from '../src/lib/server/logger.server.ts';
import { getSsoApp } from '../src/lib/sso/runtime.server.ts';

const config = getConfig();
const app = await getSsoApp('');
const server = serve(
  {
    // The socket's peer address; X-Forwarded-For is never trusted.
    fetch: (request, env: { incoming?: { socket: { remoteAddress?: string } } }) => app.fetch(request, { ip: env.incoming?.socket.remoteAddress }),
    port: config.SSO_PORT,
    hostname: config.HOST,
  },
  (info) => logger.info({ port: info.port, host: info.address }, 'SSO service listening'),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
