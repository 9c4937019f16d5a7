import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorCodes } from '@noek/contracts';
import type { Logger } from '@noek/service-kit';
import { sendError } from '../http/json-response';
import { failureAnswer, type FailureKind } from './failures';
import { forwardRequestHeaders, isHopByHopResponseHeader } from './forward-headers';
import { startSseHeartbeat } from './sse-heartbeat';
import type { Upstream } from './upstreams';

export interface ProxyContext {
  /** Bound on waiting for response headers, and on silence within a non-stream response. */
  timeoutMs: number;
  connectTimeoutMs: number;
  maxBodyBytes: number;
  sseHeartbeatMs: number;
  proto: 'http' | 'https';
  /** Response headers the gateway sets itself (security headers, x-request-id). */
  ownedResponseHeaders: Set<string>;
  /** The same headers as a flat [name, value, ...] list, the start of every proxied response's headers. */
  ownedHeaderList: readonly string[];
  /** Sets the gateway's own headers on a response the gateway answers itself. */
  prepare(res: ServerResponse, requestId: string): void;
  logger: Logger;
  onFailure(service: string, kind: FailureKind | 'client-abort' | 'too-large'): void;
  /** Open event streams: ended when the gateway shuts down. */
  streams: Set<() => void>;
}

export interface ProxyRequest {
  req: IncomingMessage;
  res: ServerResponse;
  requestId: string;
  clientIp: string;
}

const RETRYABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function failureKindOf(err: NodeJS.ErrnoException): FailureKind {
  return err.code === 'ECONNRESET' || err.code === 'EPIPE' ? 'reset' : 'unreachable';
}

export function tooLarge(res: ServerResponse, limit: number, requestId: string): void {
  // The rest of the body is not read: close the connection rather than parse it as a request.
  sendError(
    res,
    413,
    errorCodes.payloadTooLarge,
    `The request body is too large (limit ${limit} bytes).`,
    requestId,
    {
      Connection: 'close',
    },
  );
}

/**
 * Streams one request to an upstream and its answer back, never buffering either body.
 * Failures before the answer starts become 502/503/504 JSON; after it started the client's
 * connection is cut so a truncated body is never mistaken for a complete one. A client that
 * goes away aborts the upstream request.
 */
export function proxyRequest(ctx: ProxyContext, up: Upstream, p: ProxyRequest): void {
  const { req, res, requestId } = p;
  if (up.inFlight >= up.maxInFlight) {
    ctx.onFailure(up.name, 'overloaded');
    ctx.prepare(res, requestId);
    const a = failureAnswer('overloaded', up.name);
    sendError(res, a.status, a.code, a.message, requestId, a.headers);
    return;
  }
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > ctx.maxBodyBytes) {
    ctx.onFailure(up.name, 'too-large');
    ctx.prepare(res, requestId);
    tooLarge(res, ctx.maxBodyBytes, requestId);
    return;
  }
  const hasBody = declared !== undefined ? declared !== '0' : req.headers['transfer-encoding'] !== undefined;
  const headers = forwardRequestHeaders(req, { requestId, clientIp: p.clientIp, proto: ctx.proto });
  if (req.headers.host === undefined) headers.push('host', `${up.hostname}:${up.port}`);

  up.inFlight += 1;
  let settled = false; // the upstream exchange is over (ended, failed or aborted)
  let retried = false;
  let connectTimer: NodeJS.Timeout | undefined;
  let upRes: IncomingMessage | undefined;
  let stopHeartbeat: (() => void) | undefined;
  let endStream: (() => void) | undefined;

  const settle = () => {
    if (settled) return false;
    settled = true;
    up.inFlight -= 1;
    clearTimeout(connectTimer);
    return true;
  };

  const fail = (kind: FailureKind, err?: NodeJS.ErrnoException) => {
    if (!settle()) return;
    upReq.destroy();
    upRes?.destroy();
    ctx.onFailure(up.name, kind);
    ctx.logger.warn(
      { requestId, service: up.name, kind, err: err?.code ?? err?.message, path: req.url },
      'upstream failed',
    );
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const a = failureAnswer(kind, up.name);
    ctx.prepare(res, requestId);
    sendError(res, a.status, a.code, a.message, requestId, a.headers);
  };

  const onSocket = (socket: Socket) => {
    if (!socket.connecting) return;
    connectTimer = setTimeout(() => fail('connect-timeout'), ctx.connectTimeoutMs);
    socket.once('connect', () => clearTimeout(connectTimer));
  };

  const onError = (err: NodeJS.ErrnoException) => {
    // Our own destroy() (timeout, client gone, shutdown) also lands here: nothing more to do.
    if (settled) return;
    // A kept-alive socket the upstream closed just as we reused it: safe to repeat a bodiless read.
    if (
      !retried &&
      !upRes &&
      !hasBody &&
      upReq.reusedSocket &&
      err.code === 'ECONNRESET' &&
      RETRYABLE_METHODS.has(req.method!)
    ) {
      retried = true;
      upReq = send();
      upReq.end();
      return;
    }
    fail(failureKindOf(err), err);
  };

  const onResponse = (incoming: IncomingMessage) => {
    if (settled) {
      incoming.destroy();
      return;
    }
    upRes = incoming;
    // One flat header list handed to writeHead: no per-header setHeader bookkeeping on the hot path.
    const out = ctx.ownedHeaderList.slice();
    out.push('X-Request-Id', requestId);
    const raw = incoming.rawHeaders;
    let stream = false;
    let cacheControl = false;
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i]!;
      const lower = name.toLowerCase();
      if (isHopByHopResponseHeader(lower) || ctx.ownedResponseHeaders.has(lower)) continue;
      const value = raw[i + 1]!;
      if (lower === 'content-type' && value.startsWith('text/event-stream')) stream = true;
      else if (lower === 'cache-control') cacheControl = true;
      out.push(name, value);
    }
    if (stream) {
      // No total limit on a started stream, and nothing in front may buffer or compress it.
      upReq.setTimeout(0);
      out.push('X-Accel-Buffering', 'no');
      if (!cacheControl) out.push('Cache-Control', 'no-cache, no-transform');
    }
    try {
      res.writeHead(incoming.statusCode ?? 502, incoming.statusMessage, out);
    } catch (err) {
      // A status or header Node refuses to send (e.g. a status code out of range): a bad gateway answer.
      fail('unreachable', err as NodeJS.ErrnoException);
      return;
    }
    if (stream) {
      res.flushHeaders();
      if (ctx.sseHeartbeatMs > 0) stopHeartbeat = startSseHeartbeat(incoming, res, ctx.sseHeartbeatMs);
      endStream = () => {
        settle();
        upReq.destroy();
        res.end();
      };
      ctx.streams.add(endStream);
    }
    incoming.on('error', (err: NodeJS.ErrnoException) => fail('reset', err));
    incoming.on('close', () => {
      if (!incoming.complete) fail('reset');
    });
    incoming.on('end', settle);
    incoming.pipe(res);
  };

  const send = (): ClientRequest => {
    const r = up.request({
      hostname: up.hostname,
      port: up.port,
      method: req.method,
      path: req.url,
      headers: headers,
      agent: up.agent,
    });
    r.on('socket', onSocket);
    r.on('response', onResponse);
    r.on('error', onError);
    r.setTimeout(ctx.timeoutMs, () => fail('timeout'));
    return r;
  };
  let upReq = send();

  res.once('close', () => {
    stopHeartbeat?.();
    if (endStream) ctx.streams.delete(endStream);
    if (!res.writableFinished && settle()) {
      // The client went away first: stop the upstream work it asked for.
      upReq.destroy();
      upRes?.destroy();
      ctx.onFailure(up.name, 'client-abort');
    }
  });

  if (!hasBody) {
    upReq.end();
    return;
  }
  let seen = 0;
  req.on('data', (chunk: Buffer) => {
    if (settled) return;
    seen += chunk.length;
    if (seen > ctx.maxBodyBytes) {
      settle();
      upReq.destroy();
      ctx.onFailure(up.name, 'too-large');
      tooLarge(res, ctx.maxBodyBytes, requestId);
      return;
    }
    if (!upReq.write(chunk)) req.pause();
  });
  upReq.on('drain', () => req.resume());
  req.on('end', () => {
    if (!settled) upReq.end();
  });
}
