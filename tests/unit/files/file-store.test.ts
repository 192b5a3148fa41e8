import { describe, expect, it } from 'vitest';
import {
  assertFileKey,
  clampRange,
  contentDisposition,
  FileKeyError,
  FileRangeError,
  fileKeyPath,
  fileResponseHeaders,
  isFileKey,
  safeContentType,
  safeFilename,
} from '../../../src/lib/files/file-store.ts';

// The pure half of the file store (src/lib/files/file-store.ts): keys, types, dispositions.

const KEY = 'ab'.repeat(32);

describe('file keys', () => {
  it('accepts 64 lowercase hex digits only', () => {
    expect(isFileKey(KEY)).toBe(true);
    for (const bad of ['../x', `../${KEY.slice(3)}`, KEY.toUpperCase(), KEY.slice(1), `${KEY}0`, `${KEY.slice(2)}/.`, '%2e%2e', '', null, 42]) {
      expect(isFileKey(bad), String(bad)).toBe(false);
      expect(() => assertFileKey(bad)).toThrow(FileKeyError);
    }
  });

  it('fans out as ab/cd/<key>, refusing a bad key before building a path', () => {
    const key = `abcd${'0'.repeat(60)}`;
    expect(fileKeyPath(key)).toBe(`ab/cd/${key}`);
    expect(() => fileKeyPath('../../etc/passwd')).toThrow(FileKeyError);
  });
});

describe('content types', () => {
  it('serves allow-listed types as themselves, with a charset for text', () => {
    expect(safeContentType('image/webp')).toBe('image/webp');
    expect(safeContentType('IMAGE/PNG; name=x')).toBe('image/png');
    expect(safeContentType('application/pdf')).toBe('application/pdf');
    expect(safeContentType('text/csv; charset=gbk')).toBe('text/csv; charset=utf-8');
  });

  it('serves everything a browser could run or render as a page as octet-stream', () => {
    for (const t of ['text/html', 'image/svg+xml', 'application/xhtml+xml', 'text/xml', 'application/javascript', 'text/javascript', 'multipart/x-mixed-replace', '', undefined, null, 'nonsense']) {
      expect(safeContentType(t), String(t)).toBe('application/octet-stream');
    }
  });
});

describe('Content-Disposition (RFC 6266 / 5987)', () => {
  it('a Chinese name: ASCII fallback plus filename* in UTF-8', () => {
    expect(contentDisposition('数据手册.pdf')).toBe(`attachment; filename="download.pdf"; filename*=UTF-8''%E6%95%B0%E6%8D%AE%E6%89%8B%E5%86%8C.pdf`);
    expect(contentDisposition('STM32F103 数据手册.pdf', 'inline')).toBe(
      `inline; filename="STM32F103 ____.pdf"; filename*=UTF-8''STM32F103%20%E6%95%B0%E6%8D%AE%E6%89%8B%E5%86%8C.pdf`,
    );
  });

  it('plain ASCII needs no filename*', () => {
    expect(contentDisposition('avatar.webp', 'inline')).toBe('inline; filename="avatar.webp"');
  });

  it('quotes, backslashes, paths, control and direction characters cannot break out of the header', () => {
    const header = contentDisposition('..\\..\\evil"; filename=x.html\r\nSet-Cookie: a=b\u202Egpj.exe');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith('attachment; filename="')).toBe(true);
    const fallback = /filename="([^"]*)"/.exec(header)![1]!;
    expect(fallback).not.toMatch(/["\\;\u202E]/);
    expect(header).toContain("filename*=UTF-8''");
    expect(header).not.toContain('\u202E');
    expect(safeFilename('a/b/../../c.txt')).toBe('c.txt');
    expect(safeFilename('...')).toBe('download');
    expect(contentDisposition("it's (1) 图.txt")).toContain("filename*=UTF-8''it%27s%20%281%29%20%E5%9B%BE.txt");
  });

  it('response headers: safe type, length, disposition, nosniff', () => {
    expect(fileResponseHeaders({ contentType: 'text/html', size: 3, filename: 'x.html' })).toEqual({
      'Content-Type': 'application/octet-stream',
      'Content-Length': '3',
      'Content-Disposition': 'attachment; filename="x.html"',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
    });
    // A PDF shown inline may be framed by our own pages only.
    expect(fileResponseHeaders({ contentType: 'application/pdf', size: 3, filename: 'a.pdf', disposition: 'inline' })['Content-Security-Policy']).toBe(
      "default-src 'none'; frame-ancestors 'self'; sandbox",
    );
  });
});

describe('ranges', () => {
  it('clamps the end and refuses a start past the end', () => {
    expect(clampRange({ start: 2 }, 10)).toEqual({ start: 2, end: 9 });
    expect(clampRange({ start: 2, end: 99 }, 10)).toEqual({ start: 2, end: 9 });
    expect(() => clampRange({ start: 10 }, 10)).toThrow(FileRangeError);
    expect(() => clampRange({ start: 5, end: 4 }, 10)).toThrow(FileRangeError);
    expect(() => clampRange({ start: -1 }, 10)).toThrow(FileRangeError);
  });
});
