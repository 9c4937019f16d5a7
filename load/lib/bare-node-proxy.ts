// The floor for any proxy written on node:http: a reverse proxy that does nothing but relay (keep-alive
// agent, flat header lists, no checks, no metrics, no request id). bench-gateway runs it beside nginx and the
// gateway so the report separates what node:http itself costs from what the gateway adds on top.
// Not a product component: it forwards hop-by-hop headers and has no error answers.
import http from 'node:http';

const port = Number(process.env.PORT ?? 0);
const upstreamPort = Number(process.env.UPSTREAM_PORT);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024, scheduling: 'lifo' });

http
  .createServer((req, res) => {
    const up = http.request(
      {
        hostname: '127.0.0.1',
        port: upstreamPort,
        method: req.method,
        path: req.url,
        headers: req.rawHeaders,
        agent,
      },
      (incoming) => {
        res.writeHead(incoming.statusCode ?? 502, incoming.rawHeaders);
        incoming.on('data', (chunk: Buffer) => res.write(chunk));
        incoming.on('end', () => res.end());
      },
    );
    up.on('error', () => res.destroy());
    req.pipe(up);
  })
  .listen(port, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
