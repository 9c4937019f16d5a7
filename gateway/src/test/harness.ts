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
