import type { APIRoute } from 'astro';
import { getDb } from '../lib/server/db/runtime.server.ts';
import { siteOrigin, xmlResponse } from '../lib/seo/origin.server.ts';
import { sitemapIndex } from '../lib/seo/sitemap.server.ts';

// The sitemap index: sitemap-pages.xml and one sitemap-products-{n}.xml per 25,000 parts.
export const prerender = false;

export const GET: APIRoute = async ({ url }) => xmlResponse(await sitemapIndex(await getDb(), siteOrigin(url)));
