import { publicConfig } from '../server/config.server.ts';

/** The site's public origin: SITE_URL when configured, else the request's own. */
export function siteOrigin(url: URL): string {
  const configured = publicConfig().siteUrl;
  return configured ? configured.replace(/\/$/, '') : url.origin;
}

export function xmlResponse(xml: string): Response {
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
