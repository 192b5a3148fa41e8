import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/lib/server/config.server.ts';
import { cleanQuery, jsonProblem, queryProblem } from '../../../src/lib/server/input-text.ts';
import { createThrottle } from '../../../src/lib/server/rate-limit.ts';
import { baseSecurityHeaders, cameOverTls, HSTS, isHostPage, pageCsp } from '../../../src/lib/server/security-headers.ts';
import { visibleNameProblem } from '../../../src/lib/users/visible-name.ts';

// Pure parts of issue #9's fixes: HOST_ORIGINS, the page CSP, text checks, the throttle, names.

describe('HOST_ORIGINS', () => {
  it('parses a list of origins, empty by default', () => {
    expect(parseConfig({}).HOST_ORIGINS).toEqual([]);
    expect(parseConfig({ HOST_ORIGINS: 'https://eda.example.com, http://127.0.0.1:9000 https://eda.example.com' }).HOST_ORIGINS).toEqual([
      'https://eda.example.com',
      'http://127.0.0.1:9000',
    ]);
  });
  it('refuses anything that is not exactly an origin', () => {
    for (const bad of ['*', 'https://*.example.com', 'eda.example.com', 'https://eda.example.com/path', 'javascript:alert(1)', 'https://user@eda.example.com']) {
      expect(() => parseConfig({ HOST_ORIGINS: bad }), bad).toThrow(/HOST_ORIGINS/);
    }
  });
});

describe('security headers', () => {
  it('frames host pages only for the configured hosts; every other page for nobody', () => {
    expect(pageCsp("script-src 'self' 'sha256-x'; style-src 'self' 'unsafe-inline'", { hostOrigins: [], ssoOrigin: '', framable: true })).toContain("frame-ancestors 'none'");
    const hosts = { hostOrigins: ['https://a.example', 'https://b.example'], ssoOrigin: 'https://sso.example' };
    const csp = pageCsp("script-src 'self' 'sha256-x'", { ...hosts, framable: true });
    expect(csp).toContain('frame-ancestors https://a.example https://b.example');
    expect(csp).toContain("connect-src 'self' https://sso.example");
    expect(csp).toContain("script-src 'self' 'sha256-x'");
    expect(csp.match(/script-src/g)).toHaveLength(1);
    expect(csp).toContain("object-src 'none'");
    expect(pageCsp("script-src 'self'", hosts)).toContain("frame-ancestors 'none'");
    expect(pageCsp("script-src 'self'", { ...hosts, framable: false })).not.toContain('a.example');
  });
  it('X-Frame-Options DENY unless a host page may be framed by a configured host', () => {
    expect(baseSecurityHeaders({ hostOrigins: [] })['X-Frame-Options']).toBe('DENY');
    expect(baseSecurityHeaders({ hostOrigins: [], framable: true })['X-Frame-Options']).toBe('DENY');
    expect(baseSecurityHeaders({ hostOrigins: ['https://a.example'] })['X-Frame-Options']).toBe('DENY');
    expect(baseSecurityHeaders({ hostOrigins: ['https://a.example'], framable: true })['X-Frame-Options']).toBeUndefined();
  });
  it('host pages are the chromeless dialogs of SPEC §2 and the viewer icon, by exact segment', () => {
    for (const path of ['/login', '/library', '/symbolSelector', '/addSymbolDevice', '/addFragment', '/addProject', '/modifyFragment', '/addComponentType', '/addDesignBlockType', '/ecadViewer/ai/aiIcon', '/library/']) {
      expect(isHostPage(path), path).toBe(true);
    }
    for (const path of ['/', '/catalog', '/search', '/productDetail/NE555P_ti', '/loginx', '/libraryfoo', '/x/login', '/ecadViewer', '/ecadViewer/ai', '/api/docs', '/singleInfo']) {
      expect(isHostPage(path), path).toBe(false);
    }
  });
  it('HSTS only over TLS: our own TLS socket, or https said by a trusted proxy', () => {
    const plain = { encrypted: false, peer: '127.0.0.1', forwardedProto: undefined, trustedProxies: [] };
    expect(cameOverTls({ ...plain, encrypted: true })).toBe(true);
    expect(cameOverTls(plain)).toBe(false);
    // Anyone can send the header; only a listed proxy is believed.
    expect(cameOverTls({ ...plain, forwardedProto: 'https' })).toBe(false);
    expect(cameOverTls({ ...plain, forwardedProto: 'https', peer: '10.0.0.9', trustedProxies: ['10.0.0.8'] })).toBe(false);
    expect(cameOverTls({ ...plain, forwardedProto: 'https', trustedProxies: ['loopback'] })).toBe(true);
    expect(cameOverTls({ ...plain, forwardedProto: 'HTTPS, http', peer: '::ffff:10.0.0.8', trustedProxies: ['10.0.0.8'] })).toBe(true);
    expect(cameOverTls({ ...plain, forwardedProto: 'http', trustedProxies: ['loopback'] })).toBe(false);
    expect(cameOverTls({ ...plain, forwardedProto: 'https', peer: '::1', trustedProxies: ['loopback'] })).toBe(true);
    expect(HSTS).toMatch(/^max-age=\d{8,}/);
  });
  it('TRUST_PROXY takes addresses or loopback, nothing else', () => {
    expect(parseConfig({}).TRUST_PROXY).toEqual([]);
    expect(parseConfig({ TRUST_PROXY: 'loopback, 10.0.0.8 ::1' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.8', '::1']);
    for (const bad of ['*', 'proxy.example', '10.0.0.0/8', 'true']) expect(() => parseConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });
});

describe('input text', () => {
  it('finds NUL, broken escapes and lone surrogates in query strings', () => {
    expect(queryProblem('?a=1&b=x%00y')).toEqual({ field: 'b', problem: 'nul' });
    expect(queryProblem('?q=%FF')).toEqual({ field: 'q', problem: 'encoding' });
    expect(queryProblem('?q=%ED%A0%80')).toEqual({ field: 'q', problem: 'encoding' });
    expect(queryProblem('?name=%E8%8A%AF%E7%89%87&x=a+b')).toBeNull();
    expect(cleanQuery('?name=stm32&package=a%00b&size=20')).toEqual({ search: '?name=stm32&size=20', problem: { field: 'package', problem: 'nul' } });
  });
  it('walks JSON to the bad string and names its path', () => {
    expect(jsonProblem({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({ field: 'a[1].c', problem: 'nul' });
    expect(jsonProblem({ k: '\ud800' })).toEqual({ field: 'k', problem: 'surrogate' });
    expect(jsonProblem({ k: '😀 ok' })).toBeNull();
  });
});

describe('throttle', () => {
  it('allows max per window per key, then says how long to wait', () => {
    const t = createThrottle({ max: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) expect(t.hit('a', 1000 + i).ok).toBe(true);
    expect(t.hit('a', 2000)).toEqual({ ok: false, retryAfter: 59 });
    expect(t.hit('b', 2000).ok).toBe(true);
    expect(t.hit('a', 61_001).ok).toBe(true);
  });
  it('stays bounded under a flood of keys', () => {
    const t = createThrottle({ max: 1, windowMs: 60_000, maxKeys: 100 });
    for (let i = 0; i < 10_000; i++) t.hit(`k${i}`, 1000);
    expect(t.hit('k9999', 1000).ok).toBe(false);
  });
});

describe('visible names (item 9)', () => {
  it('refuses reversing, invisible, control and invalid characters', () => {
    expect(visibleNameProblem('\u202eSTM32')).toBe('bidi');
    expect(visibleNameProblem('a\u2067b')).toBe('bidi');
    expect(visibleNameProblem('\u200b')).toBe('invisible');
    expect(visibleNameProblem('a\u00adb')).toBe('invisible');
    expect(visibleNameProblem('\u3164')).toBe('invisible');
    expect(visibleNameProblem('a\tb')).toBe('control');
    expect(visibleNameProblem('x\ud800')).toBe('invalid');
    expect(visibleNameProblem('x\ue000')).toBe('invalid');
  });
  it('keeps real names and emoji sequences', () => {
    for (const ok of ['芯片工程师', 'José', '👨‍👩‍👧', '❤️‍🔥 fan', 'ＳＴＭ３２']) expect(visibleNameProblem(ok), ok).toBeNull();
  });
});
