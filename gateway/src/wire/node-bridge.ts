import { IncomingMessage, ServerResponse, type RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import type { WireRequestHead } from './request-head';

/**
 * Serves one request the wire path does not answer itself (a page, a file, a probe, /metrics: anything
 * outside /api, or a path the checks refuse) with node:http's own request and response objects, written
 * straight to the connection's socket, so the connection stays with the wire path: a browser's connections
 * carry pages and API calls alike, and handing the whole connection over at its first page would leave
 * the wire path almost no traffic. Only bodiless requests come here (the caller hands a connection whose
 * request has a body over to node:http instead). What node:http's server does around a request, done here:
 * the request object is complete at once (no body), the response is attached to the socket and hears of
 * its 'drain', and when it has been written it is detached and closed (its 'close' is what the request
 * handler's bookkeeping waits for). `done` says whether the connection may carry another request.
 */
export function serveThroughNode(
  socket: Socket,
  head: WireRequestHead,
  keepAlive: boolean,
  handle: RequestListener,
  done: (keepAlive: boolean) => void,
): void {
  const req = new IncomingMessage(socket);
  req.method = head.method;
  req.url = head.url;
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.httpVersion = '1.1';
  req.headers = head.headers;
  req.rawHeaders = head.rawHeaders;
  req.complete = true;
  req.push(null);
  const res = new ServerResponse(req);
  res.shouldKeepAlive = keepAlive;
  res.assignSocket(socket);
  // node:http's server tells a response when its socket drains (a piped file waits for it); so do we.
  const drained = () => res.emit('drain');
  socket.on('drain', drained);
  res.once('close', () => socket.off('drain', drained));
  res.once('finish', () => {
    socket.off('drain', drained);
    res.detachSocket(socket);
    process.nextTick(() => res.emit('close'));
    const said = res.getHeader('connection');
    done(res.shouldKeepAlive && !(typeof said === 'string' && /close/i.test(said)));
  });
  handle(req, res);
}
