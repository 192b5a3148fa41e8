import type { APIRoute } from 'astro';
import { getSsoApp } from '../../lib/sso/runtime.server.ts';
import { clientAddressOf } from '../../lib/server/client-address.ts';

// Every /sso request goes to the single sign-on service (src/lib/sso), embedded in the site.
export const prerender = false;

export const ALL: APIRoute = async ({ request, clientAddress }) => {
  const app = await getSsoApp('/sso');
  return app.fetch(request, { ip: clientAddressOf(() => clientAddress) });
};

