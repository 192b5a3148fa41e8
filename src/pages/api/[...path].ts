import type { APIRoute } from 'astro';
import { createApp } from '../../lib/server/app.ts';
import { getDb } from '../../lib/server/db/runtime.server.ts';
import { clientAddressOf } from '../../lib/server/client-address.ts';

// The one Hono mount: every /api request goes to src/lib/server/app.ts.
export const prerender = false;
let app: ReturnType<typeof createApp> | undefined;

// clientAddress is read lazily: the getter throws when the socket is already gone (an aborted
// request), and destructuring it here would turn that into a 500 before the app runs.
export const ALL: APIRoute = async (context) => {
  app ??= createApp({ db: await getDb() });
  return app.fetch(context.request, { ip: clientAddressOf(context.request, () => context.clientAddress) });
};

