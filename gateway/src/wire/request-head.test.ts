import { describe, expect, it } from 'vitest';
import { CHUNKED, parseRequestHead } from './request-head';

const peer = { remoteAddress: '127.0.0.1' };
const head = (lines: string[]) => parseRequestHead(lines.join('\r\n'), peer);

describe('parseRequestHead', () => {
  it('reads a plain request: method, target, headers by lower-cased name, raw headers in order', () => {
    const h = head(['GET /api/x?a=1 HTTP/1.1', 'Host: gw:8080', 'X-Custom:  v  ', 'Cookie: a=b']);
    expect(h).toMatchObject({
      method: 'GET',
      url: '/api/x?a=1',
      bodyLength: 0,
      expectContinue: false,
      wantsClose: false,
      rawHeaders: ['Host', 'gw:8080', 'X-Custom', 'v', 'Cookie', 'a=b'],
    });
    expect({ ...h!.headers }).toEqual({ host: 'gw:8080', 'x-custom': 'v', cookie: 'a=b' });
    expect(h!.socket).toBe(peer);
  });

  it('frames a body by Content-Length or chunked', () => {
    expect(head(['POST /api/x HTTP/1.1', 'Host: h', 'Content-Length: 12'])!.bodyLength).toBe(12);
    expect(head(['POST /api/x HTTP/1.1', 'Host: h', 'Transfer-Encoding: Chunked'])!.bodyLength).toBe(CHUNKED);
  });

  it('notes Expect: 100-continue and Connection: close', () => {
    const h = head(['POST /api/x HTTP/1.1', 'Host: h', 'Expect: 100-Continue', 'Connection: Close']);
    expect(h).toMatchObject({ expectContinue: true, wantsClose: true });
    expect(head(['GET /api/x HTTP/1.1', 'Host: h', 'Connection: keep-alive, close'])!.wantsClose).toBe(true);
  });

  // Each of these goes to node:http, which answers it as it did before the wire path existed.
  it.each([
    ['HTTP/1.0', ['GET /api/x HTTP/1.0', 'Host: h']],
    ['HTTP/2 preface-like version', ['GET /api/x HTTP/2.0', 'Host: h']],
    ['an unknown method', ['PROPFIND /api/x HTTP/1.1', 'Host: h']],
    ['a lower-case method', ['get /api/x HTTP/1.1', 'Host: h']],
    ['absolute-form', ['GET http://evil/api/x HTTP/1.1', 'Host: h']],
    ['asterisk-form', ['OPTIONS * HTTP/1.1', 'Host: h']],
    ['a space in the target', ['GET /api/a b HTTP/1.1', 'Host: h']],
    ['two spaces after the method', ['GET  /api/x HTTP/1.1', 'Host: h']],
    ['no Host', ['GET /api/x HTTP/1.1', 'X: y']],
    ['obs-fold', ['GET /api/x HTTP/1.1', 'Host: h', 'X: a', ' b']],
    ['a space before the colon', ['GET /api/x HTTP/1.1', 'Host : h']],
    ['an empty name', ['GET /api/x HTTP/1.1', 'Host: h', ': v']],
    ['a line without a colon', ['GET /api/x HTTP/1.1', 'Host: h', 'junk']],
    ['a non-token name', ['GET /api/x HTTP/1.1', 'Host: h', 'X(y): v']],
    ['a repeated header', ['GET /api/x HTTP/1.1', 'Host: h', 'Cookie: a', 'cookie: b']],
    ['a header named __proto__', ['GET /api/x HTTP/1.1', 'Host: h', '__proto__: x']],
    ['a NUL in a value', ['GET /api/x HTTP/1.1', 'Host: h', 'X: a\u0000b']],
    ['DEL in a value', ['GET /api/x HTTP/1.1', 'Host: h', 'X: a\u007fb']],
    ['a bare LF in a value', ['GET /api/x HTTP/1.1', 'Host: h', 'X: a\nTransfer-Encoding: chunked']],
    ['a bare CR in a value', ['GET /api/x HTTP/1.1', 'Host: h', 'X: a\rb']],
    [
      'Content-Length and Transfer-Encoding',
      ['POST /api/x HTTP/1.1', 'Host: h', 'Content-Length: 3', 'Transfer-Encoding: chunked'],
    ],
    ['a coding other than chunked', ['POST /api/x HTTP/1.1', 'Host: h', 'Transfer-Encoding: gzip, chunked']],
    ['a signed Content-Length', ['POST /api/x HTTP/1.1', 'Host: h', 'Content-Length: +3']],
    ['a Content-Length list', ['POST /api/x HTTP/1.1', 'Host: h', 'Content-Length: 3, 3']],
    ['a huge Content-Length', ['POST /api/x HTTP/1.1', 'Host: h', 'Content-Length: 9999999999999999']],
    ['Upgrade', ['GET /api/x HTTP/1.1', 'Host: h', 'Upgrade: websocket', 'Connection: Upgrade']],
    ['another Expect', ['POST /api/x HTTP/1.1', 'Host: h', 'Expect: something']],
  ])('leaves %s to node:http', (_label, lines) => {
    expect(head(lines)).toBeUndefined();
  });

  it('accepts obs-text (bytes 0x80-0xFF read as latin1) and tabs in values', () => {
    expect(head(['GET /api/x HTTP/1.1', 'Host: h', 'X: caf\u00e9\tok'])!.headers['x']).toBe('caf\u00e9\tok');
  });
});
