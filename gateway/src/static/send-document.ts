import type { IncomingMessage, ServerResponse } from 'node:http';
import { acceptedEncodings } from './content-encoding';

/** A document made in memory: its bytes, and optionally compressed copies and an ETag. */
export interface MemoryDocument {
  body: Buffer;
  type: string;
  cacheControl: string;
  br?: Buffer;
  gzip?: Buffer;
  etag?: string;
}

/** Sends a document the gateway made itself, in the best encoding the client accepts. */
export function sendDocument(req: IncomingMessage, res: ServerResponse, doc: MemoryDocument): void {
  const encoding = acceptedEncodings(req.headers['accept-encoding']).find((e) => doc[e]);
  const body = encoding ? (doc[encoding] as Buffer) : doc.body;
  res.setHeader('Content-Type', doc.type);
  res.setHeader('Cache-Control', doc.cacheControl);
  if (doc.br || doc.gzip) res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  if (doc.etag) {
    const etag = encoding ? `${doc.etag.slice(0, -1)}-${encoding}"` : doc.etag;
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  res.setHeader('Content-Length', body.length);
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : body);
}
