import { describe, expect, it, vi } from 'vitest';
import { installChunkReload, isChunkLoadError, RELOAD_THROTTLE_MS, shouldReload } from '../../../src/lib/client/chunk-reload.ts';
import { displayName, maskPhone } from '../../../src/lib/client/display-name.ts';
import { compareVersions, hostActionAllowed, readHostVersion, usesKicadVariants } from '../../../src/lib/client/host-bridge.ts';
import { mobileRedirectTarget } from '../../../src/lib/client/mobile-redirect.ts';
import { progressAt, PROGRESS_DURATION_MS } from '../../../src/lib/client/progress.ts';
import { searchUrl } from '../../../src/lib/client/search-box.ts';
import { extractUrlAuth } from '../../../src/lib/client/url-auth.ts';

describe('chunk reload throttle', () => {
  it('does not reload while offline (the page would turn into the browser offline screen)', () => {
    const listeners = new Map<string, (e: Event) => void>();
    const reload = vi.fn();
    const fakeWindow = (onLine: boolean) =>
      ({
        navigator: { onLine },
        sessionStorage: { getItem: () => null, setItem: () => undefined },
        location: { reload },
        addEventListener: (type: string, fn: (e: Event) => void) => listeners.set(type, fn),
      }) as unknown as Window;
    installChunkReload(fakeWindow(false));
    listeners.get('vite:preloadError')!(new Event('vite:preloadError', { cancelable: true }));
    expect(reload).not.toHaveBeenCalled();
    installChunkReload(fakeWindow(true));
    listeners.get('vite:preloadError')!(new Event('vite:preloadError', { cancelable: true }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads at most once per minute', () => {
    expect(shouldReload(1000, null)).toBe(true);
    expect(shouldReload(1000 + RELOAD_THROTTLE_MS - 1, 1000)).toBe(false);
    expect(shouldReload(1000 + RELOAD_THROTTLE_MS, 1000)).toBe(true);
    expect(shouldReload(5, Number.NaN)).toBe(true);
  });
  it('recognises chunk failures only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_astro/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});

describe('mobile redirect', () => {
  const m = 'https://m.example.com/';
  it('redirects touch screens under 1024 on the four page kinds', () => {
    expect(mobileRedirectTarget(m, '/', '', 390, true)).toBe('https://m.example.com/');
    expect(mobileRedirectTarget(m, '/productDetail/STM32F103C8T6', '?a=1', 800, true)).toBe('https://m.example.com/productDetail/STM32F103C8T6?a=1');
    expect(mobileRedirectTarget(m, '/ecadViewer/viewerPage', '', 1023, true)).not.toBeNull();
    expect(mobileRedirectTarget(m, '/search', '?name=x', 600, true)).toBe('https://m.example.com/search?name=x');
  });
  it('stays without touch, at 1024+, on other pages, or without a mobile site', () => {
    expect(mobileRedirectTarget(m, '/', '', 390, false)).toBeNull();
    expect(mobileRedirectTarget(m, '/', '', 1024, true)).toBeNull();
    expect(mobileRedirectTarget(m, '/bom', '', 390, true)).toBeNull();
    expect(mobileRedirectTarget(m, '/ecadViewer', '', 390, true)).toBeNull();
    expect(mobileRedirectTarget('', '/', '', 390, true)).toBeNull();
  });
  it('keeps the /en prefix of English pages, as the middleware does', () => {
    expect(mobileRedirectTarget(m, '/search', '?name=x', 600, true, 'en')).toBe('https://m.example.com/en/search?name=x');
    expect(mobileRedirectTarget(m, '/', '', 600, true, 'en')).toBe('https://m.example.com/en');
    expect(mobileRedirectTarget(m, '/bom', '', 600, true, 'en')).toBeNull();
  });
});

describe('progress bar', () => {
  it('runs 0 to 99 over 5 s; only finishing reaches 100', () => {
    expect(progressAt(0)).toBe(0);
    expect(progressAt(PROGRESS_DURATION_MS / 2)).toBe(50);
    expect(progressAt(PROGRESS_DURATION_MS * 3)).toBe(99);
  });
});

describe('display name', () => {
  it('nickname, else masked phone, else username', () => {
    expect(displayName({ nickname: '小王', phone: '13812341234', username: 'u1' })).toBe('小王');
    expect(displayName({ nickname: '', phone: '13812341234', username: 'u1' })).toBe('138****1234');
    expect(displayName({ nickname: null, phone: null, username: 'u1' })).toBe('u1');
    expect(maskPhone('1381234123')).toBe('1381234123');
  });
});

describe('host versions', () => {
  it('compares numerically and gates actions and kicad variants', () => {
    expect(compareVersions('9.0.10', '9.0.5')).toBe(1);
    expect(compareVersions('9.0', '9.0.0')).toBe(0);
    expect(usesKicadVariants('9.0.5')).toBe(true);
    expect(usesKicadVariants('9.0.4')).toBe(false);
    expect(usesKicadVariants('')).toBe(false);
    expect(hostActionAllowed('9.0.3')).toBe(false);
    expect(hostActionAllowed('9.0.4')).toBe(true);
    expect(readHostVersion('?host_version=9.0.6')).toBe('9.0.6');
    expect(readHostVersion('?host_version=<script>')).toBe('');
  });
});

describe('search box', () => {
  it('opens /search?name= with the trimmed text, never when empty', () => {
    expect(searchUrl('/search', '  LM358 ')).toBe('/search?name=LM358');
    expect(searchUrl('/en/search', '运放 & 1%')).toBe('/en/search?name=%E8%BF%90%E6%94%BE%20%26%201%25');
    expect(searchUrl('/search', '   ')).toBeNull();
  });
});

describe('credentials in the URL', () => {
  it('takes token, phone, nickname and username and strips them', () => {
    const r = extractUrlAuth('https://x.cn/bom?token=abcdefghijklmnopqrstu&phone=13812341234&nickname=Wang&keep=1#h');
    expect(r).toEqual({
      auth: { token: 'abcdefghijklmnopqrstu', phone: '13812341234', nickname: 'Wang' },
      cleanUrl: '/bom?keep=1#h',
    });
    expect(extractUrlAuth('https://x.cn/bom?keep=1')).toBeNull();
  });
  it('strips but ignores implausible values', () => {
    expect(extractUrlAuth('https://x.cn/?token=%3Cscript%3E&phone=abc')).toEqual({ auth: {}, cleanUrl: '/' });
  });
});
