import type { APIRoute } from 'astro';
import { getDb } from '../lib/server/db/runtime.server.ts';
import { siteOrigin, xmlResponse } from '../lib/seo/origin.server.ts';
import { pagesSitemap } from '../lib/seo/sitemap.server.ts';

// Static routes and every category's filter page, both locales.
export const prerender = false;

export const GET: APIRoute = async ({ url }) => xmlResponse(await pagesSitemap(await getDb(), siteOrigin(url)));
