import { defineMiddleware } from 'astro:middleware';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from './lib/i18n/i18n.ts';
import { decideLocale, switchTarget } from './lib/i18n/locale-routing.ts';
import { getConfig } from './lib/server/config.server.ts';
import { cleanQuery } from './lib/server/input-text.ts';
import { decideMobileEdge, MOBILE_ACCEPT_CH, MOBILE_VARY, mobileRedirectResponse } from './lib/site/mobile-edge.ts';
import { observeRequest } from './lib/server/observability/metrics.server.ts';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from './lib/server/db-failure.server.ts';
import { notePageError, pageUnavailable } from './lib/server/page-failure.server.ts';
import { applyBaseSecurityHeaders, DATA_CSP, isHostPage, pageCsp, ssoOriginOf } from './lib/server/security-headers.ts';

// Locale routing: zh at /, en at /en/*, served by the same page files through a rewrite
// (docs/decisions/0002-i18n.md). API, SSO, the MCP endpoint and static files pass straight through.
const PASS_THROUGH = /^\/(api|sso|mcp(?:\/|$)|_astro|doc|favicon|robots\.txt|sitemap)/;

// /api, /api_module, /sso and /mcp count their own requests, with their route patterns (create-app.ts).
const COUNTED_BY_HONO = /^\/(api|api_module|sso|mcp)(\/|$)/;

export const onRequest = defineMiddleware(async (context, next) => {
  const started = performance.now();
  let routed: Response;
  try {
    routed = await route(context, next);
  } catch (error) {
    // Astro renders the error page (500.astro) for this request next; it answers 503 if this says so.
    notePageError(context.request, error);
    throw error;
  }
  // Host pages by their path without the locale prefix; API, SSO and files are never host pages.
  let response = withSecurityHeaders(routed, !PASS_THROUGH.test(context.url.pathname) && isHostPage(context.locals.barePath ?? context.url.pathname));
  if (response.status === 500 && pageUnavailable(context.request)) response = unavailableAnswer(response);
  if (!COUNTED_BY_HONO.test(context.url.pathname)) {
    observeRequest('page', context.routePattern, context.request.method, response.status, (performance.now() - started) / 1000);
  }
  return response;
});

/** The error page of a page whose database is away: 503 with Retry-After (src/lib/server/page-failure.server.ts). */
function unavailableAnswer(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  headers.set('Cache-Control', 'no-store');
  return new Response(response.body, { status: 503, headers });
}

/** One set of security headers on every answer (src/lib/server/security-headers.ts). */
function withSecurityHeaders(response: Response, framable: boolean): Response {
  const { HOST_ORIGINS: hostOrigins, SSO_URL } = getConfig();
  const options = { hostOrigins, ssoOrigin: ssoOriginOf(SSO_URL), framable };
  let headers = response.headers;
  try {
    applyBaseSecurityHeaders(headers, options);
  } catch {
    // Immutable headers (a fetched or redirect Response): copy into a mutable one.
    response = new Response(response.body, response);
    headers = response.headers;
    applyBaseSecurityHeaders(headers, options);
  }
  const html = (headers.get('content-type') ?? '').startsWith('text/html');
  const csp = headers.get('content-security-policy');
  if (html) {
    // Astro's header carries the script hashes; HTML from elsewhere (the SSO's pages) gets ours.
    headers.set('Content-Security-Policy', pageCsp(csp ?? "script-src 'self'; style-src 'self' 'unsafe-inline'", options));
  } else if (!csp) {
    headers.set('Content-Security-Policy', DATA_CSP);
  }
  return response;
}

type Context = Parameters<Parameters<typeof defineMiddleware>[0]>[0];
type Next = Parameters<Parameters<typeof defineMiddleware>[0]>[1];

async function route(context: Context, next: Next): Promise<Response> {
  const { pathname, search } = context.url;
  if (PASS_THROUGH.test(pathname)) {
    context.locals.locale = 'zh';
    context.locals.barePath = pathname;
    return next();
  }
  const cookieOptions = { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax' as const };

  if (pathname === '/__locale') {
    const target = switchTarget(context.url.searchParams.get('to'), context.url.searchParams.get('path'));
    if (!target) return new Response('Bad locale', { status: 400 });
    context.cookies.set(LOCALE_COOKIE, target.locale, cookieOptions);
    return context.redirect(target.location, 302);
  }

  const decision = decideLocale(pathname, search, context.request.headers.get('cookie'), context.request.headers.get('accept-language'));
  if (decision.setCookie) context.cookies.set(LOCALE_COOKIE, decision.setCookie, cookieOptions);
  if (decision.kind === 'redirect') {
    const response = context.redirect(decision.location, 302);
    response.headers.set('Vary', 'Cookie, Accept-Language');
    return response;
  }
  // SPEC §1: phones go to the mobile site before anything renders (src/lib/site/mobile-edge.ts).
  const mobile = decideMobileEdge(getConfig().MOBILE_SITE_URL ?? '', {
    method: context.request.method,
    locale: decision.locale,
    barePath: decision.barePath,
    search,
    chUaMobile: context.request.headers.get('sec-ch-ua-mobile'),
    userAgent: context.request.headers.get('user-agent'),
  });
  if (mobile.kind === 'redirect') return mobileRedirectResponse(mobile.location);
  context.locals.locale = decision.locale;
  context.locals.barePath = decision.barePath;
  // Query text no page can use (NUL, invalid UTF-8): the page renders without those parameters
  // and says so, with status 400, instead of failing in the database with a 500.
  const cleaned = cleanQuery(search);
  if (cleaned.problem) context.locals.inputProblem = cleaned.problem.field;
  // Astro decodes a rewrite target once more than a direct request, so '%' is escaped once more.
  const response =
    decision.locale === 'en' || cleaned.problem ? await next(decision.barePath.replaceAll('%', '%25') + cleaned.search) : await next();
  response.headers.append('Vary', 'Cookie, Accept-Language');
  if (mobile.kind === 'page') {
    response.headers.append('Vary', MOBILE_VARY);
    response.headers.set('Accept-CH', MOBILE_ACCEPT_CH);
  }
  if (cleaned.problem && response.status === 200) return new Response(response.body, { status: 400, headers: response.headers });
  return response;
}
