// A user-agent string as a person names it ('Chrome 131 · Windows', issue #32 item 4), for the
// login history. Pure and browser-safe: the account island formats what the SSO stored.
import type { Locale } from './i18n.ts';

type Found = { name: string; version?: string };

// Order matters: Edge and Opera say 'Chrome' too, Chrome says 'Safari', WebViews say both.
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bMicroMessenger\/(\d+(?:\.\d+)?)/, 'WeChat'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bFxiOS\/(\d+)/, 'Firefox'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/\bHeadlessChrome\/(\d+)/, 'Chrome Headless'],
  [/\bChrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+(?:\.\d+)?).*\bSafari\//, 'Safari'],
  [/\bKiCad\/(\d+(?:\.\d+){0,2})/i, 'KiCad'],
  [/^curl\/(\d+\.\d+)/, 'curl'],
  [/^Wget\/(\d+\.\d+)/i, 'Wget'],
  [/^python-requests\/(\d+\.\d+)/, 'Python requests'],
  [/^node(?:-fetch)?\/?(\d+)?/i, 'Node.js'],
  [/^PostmanRuntime\/(\d+\.\d+)/, 'Postman'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/HarmonyOS|OpenHarmony/, 'HarmonyOS'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

function browserOf(ua: string): Found | null {
  for (const [re, name] of BROWSERS) {
    const m = re.exec(ua);
    if (m) return m[1] ? { name, version: m[1] } : { name };
  }
  return null;
}

/** 'Chrome 131 · Windows', 'curl 7.88', or the locale's 'unknown browser' for an empty string. */
export function describeUserAgent(ua: string | null | undefined, locale: Locale): string {
  const text = (ua ?? '').trim();
  if (!text) return locale === 'en' ? 'Unknown browser' : '未知浏览器';
  const browser = browserOf(text);
  const system = SYSTEMS.find(([re]) => re.test(text))?.[1];
  if (!browser) return system ? (locale === 'en' ? `Other browser · ${system}` : `其他浏览器 · ${system}`) : locale === 'en' ? 'Other client' : '其他客户端';
  const name = browser.version ? `${browser.name} ${browser.version}` : browser.name;
  return system ? `${name} · ${system}` : name;
}
