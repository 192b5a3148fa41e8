import type { APIRoute } from 'astro';
import { createApp } from '../../lib/server/app.ts';
import { getDb } from '../../lib/server/db/runtime.server.ts';
import { clientAddressOf } from '../../lib/server/client-address.ts';

// The one Hono mount: every /api request goes to src/lib/server/app.ts.
export const prerender = false;
let app: ReturnType<typeof createApp> | undefined;

export const ALL: APIRoute = async ({ request, clientAddress }) => {
  app ??= createApp({ db: await getDb() });
  return app.fetch(request, { ip: clientAddressOf(() => clientAddress) });
};

