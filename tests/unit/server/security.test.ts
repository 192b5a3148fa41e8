import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/lib/server/config.server.ts';
import { cleanQuery, jsonProblem, queryProblem } from '../../../src/lib/server/input-text.ts';
import { estimateWithHit, secondsUntilAllowed, windowAt } from '../../../src/lib/server/rate-limit.ts';
import { baseSecurityHeaders, pageCsp } from '../../../src/lib/server/security-headers.ts';
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
  it('frames only for the configured hosts; nobody by default', () => {
    expect(pageCsp("script-src 'self' 'sha256-x'; style-src 'self' 'unsafe-inline'", { hostOrigins: [], ssoOrigin: '' })).toContain("frame-ancestors 'none'");
    const csp = pageCsp("script-src 'self' 'sha256-x'", { hostOrigins: ['https://a.example', 'https://b.example'], ssoOrigin: 'https://sso.example' });
    expect(csp).toContain('frame-ancestors https://a.example https://b.example');
    expect(csp).toContain("connect-src 'self' https://sso.example");
    expect(csp).toContain("script-src 'self' 'sha256-x'");
    expect(csp.match(/script-src/g)).toHaveLength(1);
    expect(csp).toContain("object-src 'none'");
  });
  it('X-Frame-Options DENY only when no host may frame us', () => {
    expect(baseSecurityHeaders({ hostOrigins: [] })['X-Frame-Options']).toBe('DENY');
    expect(baseSecurityHeaders({ hostOrigins: ['https://a.example'] })['X-Frame-Options']).toBeUndefined();
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

describe('throttle window arithmetic (the counting itself: tests/api/rate-limit.test.ts)', () => {
  it('weighs the previous window by the part of it still inside the last minute', () => {
    expect(windowAt(120_000, 60_000)).toEqual({ bucket: 2, previousWeight: 1, bucketEndMs: 180_000 });
    expect(windowAt(135_000, 60_000)).toEqual({ bucket: 2, previousWeight: 0.75, bucketEndMs: 180_000 });
    expect(estimateWithHit(40, 10, 0.75)).toBe(41);
  });
  it('says how long to wait: while the previous window fades, else into the next one', () => {
    const limit = { max: 60, windowMs: 60_000 };
    // 60 hits in the previous window, 0 now, at its start: one slot frees after 1/60 of a window.
    expect(secondsUntilAllowed(limit, 60, 0, 120_000)).toBe(1);
    // 30 + 30 at a quarter of the window: 30 * w + 31 <= 60 needs w <= 29/30, i.e. 2 s from the start.
    expect(secondsUntilAllowed(limit, 30, 30, 135_000)).toBe(1);
    expect(secondsUntilAllowed(limit, 60, 30, 121_000)).toBe(30);
    // 60 hits in the current window and none before: the next window, once 1/60 of it has passed.
    expect(secondsUntilAllowed(limit, 0, 60, 160_000)).toBe(21);
    expect(secondsUntilAllowed({ max: 1, windowMs: 60_000 }, 0, 1, 120_000)).toBe(120);
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
