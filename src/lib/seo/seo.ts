// SEO helpers shared by pages and the sitemap/robots endpoints: XML and JSON-LD building.
// Pure; no database.

export const SITEMAP_MAX_URLS = 50_000;
/** Both locales of a product are separate <url> entries: this many products fill one sitemap. */
export const PRODUCTS_PER_SITEMAP = SITEMAP_MAX_URLS / 2;

export function xmlEscape(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/** '/catalog' → ['https://x/catalog', 'https://x/en/catalog']. */
export function localeUrls(origin: string, path: string): { zh: string; en: string } {
  const p = path === '/' ? '' : path;
  return { zh: `${origin}${p || '/'}`, en: `${origin}/en${p}` };
}

/** Two <url> entries (zh, en) for one page, each naming both alternates (and x-default = zh). */
export function alternateUrlEntries(origin: string, path: string, lastmod?: string): string {
  const { zh, en } = localeUrls(origin, path);
  const links =
    `<xhtml:link rel="alternate" hreflang="zh" href="${xmlEscape(zh)}"/>` +
    `<xhtml:link rel="alternate" hreflang="en" href="${xmlEscape(en)}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(zh)}"/>`;
  const mod = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
  return `<url><loc>${xmlEscape(zh)}</loc>${mod}${links}</url>\n<url><loc>${xmlEscape(en)}</loc>${mod}${links}</url>\n`;
}

export const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
export const URLSET_CLOSE = '</urlset>\n';

export function sitemapIndexXml(entries: readonly { loc: string; lastmod?: string }[]): string {
  const body = entries.map((e) => `<sitemap><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /api_module/',
    'Disallow: /sso/',
    'Disallow: /__locale',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The percent-encoded path of a product page. */
export function productPath(mfgMpnCode: string): string {
  return `/productDetail/${encodeURIComponent(mfgMpnCode)}`;
}

export type ProductLdInput = {
  name: string;
  mpn: string;
  brand: string | null;
  category: string | null;
  description: string | null;
  url: string;
  image?: string | null;
  datasheetUrl?: string | null;
};

/**
 * schema.org Product for a part page: facts we hold only (no offers, prices or ratings).
 * '<' is escaped so the JSON can sit inside a <script> element.
 */
export function productJsonLd(p: ProductLdInput): string {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    mpn: p.mpn,
    url: p.url,
  };
  if (p.brand) data.brand = { '@type': 'Brand', name: p.brand };
  if (p.category) data.category = p.category;
  if (p.description) data.description = p.description;
  if (p.image) data.image = p.image;
  if (p.datasheetUrl) data.subjectOf = { '@type': 'DigitalDocument', name: 'Datasheet', url: p.datasheetUrl };
  return jsonForScript(data);
}

export function breadcrumbJsonLd(items: readonly { name: string; url: string }[]): string {
  return jsonForScript({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: it.url })),
  });
}

export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
