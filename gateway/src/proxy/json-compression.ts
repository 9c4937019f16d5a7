import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { createGzip, type Gzip } from 'node:zlib';
import { acceptedEncodings } from '../static/content-encoding';

/** Answers smaller than this go as they are: gzip's header and a round of zlib cost more than they save. */
export const COMPRESS_MIN_BYTES = 1_024;

/**
 * zlib's level 4: most of level 6's ratio on JSON for about half its CPU (a conversation's messages shrink
 * 4-5 times; the bytes saved matter on a phone's link, the gateway's CPU on every request).
 */
const GZIP_LEVEL = 4;

/**
 * Whether an upstream's answer to `req` goes to the client gzipped: a successful GET whose body is JSON,
 * not already encoded, not known to be small, for a client that accepts gzip. Event streams never are
 * (each frame must reach the reader at once), nor downloads (a zip is compressed already).
 */
export function compressesAnswer(
  req: IncomingMessage,
  status: number,
  headers: IncomingHttpHeaders,
): boolean {
  if (req.method !== 'GET' || status !== 200 || headers['content-encoding'] !== undefined) return false;
  if (!String(headers['content-type'] ?? '').startsWith('application/json')) return false;
  const length = headers['content-length'];
  if (length !== undefined && Number(length) < COMPRESS_MIN_BYTES) return false;
  return acceptedEncodings(req.headers['accept-encoding']).includes('gzip');
}

/** The relayed head (flat name, value list) of a gzipped answer: its length goes, its encoding comes. */
export function gzippedHead(headers: string[]): string[] {
  const out: string[] = [];
  const vary: string[] = [];
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i]!.toLowerCase();
    if (name === 'vary') vary.push(headers[i + 1]!);
    else if (name !== 'content-length') out.push(headers[i]!, headers[i + 1]!);
  }
  out.push('Content-Encoding', 'gzip', 'Vary', [...vary, 'Accept-Encoding'].join(', '));
  return out;
}

/** The gzip stream of one answer. */
export function answerGzip(): Gzip {
  return createGzip({ level: GZIP_LEVEL });
}
