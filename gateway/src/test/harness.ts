import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestListener,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@noek/service-kit';
import { loadGatewayConfig, type GatewayConfig } from '../config';
import { createGateway, type Gateway, type GatewayDeps } from '../gateway';

/** A stand-in for one of our services, listening on a free loopback port. */
export async function startUpstream(
  handler: RequestListener,
): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    url,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A gateway on a free port with test defaults; `env` is parsed like the real environment. */
export async function startGateway(
  env: Record<string, string> = {},
  overrides: Partial<GatewayConfig> = {},
  deps: GatewayDeps = {},
): Promise<Gateway & { url: string }> {
  const config = loadGatewayConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env }, overrides);
  const gateway = createGateway(config, {
    logger: createLogger({ name: 'gateway-test', level: 'silent' }),
    ...deps,
  });
  await gateway.start();
  return gateway as Gateway & { url: string };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A request with full control over headers (fetch refuses or rewrites some of them). */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string | string[]>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const headers = { ...options.headers };
  // Node sends a DELETE body unframed unless told its length.
  if (
    options.body !== undefined &&
    !Object.keys(headers).some((h) => /^(content-length|transfer-encoding)$/i.test(h))
  ) {
    headers['content-length'] = String(Buffer.byteLength(options.body));
  }
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers, agent: false },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Echo server: answers with what it received, so tests can see exactly what the gateway forwarded. */
export const echo: RequestListener = (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.stringify({
      method: req.method,
      url: req.url,
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    });
    res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'echo' });
    res.end(body);
  });
};

export interface Echoed {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Writes a request byte for byte (URL parsers would normalise the paths under test) and returns the raw answer. */
export async function sendRaw(url: string, text: string): Promise<string> {
  const net = await import('node:net');
  const { port } = new URL(url);
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (c: Buffer) => {
      answer += c.toString();
      // One response is enough: stop at the end of a Content-Length body.
      const head = answer.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(answer.slice(0, head));
      if (head !== -1 && length && answer.length >= head + 4 + Number(length[1])) socket.end();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

export interface ParsedResponse {
  status: number;
  /** Lower-cased names; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
  /** The body came chunked. */
  chunked: boolean;
}

/**
 * A client connection that writes bytes as given and reads answers as they come: for pipelining, partial
 * heads, 100 Continue, and whether the gateway closed the connection. Its own small response reader
 * (Content-Length, chunked, or no body for HEAD/1xx/204/304), independent of the gateway's.
 */
export async function rawConnection(url: string) {
  const net = await import('node:net');
  const { port } = new URL(url);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let bytes = Buffer.alloc(0);
  let closed = false;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  socket.on('data', (c: Buffer) => {
    bytes = Buffer.concat([bytes, c]);
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  socket.on('error', () => {});

  /** One response from the front of the bytes, or undefined while incomplete. */
  const take = (noBody: boolean): ParsedResponse | undefined => {
    const text = bytes.toString('latin1');
    const end = text.indexOf('\r\n\r\n');
    if (end === -1) return undefined;
    const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
    const status = Number(statusLine!.split(' ')[1]);
    const headers: Record<string, string> = {};
    for (const l of lines)
      headers[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim();
    let pos = end + 4;
    let body = '';
    const chunked = headers['transfer-encoding'] === 'chunked';
    if (noBody || status < 200 || status === 204 || status === 304) {
      // no body
    } else if (chunked) {
      for (;;) {
        const lineEnd = text.indexOf('\r\n', pos);
        if (lineEnd === -1) return undefined;
        const size = parseInt(text.slice(pos, lineEnd), 16);
        if (text.length < lineEnd + 2 + size + 2) return undefined;
        body += text.slice(lineEnd + 2, lineEnd + 2 + size);
        pos = lineEnd + 2 + size + 2;
        if (size === 0) break;
      }
    } else if (headers['content-length'] !== undefined) {
      const n = Number(headers['content-length']);
      if (text.length < pos + n) return undefined;
      body = text.slice(pos, pos + n);
      pos += n;
    } else {
      if (!closed) return undefined;
      body = text.slice(pos);
      pos = text.length;
    }
    bytes = bytes.subarray(pos);
    return { status, headers, body: Buffer.from(body, 'latin1').toString(), chunked };
  };

  const until = <T>(check: () => T | undefined, timeoutMs: number): Promise<T> =>
    new Promise((resolve, reject) => {
      const attempt = () => {
        const v = check();
        if (v === undefined) return false;
        waiters.delete(attempt);
        clearTimeout(timer);
        resolve(v);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(attempt);
        reject(
          new Error(
            `no answer within ${timeoutMs} ms; got ${JSON.stringify(bytes.toString('latin1').slice(0, 300))}`,
          ),
        );
      }, timeoutMs);
      if (!attempt()) waiters.add(attempt);
    });

  return {
    socket,
    send: (data: string | Buffer) => new Promise<void>((r) => socket.write(data, () => r())),
    /** The next complete response (`head`: it answers a HEAD request, so no body follows). */
    response: (options: { head?: boolean; timeoutMs?: number } = {}) =>
      until(() => take(options.head ?? false), options.timeoutMs ?? 3_000),
    /** Resolves once the gateway closed the connection. */
    closed: (timeoutMs = 3_000) => until(() => (closed ? true : undefined), timeoutMs),
    get isClosed() {
      return closed;
    },
    /** Bytes received and not yet read as a response. */
    get unread() {
      return bytes.toString('latin1');
    },
    close: () => socket.destroy(),
  };
}

/**
 * A fake upstream's deliberate slowness: runs `write` after `ms`, as a slow service would write the
 * rest of a response. Never a wait for the gateway; tests wait for what they check.
 */
export function writeLater(ms: number, write: () => void): void {
  setTimeout(write, ms);
}
