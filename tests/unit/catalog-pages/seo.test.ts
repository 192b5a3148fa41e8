import { describe, expect, it } from 'vitest';
import { alternateUrlEntries, breadcrumbJsonLd, localeUrls, productJsonLd, productPath, sitemapIndexXml, xmlEscape } from '../../../src/lib/seo/seo.ts';

describe('JSON-LD', () => {
  it('describes a Product with facts only (no offers, prices or ratings) and cannot close its script', () => {
    const json = productJsonLd({ name: 'NE555D', mpn: 'NE555D', brand: 'Texas Instruments', category: 'Timers', description: 'Timer </script><x>', url: 'https://x/productDetail/NE555D_ti', datasheetUrl: 'https://ti.com/ne555.pdf' });
    expect(json).not.toContain('</script>');
    const data = JSON.parse(json) as Record<string, unknown>;
    expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: 'NE555D', mpn: 'NE555D', brand: { '@type': 'Brand', name: 'Texas Instruments' }, category: 'Timers', description: 'Timer </script><x>' });
    for (const k of ['offers', 'aggregateRating', 'review', 'price']) expect(data).not.toHaveProperty(k);
    const crumbs = JSON.parse(breadcrumbJsonLd([{ name: 'A', url: 'https://x/a' }, { name: 'B', url: 'https://x/b' }])) as { itemListElement: { position: number }[] };
    expect(crumbs.itemListElement.map((i) => i.position)).toEqual([1, 2]);
  });
});

describe('sitemap XML', () => {
  it('escapes and writes both locales with alternates', () => {
    expect(xmlEscape(`a&b<"'>`)).toBe('a&amp;b&lt;&quot;&apos;&gt;');
    expect(localeUrls('https://x', '/')).toEqual({ zh: 'https://x/', en: 'https://x/en' });
    const xml = alternateUrlEntries('https://x', productPath('A&B_x'), '2026-01-02');
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml).toContain('<loc>https://x/productDetail/A%26B_x</loc><lastmod>2026-01-02</lastmod>');
    expect(xml).toContain('hreflang="x-default" href="https://x/productDetail/A%26B_x"');
    expect(sitemapIndexXml([{ loc: 'https://x/s-1.xml' }])).toContain('<sitemap><loc>https://x/s-1.xml</loc></sitemap>');
  });
});
