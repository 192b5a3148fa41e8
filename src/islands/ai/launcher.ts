import { localePath, safeHref } from './chat-logic.ts';

/**
 * The launcher's target: getLink's address (http(s) or site-relative only) in the page's language,
 * with the open design passed on; null keeps the server-rendered link.
 */
export function launcherTarget(url: unknown, designId: string, locale: 'zh' | 'en', base: string): string | null {
  const safe = typeof url === 'string' ? safeHref(url) : null;
  if (!safe) return null;
  const target = new URL(safe.startsWith('/') ? localePath(safe, locale) : safe, base);
  if (designId && !target.searchParams.has('designId')) target.searchParams.set('designId', designId);
  return target.href;
}
