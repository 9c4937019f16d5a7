import { describe, expect, it } from 'vitest';
import { NOT_ACCEPTED_HEADER } from '@noek/contracts';
import { parseResponseHead, type ResponseHead } from './response-head';

const parse = (lines: string[], method = 'GET') => parseResponseHead(lines.join('\r\n'), method);
const ok = (lines: string[], method = 'GET') => parse(lines, method) as ResponseHead;

describe('parseResponseHead', () => {
  it('reads status, reason, headers and their lower-cased names', () => {
    const h = ok(['HTTP/1.1 201 Created', 'Content-Type: application/json', 'Content-Length: 2']);
    expect(h).toMatchObject({ status: 201, reason: 'Created', body: 'length', length: 2, closing: false });
    expect(h.rawHeaders).toEqual(['Content-Type', 'application/json', 'Content-Length', '2']);
    expect(h.names).toEqual(['content-type', 'content-length']);
    expect(ok(['HTTP/1.1 200']).reason).toBe('');
  });

  it.each([
    ['chunked', ['HTTP/1.1 200 OK', 'Transfer-Encoding: chunked'], 'chunked'],
    ['chunked last of several codings', ['HTTP/1.1 200 OK', 'Transfer-Encoding: gzip, chunked'], 'chunked'],
    ['a coding without chunked: until close', ['HTTP/1.1 200 OK', 'Transfer-Encoding: gzip'], 'close'],
    ['no framing: until close', ['HTTP/1.1 200 OK', 'X: y'], 'close'],
    ['204', ['HTTP/1.1 204 No Content', 'Content-Length: 5'], 'none'],
    ['304', ['HTTP/1.1 304 Not Modified', 'Transfer-Encoding: chunked'], 'none'],
  ])('frames %s', (_label, lines, body) => {
    expect(ok(lines).body).toBe(body);
  });

  it('has no body after HEAD, whatever it declares', () => {
    expect(ok(['HTTP/1.1 200 OK', 'Content-Length: 50'], 'HEAD')).toMatchObject({
      body: 'none',
      closing: false,
    });
  });

  it('drops a Content-Length sent with chunked, and closes after a close-delimited body', () => {
    expect(ok(['HTTP/1.1 200 OK', 'Content-Length: 3', 'Transfer-Encoding: chunked'])).toMatchObject({
      body: 'chunked',
      dropLength: true,
    });
    expect(ok(['HTTP/1.1 200 OK']).closing).toBe(true);
  });

  it('notes Connection: close, HTTP/1.0, the keep-alive hint and the not-accepted mark', () => {
    expect(ok(['HTTP/1.1 200 OK', 'Connection: close', 'Content-Length: 0'])).toMatchObject({
      closing: true,
      saidClose: true,
    });
    expect(ok(['HTTP/1.0 200 OK', 'Content-Length: 0'])).toMatchObject({ closing: true, saidClose: false });
    expect(ok(['HTTP/1.0 200 OK', 'Connection: keep-alive', 'Content-Length: 0']).closing).toBe(false);
    expect(ok(['HTTP/1.1 200 OK', 'Keep-Alive: timeout=5, max=100', 'Content-Length: 0']).keepAliveMs).toBe(
      5000,
    );
    expect(ok(['HTTP/1.1 503 x', `${NOT_ACCEPTED_HEADER}: 1`, 'Content-Length: 0']).notAccepted).toBe(true);
  });

  it.each([
    ['not HTTP', ['ICY 200 OK']],
    ['HTTP/2', ['HTTP/2 200 OK']],
    ['a two-digit status', ['HTTP/1.1 20 OK']],
    ['a status with a letter', ['HTTP/1.1 2x0 OK']],
    ['no space after the status', ['HTTP/1.1 200OK']],
    ['a bare LF splitting the answer', ['HTTP/1.1 200 OK', 'X: a\nSet-Cookie: evil=1']],
    ['a bare CR', ['HTTP/1.1 200 OK', 'X: a\rb']],
    ['differing lengths', ['HTTP/1.1 200 OK', 'Content-Length: 1', 'Content-Length: 2']],
    ['a bad length', ['HTTP/1.1 200 OK', 'Content-Length: -1']],
    ['a header without a colon', ['HTTP/1.1 200 OK', 'junk']],
  ])('refuses %s', (_label, lines) => {
    expect(typeof parse(lines)).toBe('string');
  });
});
