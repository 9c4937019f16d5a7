// The floor for a proxy written on raw node:net sockets, the design of the gateway's wire path: it reads a
// request head off the client socket, forwards it over a pooled keep-alive upstream connection, reads the
// answer's head and relays head and body back, with the gateway's fixed response headers and a request id.
// No checks, no metrics, no timeouts. bench-gateway runs it beside nginx and the gateway so the report
// separates what node:net costs from what the gateway adds on top. Not a product component: GET requests
// without bodies and answers with a Content-Length only; anything else breaks it.
import { randomUUID } from 'node:crypto';
import { connect, createServer, type Socket } from 'node:net';

const port = Number(process.env.PORT ?? 0);
const upstreamPort = Number(process.env.UPSTREAM_PORT);
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'upgrade', 'expect']);
const OWN_HEADERS =
  "Content-Security-Policy: default-src 'self'\r\nX-Content-Type-Options: nosniff\r\n" +
  'Referrer-Policy: strict-origin-when-cross-origin\r\nX-Frame-Options: DENY\r\n';

/** Header lines of a head (after its first line), minus hop-by-hop ones. */
function endToEnd(head: string): string {
  let out = '';
  for (const line of head.split('\r\n').slice(1)) {
    const name = line.slice(0, line.indexOf(':')).toLowerCase();
    if (!HOP_BY_HOP.has(name) && name !== 'x-forwarded-for') out += `${line}\r\n`;
  }
  return out;
}

const idle: Socket[] = [];
type Relay = (chunk: Buffer) => void;
const relays = new WeakMap<Socket, Relay>();

function upstream(): Socket {
  const reused = idle.pop();
  if (reused) return reused;
  const s = connect(upstreamPort, '127.0.0.1');
  s.setNoDelay(true);
  s.on('data', (chunk: Buffer) => relays.get(s)?.(chunk));
  s.on('error', () => s.destroy());
  return s;
}

createServer({ noDelay: true }, (client) => {
  client.on('error', () => client.destroy());
  client.on('data', (chunk: Buffer) => {
    const head = chunk.toString('latin1', 0, chunk.indexOf('\r\n\r\n'));
    const requestId = randomUUID();
    const up = upstream();
    relays.set(up, (answer: Buffer) => {
      const end = answer.indexOf('\r\n\r\n');
      const text = answer.toString('latin1', 0, end);
      const out = `${text.slice(0, text.indexOf('\r\n'))}\r\n${OWN_HEADERS}X-Request-Id: ${requestId}\r\n${endToEnd(text)}Connection: keep-alive\r\n\r\n`;
      client.cork();
      client.write(out, 'latin1');
      client.write(answer.subarray(end + 4));
      client.uncork();
      relays.delete(up);
      idle.push(up);
    });
    up.write(
      `${head.slice(0, head.indexOf('\r\n'))}\r\n${endToEnd(head)}x-forwarded-for: ${client.remoteAddress}\r\n` +
        `x-request-id: ${requestId}\r\n\r\n`,
      'latin1',
    );
  });
}).listen(port, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
