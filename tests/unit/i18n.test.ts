import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en.ts';
import { zh } from '../../src/lib/i18n/zh.ts';
import { localizePath, splitLocale, t } from '../../src/lib/i18n/i18n.ts';
import { decideLocale, readLocaleCookie, switchTarget } from '../../src/lib/i18n/locale-routing.ts';

describe('dictionaries', () => {
  it('zh and en have exactly the same keys, none empty', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const [key, value] of [...Object.entries(zh), ...Object.entries(en)]) expect(value.trim(), key).not.toBe('');
  });

  it('every t() key used in src exists in the dictionaries', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(astro|ts|tsx)$/.test(name)) files.push(path);
      }
    };
    walk('src');
    const used = new Set<string>();
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*locale\s*,\s*'([^']+)'/g)) used.add(m[1]!);
      for (const m of readFileSync(file, 'utf8').matchAll(/titleKey="([^"]+)"/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(30);
    for (const key of used) expect(Object.keys(zh), `missing key ${key}`).toContain(key);
  });

  it('interpolates variables', () => {
    expect(t('zh', 'footer.copyright', { year: 2026 })).toBe('© 2026 芯百科 版权所有');
    expect(t('en', 'search.resultsFor', { name: 'LM358' })).toBe('Results for “LM358”');
  });
});

describe('locale paths', () => {
  it('splits and localizes', () => {
    expect(splitLocale('/en/catalog')).toEqual(['en', '/catalog']);
    expect(splitLocale('/en')).toEqual(['en', '/']);
    expect(splitLocale('/english')).toEqual(['zh', '/english']);
    expect(localizePath('/catalog', 'en')).toBe('/en/catalog');
    expect(localizePath('/en/catalog', 'zh')).toBe('/catalog');
    expect(localizePath('/', 'en')).toBe('/en');
  });
});

describe('locale detection (ADR 0018: a URL that names its language wins)', () => {
  it('a first visit to the site address with Accept-Language: en goes to /en and stores en', () => {
    expect(decideLocale('/', '?a=1', null, 'en-US,en;q=0.9')).toEqual({ kind: 'redirect', location: '/en?a=1', setCookie: 'en' });
    expect(decideLocale('/', '', null, 'fr-FR,zh;q=0.5,en;q=0.4')).toEqual({ kind: 'render', locale: 'zh', barePath: '/', setCookie: 'zh' });
    expect(decideLocale('/', '', null, null)).toMatchObject({ kind: 'render', locale: 'zh', setCookie: 'zh' });
  });

  it('a returning visitor reaches the site address in the language the switch stored', () => {
    expect(decideLocale('/', '', 'locale=en', 'zh-CN')).toEqual({ kind: 'redirect', location: '/en' });
    expect(decideLocale('/', '', 'locale=zh', 'en-US')).toEqual({ kind: 'render', locale: 'zh', barePath: '/' });
  });

  it('a shared zh link renders Chinese whatever the cookie or the browser language says', () => {
    expect(decideLocale('/productDetail/LM358_ti', '', 'locale=en', 'en-US')).toEqual({ kind: 'render', locale: 'zh', barePath: '/productDetail/LM358_ti' });
    expect(decideLocale('/productDetail/LM358_ti', '', null, 'en-US')).toEqual({ kind: 'render', locale: 'zh', barePath: '/productDetail/LM358_ti' });
    expect(decideLocale('/catalog', '?a=1', 'locale=en', null)).toEqual({ kind: 'render', locale: 'zh', barePath: '/catalog' });
  });

  it('an /en URL always renders English and never writes the cookie', () => {
    expect(decideLocale('/en/bom', '', 'locale=zh', 'zh-CN')).toEqual({ kind: 'render', locale: 'en', barePath: '/bom' });
    expect(decideLocale('/en/bom', '', null, 'zh-CN')).toEqual({ kind: 'render', locale: 'en', barePath: '/bom' });
    // One visit to an /en page, then a plain link: still Chinese (the bug of issue #32).
    expect(decideLocale('/search', '?name=LM358', null, 'zh-CN')).toMatchObject({ kind: 'render', locale: 'zh' });
  });

  it('reads only valid cookie values', () => {
    expect(readLocaleCookie('a=1; locale=en')).toBe('en');
    expect(readLocaleCookie('locale=fr')).toBeUndefined();
  });

  it('the switch keeps the path and cannot redirect off-site', () => {
    expect(switchTarget('en', '/search?name=LM358')).toEqual({ locale: 'en', location: '/en/search?name=LM358' });
    expect(switchTarget('zh', '/en/catalog')).toEqual({ locale: 'zh', location: '/catalog' });
    expect(switchTarget('en', '//evil.example/x')).toEqual({ locale: 'en', location: '/en' });
    expect(switchTarget('en', 'https://evil.example')).toEqual({ locale: 'en', location: '/en' });
    expect(switchTarget('de', '/')).toBeNull();
  });
});
