import type { APIRoute } from 'astro';
import { getDb } from '../lib/server/db/runtime.server.ts';
import { siteOrigin, xmlResponse } from '../lib/seo/origin.server.ts';
import { productsSitemap } from '../lib/seo/sitemap.server.ts';

// Products sitemap n (1-based): parts with id in ((n-1)·25000, n·25000], zh and en entries.
export const prerender = false;

export const GET: APIRoute = async ({ params, url }) => {
  const raw = params.n ?? '';
  if (!/^[1-9]\d{0,6}$/.test(raw)) return new Response('Not found', { status: 404 });
  const xml = await productsSitemap(await getDb(), siteOrigin(url), Number(raw));
  return xml === null ? new Response('Not found', { status: 404 }) : xmlResponse(xml);
};
