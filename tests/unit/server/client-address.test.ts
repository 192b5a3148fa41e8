import { describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER, clientAddressOf, resolveClientAddress } from '../../../src/lib/server/client-address.ts';

describe('resolveClientAddress', () => {
  const trusted = ['loopback', '10.0.0.5'];
  it('is the socket peer when no proxy is trusted', () => {
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', [])).toBe('203.0.113.9');
  });
  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(resolveClientAddress('203.0.113.9', '127.0.0.1', trusted)).toBe('203.0.113.9');
  });
  it('takes the nearest untrusted hop behind trusted proxies, not what the client wrote at the left', () => {
    expect(resolveClientAddress('127.0.0.1', '6.6.6.6, 198.51.100.7', trusted)).toBe('198.51.100.7');
    expect(resolveClientAddress('::ffff:127.0.0.1', '198.51.100.7, 10.0.0.5', trusted)).toBe('198.51.100.7');
  });
  it('keeps the peer when the proxy sent no header, and survives junk', () => {
    expect(resolveClientAddress('127.0.0.1', undefined, trusted)).toBe('127.0.0.1');
    expect(resolveClientAddress('127.0.0.1', ' , ,', trusted)).toBe('127.0.0.1');
    expect(resolveClientAddress('127.0.0.1', '127.0.0.2', trusted)).toBe('127.0.0.2');
  });
});

describe('clientAddressOf', () => {
  it('prefers the address npm start resolved, else the socket', () => {
    const resolved = new Request('http://x/', { headers: { [CLIENT_ADDRESS_HEADER]: '198.51.100.7' } });
    expect(clientAddressOf(resolved, () => '127.0.0.1')).toBe('198.51.100.7');
    expect(clientAddressOf(new Request('http://x/'), () => '127.0.0.1')).toBe('127.0.0.1');
    expect(
      clientAddressOf(new Request('http://x/'), () => {
        throw new Error('socket gone');
      }),
    ).toBeUndefined();
  });
});
