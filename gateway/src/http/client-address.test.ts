import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

const req = (peer: string, xff?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
  }) as unknown as IncomingMessage;

describe('clientAddress', () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress(req('10.1.2.3', '6.6.6.6'), 0)).toBe('10.1.2.3');
  });

  it('unwraps IPv4-mapped IPv6', () => {
    expect(clientAddress(req('::ffff:127.0.0.1'), 0)).toBe('127.0.0.1');
    expect(clientAddress(req('::1'), 0)).toBe('::1');
  });

  it('with one trusted hop, takes the address that proxy saw (the rightmost entry)', () => {
    expect(clientAddress(req('10.0.0.9', '6.6.6.6, 203.0.113.7'), 1)).toBe('203.0.113.7');
  });

  it('with two trusted hops, goes one further left', () => {
    expect(clientAddress(req('10.0.0.9', '6.6.6.6, 203.0.113.7, 10.0.0.8'), 2)).toBe('203.0.113.7');
  });

  it('falls back to the peer on a missing or malformed header', () => {
    expect(clientAddress(req('10.0.0.9'), 1)).toBe('10.0.0.9');
    expect(clientAddress(req('10.0.0.9', 'not-an-ip'), 1)).toBe('10.0.0.9');
  });
});
