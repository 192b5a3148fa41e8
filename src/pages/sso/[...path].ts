import type { APIRoute } from 'astro';
import { getSsoApp } from '../../lib/sso/runtime.server.ts';

// Every /sso request goes to the single sign-on service (src/lib/sso), embedded in the site.
export const prerender = false;

export const ALL: APIRoute = async ({ request, clientAddress }) => {
  const app = await getSsoApp('/sso');
  return app.fetch(request, { ip: addressOf(() => clientAddress) });
};

/** Astro's clientAddress is the socket's peer; it throws where the adapter cannot tell. */
function addressOf(read: () => string): string | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
