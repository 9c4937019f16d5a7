import http from 'node:http';

export interface RawRequest {
  method: string;
  /** Sent exactly as given (already encoded), so broken escapes reach the server. */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

/** A status, or 'hang' when no complete answer came within the timeout, or 'reset' when the socket died. */
export type RawOutcome = { status: number; detail: string } | { status: 'hang' | 'reset'; detail: string };

/**
 * One request over a raw socket (fetch would normalise the path and refuse some headers). An event stream
 * counts as answered once its headers arrive; anything else must finish its body within `timeoutMs`.
 */
export function sendRaw(baseUrl: string, req: RawRequest, timeoutMs: number): Promise<RawOutcome> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: RawOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = http.request({
      host: url.hostname,
      port: url.port,
      method: req.method,
      path: req.path,
      headers: req.headers,
      // A new connection each time: a server that answers before reading a body closes its socket, and a
      // reused one would fail the next request with a reset that is the client's doing.
      agent: false,
    });
    const timer = setTimeout(() => {
      done({ status: 'hang', detail: `no answer within ${timeoutMs} ms` });
      request.destroy();
    }, timeoutMs);
    request.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        done({ status, detail: 'event stream' });
        res.destroy();
        return;
      }
      // The start of the answer, to say what went wrong when the status is a 5xx.
      let detail = '';
      res.on('data', (chunk: Buffer) => {
        if (detail.length < 300) detail += chunk.toString('utf8', 0, 300);
      });
      res.on('end', () => done({ status, detail: detail.slice(0, 300) }));
      res.on('error', (err) => done({ status: 'reset', detail: err.message }));
    });
    // The server may answer (413, 400) and close before reading a large body: the status is what counts.
    request.on('error', (err) => done({ status: 'reset', detail: err.message }));
    request.end(req.body);
  });
}
