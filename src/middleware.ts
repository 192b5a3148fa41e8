import { defineMiddleware } from 'astro:middleware';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from './lib/i18n/i18n.ts';
import { decideLocale, switchTarget } from './lib/i18n/locale-routing.ts';

// Locale routing: zh at /, en at /en/*, served by the same page files through a rewrite
// (docs/decisions/0002-i18n.md). API, SSO and static files pass straight through.
const PASS_THROUGH = /^\/(api|sso|_astro|doc|favicon|robots\.txt|sitemap)/;

export const onRequest = defineMiddleware(async (context, next) => {
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
  context.locals.locale = decision.locale;
  context.locals.barePath = decision.barePath;
  // Astro decodes a rewrite target once more than a direct request, so '%' is escaped once more.
  const response = decision.locale === 'en' ? await next(decision.barePath.replaceAll('%', '%25') + search) : await next();
  response.headers.append('Vary', 'Cookie, Accept-Language');
  return response;
});
