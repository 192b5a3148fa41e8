import { describe, expect, it } from 'vitest';
import { decideMobileEdge, isCrawler, isPhone, mobileRedirectResponse, type MobileEdgeRequest } from '../../../src/lib/site/mobile-edge.ts';
import { isMobileSitePage, mobileSiteLocation } from '../../../src/lib/site/mobile-site.ts';

const M = 'https://m.example.com/';

/** Agents as the devices and crawlers send them. */
const UA = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidChromePhone:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidFirefoxPhone: 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  androidFirefoxTablet: 'Mozilla/5.0 (Android 14; Tablet; rv:127.0) Gecko/127.0 Firefox/127.0',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  harmonyOsPhone:
    'Mozilla/5.0 (Linux; Android 10; HarmonyOS; NOH-AN00; HMSCore 6.13.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.5735.196 HuaweiBrowser/15.0.4.312 Mobile Safari/537.36',
  harmonyOsNextPhone:
    'Mozilla/5.0 (Phone; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile HuaweiBrowser/5.0.4.300',
  harmonyOsNextTablet:
    'Mozilla/5.0 (Tablet; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 HuaweiBrowser/5.0.4.300',
  weChatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  weChatIPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.48(0x18003030) NetType/WIFI Language/zh_CN',
  weChatWindows:
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x6309092b) XWEB/9129 Flue',
  qqBrowserAndroid:
    'Mozilla/5.0 (Linux; U; Android 12; zh-cn; PGBM10 Build/SP1A.210812.016) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.86 MQQBrowser/14.9 Mobile Safari/537.36',
  windowsPhone:
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.14977',
  desktopChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  desktopSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  googlebotSmartphone:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  googlebotDesktop: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  baiduspiderMobile:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 9_1 like Mac OS X) AppleWebKit/601.1.46 (KHTML, like Gecko) Version/9.0 Mobile/13B143 Safari/601.1 (compatible; Baiduspider-render/2.0; +http://www.baidu.com/search/spider.html)',
  baiduspider: 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  bingbotMobile:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.1938.76 Mobile Safari/537.36 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  yandexBot: 'Mozilla/5.0 (iPhone; CPU iPhone OS 8_1 like Mac OS X) AppleWebKit/600.1.4 (KHTML, like Gecko) Version/8.0 Mobile/12B411 Safari/600.1.4 (compatible; YandexMobileBot/3.0; +http://yandex.com/bots)',
  sogou: 'Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)',
  spider360: 'Mozilla/5.0 (Linux; U; Android 4.0.2; en-us; Galaxy Nexus Build/ICL53F) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30; 360Spider',
  bytespider: 'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
  duckDuckBot: 'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
  applebot:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  genericCrawler: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) SomeCrawler/1.0',
} as const;

const request = (over: Partial<MobileEdgeRequest>): MobileEdgeRequest => ({
  method: 'GET',
  locale: 'zh',
  barePath: '/search',
  search: '?name=LM358',
  chUaMobile: null,
  userAgent: null,
  ...over,
});

describe('mobile edge: phones by User-Agent (no client hint)', () => {
  const phones: (keyof typeof UA)[] = [
    'iPhoneSafari',
    'androidChromePhone',
    'androidFirefoxPhone',
    'harmonyOsPhone',
    'harmonyOsNextPhone',
    'weChatAndroid',
    'weChatIPhone',
    'qqBrowserAndroid',
    'windowsPhone',
  ];
  const notPhones: (keyof typeof UA)[] = [
    'androidTablet',
    'androidFirefoxTablet',
    'iPad',
    'iPadDesktopMode',
    'harmonyOsNextTablet',
    'weChatWindows',
    'desktopChrome',
    'desktopSafari',
  ];
  it.each(phones)('%s is redirected', (name) => {
    expect(decideMobileEdge(M, request({ userAgent: UA[name] }))).toEqual({ kind: 'redirect', location: 'https://m.example.com/search?name=LM358' });
  });
  it.each(notPhones)('%s is not (tablets are left to the browser check)', (name) => {
    expect(isPhone(null, UA[name])).toBe(false);
    expect(decideMobileEdge(M, request({ userAgent: UA[name] }))).toEqual({ kind: 'page' });
  });
  it('no User-Agent at all is not a phone', () => {
    expect(decideMobileEdge(M, request({}))).toEqual({ kind: 'page' });
  });
});

describe('mobile edge: Sec-CH-UA-Mobile decides when it is sent', () => {
  it('?1 redirects whatever the agent says; ?0 keeps the page even for a phone agent', () => {
    expect(decideMobileEdge(M, request({ chUaMobile: '?1', userAgent: UA.desktopChrome })).kind).toBe('redirect');
    expect(decideMobileEdge(M, request({ chUaMobile: '?1', userAgent: null })).kind).toBe('redirect');
    expect(decideMobileEdge(M, request({ chUaMobile: '?0', userAgent: UA.androidChromePhone })).kind).toBe('page');
    expect(decideMobileEdge(M, request({ chUaMobile: '?0', userAgent: UA.desktopChrome })).kind).toBe('page');
    // An Android tablet's Chrome says ?0: left to the browser check.
    expect(decideMobileEdge(M, request({ chUaMobile: '?0', userAgent: UA.androidTablet })).kind).toBe('page');
  });
  it('a malformed hint is ignored and the agent decides', () => {
    expect(decideMobileEdge(M, request({ chUaMobile: '1', userAgent: UA.iPhoneSafari })).kind).toBe('redirect');
    expect(decideMobileEdge(M, request({ chUaMobile: 'yes', userAgent: UA.desktopChrome })).kind).toBe('page');
    expect(decideMobileEdge(M, request({ chUaMobile: ' ?1 ', userAgent: UA.desktopChrome })).kind).toBe('redirect');
  });
});

describe('mobile edge: crawlers are never redirected', () => {
  const crawlers: (keyof typeof UA)[] = [
    'googlebotSmartphone',
    'googlebotDesktop',
    'baiduspiderMobile',
    'baiduspider',
    'bingbotMobile',
    'yandexBot',
    'sogou',
    'spider360',
    'bytespider',
    'duckDuckBot',
    'applebot',
    'genericCrawler',
  ];
  it.each(crawlers)('%s, even with Sec-CH-UA-Mobile: ?1', (name) => {
    expect(isCrawler(UA[name])).toBe(true);
    expect(decideMobileEdge(M, request({ userAgent: UA[name] }))).toEqual({ kind: 'page' });
    expect(decideMobileEdge(M, request({ userAgent: UA[name], chUaMobile: '?1' }))).toEqual({ kind: 'page' });
  });
  it('browsers are not taken for crawlers', () => {
    for (const name of ['iPhoneSafari', 'androidChromePhone', 'weChatAndroid', 'harmonyOsPhone', 'desktopChrome', 'iPad'] as const) expect(isCrawler(UA[name])).toBe(false);
  });
});

describe('mobile edge: which requests are concerned', () => {
  const phone = { userAgent: UA.iPhoneSafari };
  it('the SPEC §1 pages only: home, productDetail, ecadViewer/viewerPage, search', () => {
    expect(decideMobileEdge(M, request({ ...phone, barePath: '/', search: '' }))).toEqual({ kind: 'redirect', location: 'https://m.example.com/' });
    expect(decideMobileEdge(M, request({ ...phone, barePath: '/home', search: '' }))).toEqual({ kind: 'redirect', location: 'https://m.example.com/home' });
    expect(decideMobileEdge(M, request({ ...phone, barePath: '/productDetail/STM32F103C8T6', search: '?a=1&b=%E4%B8%AD' }))).toEqual({
      kind: 'redirect',
      location: 'https://m.example.com/productDetail/STM32F103C8T6?a=1&b=%E4%B8%AD',
    });
    expect(decideMobileEdge(M, request({ ...phone, barePath: '/ecadViewer/viewerPage', search: '?id=3' })).kind).toBe('redirect');
    for (const barePath of ['/bom', '/catalog', '/filterPage/1/x', '/ecadViewer', '/searchx', '/productDetailx', '/m/search']) {
      expect(decideMobileEdge(M, request({ ...phone, barePath }))).toEqual({ kind: 'none' });
    }
  });
  it('English pages keep their /en prefix on the mobile site', () => {
    expect(decideMobileEdge(M, request({ ...phone, locale: 'en' }))).toEqual({
      kind: 'redirect',
      location: 'https://m.example.com/en/search?name=LM358',
    });
    expect(decideMobileEdge(M, request({ ...phone, locale: 'en', barePath: '/', search: '' }))).toEqual({ kind: 'redirect', location: 'https://m.example.com/en' });
  });
  it('GET and HEAD only', () => {
    expect(decideMobileEdge(M, request({ ...phone, method: 'HEAD' })).kind).toBe('redirect');
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) expect(decideMobileEdge(M, request({ ...phone, method }))).toEqual({ kind: 'none' });
  });
  it('nothing at all without a mobile site', () => {
    expect(decideMobileEdge('', request({ ...phone }))).toEqual({ kind: 'none' });
    expect(decideMobileEdge('', request({ userAgent: UA.desktopChrome }))).toEqual({ kind: 'none' });
  });
  it('a mobile site with a path keeps it', () => {
    expect(mobileSiteLocation('https://example.com/m', 'zh', '/search', '?name=x')).toBe('https://example.com/m/search?name=x');
    expect(mobileSiteLocation('https://example.com/m/', 'en', '/productDetail/A', '')).toBe('https://example.com/m/en/productDetail/A');
    expect(isMobileSitePage('/productDetail')).toBe(true);
    expect(isMobileSitePage('/search/')).toBe(true);
  });
});

describe('mobile edge: the redirect answer', () => {
  it('is a 302 no shared cache keeps, varying with the device headers', async () => {
    const res = mobileRedirectResponse('https://m.example.com/search?name=x');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://m.example.com/search?name=x');
    expect(res.headers.get('vary')).toBe('Sec-CH-UA-Mobile, User-Agent, Cookie, Accept-Language');
    expect(res.headers.get('accept-ch')).toBe('Sec-CH-UA-Mobile');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.text()).toBe('');
  });
});
