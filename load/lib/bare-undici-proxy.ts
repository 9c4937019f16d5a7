// The floor for the gateway's stack: node:http's server in front of undici's pool, relaying and nothing
// else (no checks, no metrics, no request id, no framing refusals). bench-gateway runs it beside nginx, the
// gateway and the bare node:http relay, so the report separates what the stack costs from what the
// gateway adds on top. Not a product component: it forwards hop-by-hop headers and has no error answers.
import http from 'node:http';
import { Pool } from 'undici';

const port = Number(process.env.PORT ?? 0);
const pool = new Pool(`http://127.0.0.1:${process.env.UPSTREAM_PORT}`, { pipelining: 1 });

http
  .createServer((req, res) => {
    pool
      .request({ method: req.method as 'GET', path: req.url!, headers: { 'x-forwarded-for': '127.0.0.1' } })
      .then(
        (up) => {
          res.writeHead(up.statusCode, up.headers as http.OutgoingHttpHeaders);
          up.body.pipe(res);
        },
        () => res.destroy(),
      );
  })
  .listen(port, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
