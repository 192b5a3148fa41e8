import type { APIRoute } from 'astro';
import { getSsoApp } from '../../lib/sso/runtime.server.ts';
import { clientAddressOf } from '../../lib/server/client-address.ts';

// Every /sso request goes to the single sign-on service (src/lib/sso), embedded in the site.
export const prerender = false;

// clientAddress read lazily: its getter throws once the socket is gone (see api/[...path].ts).
export const ALL: APIRoute = async (context) => {
  const app = await getSsoApp('/sso');
  return app.fetch(context.request, { ip: clientAddressOf(context.request, () => context.clientAddress) });
};

