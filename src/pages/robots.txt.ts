import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/seo/seo.ts';
import { siteOrigin } from '../lib/seo/origin.server.ts';

export const prerender = false;

export const GET: APIRoute = ({ url }) =>
  new Response(robotsTxt(siteOrigin(url)), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
