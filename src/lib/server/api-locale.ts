// API messages in the caller's language. The locale comes from the `locale` cookie the site sets,
// else Accept-Language, so the client needs no extra header.
export type Locale = 'zh' | 'en';

export function localeFromRequest(cookieHeader: string | undefined, acceptLanguage: string | undefined): Locale {
  const match = /(?:^|;\s*)locale=(zh|en)(?:;|$)/.exec(cookieHeader ?? '');
  if (match?.[1] === 'en' || match?.[1] === 'zh') return match[1];
  return preferredLocale(acceptLanguage);
}

/** Picks zh or en from an Accept-Language header by quality; zh wins ties and absence. */
export function preferredLocale(acceptLanguage: string | undefined): Locale {
  let best: { locale: Locale; q: number } = { locale: 'zh', q: 0 };
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.find((p) => p.trim().startsWith('q='));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    const locale: Locale | undefined = tag.startsWith('zh') ? 'zh' : tag.startsWith('en') ? 'en' : undefined;
    if (locale && q > best.q) best = { locale, q };
  }
  return best.locale;
}

const messages = {
  ok: { zh: '成功', en: 'OK' },
  badInput: { zh: '参数错误', en: 'Invalid input' },
  field: { zh: '参数 {field} 无效：{problem}', en: 'Invalid field {field}: {problem}' },
  noToken: { zh: '请先登录', en: 'Please log in' },
  sessionExpired: { zh: '登录已过期，请重新登录', en: 'Your session has expired; please log in again' },
  notFound: { zh: '未找到请求的资源', en: 'The requested resource was not found' },
  routeNotFound: { zh: '接口不存在：{path}', en: 'No such API route: {path}' },
  tooLarge: { zh: '请求体过大', en: 'Request body too large' },
  internal: { zh: '服务器内部错误，请稍后再试', en: 'Internal server error; please try again later' },
  unavailable: { zh: '服务暂时不可用，请稍后再试', en: 'Service temporarily unavailable; please try again later' },
  malformedJson: { zh: '请求体不是有效的 JSON', en: 'The request body is not valid JSON' },
  rateLimited: { zh: '请求过于频繁，请{seconds}秒后再试', en: 'Too many requests; try again in {seconds} s' },
} as const;
export type MessageKey = keyof typeof messages;

export function apiMessage(key: MessageKey, locale: Locale, vars: Record<string, string> = {}): string {
  return messages[key][locale].replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');
}
