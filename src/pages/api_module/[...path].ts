import type { APIRoute } from 'astro';
import { createModuleApp } from '../../lib/modules/modules.routes.ts';
import { getDb } from '../../lib/server/db/runtime.server.ts';

// SPEC §7's module calls live at /api_module, outside /api: their own small Hono app.
export const prerender = false;
let app: ReturnType<typeof createModuleApp> | undefined;

export const ALL: APIRoute = async ({ request }) => {
  app ??= createModuleApp({ db: await getDb() });
  return app.fetch(request);
};
