import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { sendError } from '../http/json-response';
import { tooLarge } from './admission';
import { failureAnswer, type FailureKind } from './failures';
import { forwardRequestHeaders } from './forward-headers';
import type { ProxyContext, ProxyRequest } from './proxy-context';
import { relayedHead } from './response-headers';
import { startSseHeartbeat } from './sse-heartbeat';
import type { Upstream } from './upstreams';

const RETRYABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function failureKindOf(err: NodeJS.ErrnoException): FailureKind {
  return err.code === 'ECONNRESET' || err.code === 'EPIPE' ? 'reset' : 'unreachable';
}

/**
 * One request relayed to one upstream and its answer relayed back, as named steps: send (open the upstream
 * request), relayBody (stream the client's body up), onResponse (write the head, then pipe the body down;
 * an event stream gets a heartbeat and is registered for shutdown), fail (before the answer started: a JSON
 * 502/503/504; after: the client's connection is cut), onClientClose (the client left: stop the upstream
 * work). `settle` marks the exchange over exactly once and gives back the upstream's in-flight slot.
 * A class, not closures: one object per request on the hot path instead of a dozen functions.
 */
export class ProxyExchange {
  private settled = false;
  private retried = false;
  private connectTimer: NodeJS.Timeout | undefined;
  private upReq!: ClientRequest;
  private upRes: IncomingMessage | undefined;
  private stopHeartbeat: (() => void) | undefined;
  private endStream: (() => void) | undefined;
  private readonly headers: string[];
  readonly hasBody: boolean;

  constructor(
    private readonly ctx: ProxyContext,
    private readonly up: Upstream,
    private readonly p: ProxyRequest,
  ) {
    const { req } = p;
    const declared = req.headers['content-length'];
    this.hasBody = declared !== undefined ? declared !== '0' : req.headers['transfer-encoding'] !== undefined;
    this.headers = forwardRequestHeaders(req, {
      requestId: p.requestId,
      clientIp: p.clientIp,
      proto: ctx.proto,
    });
    if (req.headers.host === undefined) this.headers.push('host', `${up.hostname}:${up.port}`);
  }

  start(): void {
    this.up.inFlight += 1;
    this.upReq = this.send();
    this.p.res.once('close', this.onClientClose);
    if (this.hasBody) this.relayBody();
    else this.upReq.end();
  }

  private send(): ClientRequest {
    const { up, p } = this;
    const r = up.request({
      hostname: up.hostname,
      port: up.port,
      method: p.req.method,
      path: p.req.url,
      headers: this.headers,
      agent: up.agent,
    });
    r.on('socket', this.onSocket);
    r.on('response', this.onResponse);
    r.on('error', this.onError);
    r.setTimeout(this.ctx.timeoutMs, this.onTimeout);
    return r;
  }

  private relayBody(): void {
    const { req } = this.p;
    let seen = 0;
    req.on('data', (chunk: Buffer) => {
      if (this.settled) return;
      seen += chunk.length;
      if (seen > this.ctx.maxBodyBytes) {
        this.settle();
        this.upReq.destroy();
        this.ctx.onFailure(this.up.name, 'too-large');
        tooLarge(this.p.res, this.ctx.maxBodyBytes, this.p.requestId);
        return;
      }
      if (!this.upReq.write(chunk)) req.pause();
    });
    this.upReq.on('drain', () => req.resume());
    req.on('end', () => {
      if (!this.settled) this.upReq.end();
    });
  }

  private settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    this.up.inFlight -= 1;
    clearTimeout(this.connectTimer);
    return true;
  }

  private fail(kind: FailureKind, err?: NodeJS.ErrnoException): void {
    if (!this.settle()) return;
    const { ctx, up, p } = this;
    this.upReq.destroy();
    this.upRes?.destroy();
    ctx.onFailure(up.name, kind);
    ctx.logger.warn(
      { requestId: p.requestId, service: up.name, kind, err: err?.code ?? err?.message, path: p.req.url },
      'upstream failed',
    );
    if (p.res.headersSent) {
      p.res.destroy();
      return;
    }
    const a = failureAnswer(kind, up.name);
    ctx.prepare(p.res, p.requestId);
    sendError(p.res, a.status, a.code, a.message, p.requestId, a.headers);
  }

  private readonly onTimeout = () => this.fail('timeout');

  private readonly onSocket = (socket: Socket) => {
    if (!socket.connecting) return;
    this.connectTimer = setTimeout(() => this.fail('connect-timeout'), this.ctx.connectTimeoutMs);
    socket.once('connect', () => clearTimeout(this.connectTimer));
  };

  private readonly onError = (err: NodeJS.ErrnoException) => {
    // Our own destroy() (timeout, client gone, shutdown) also lands here: nothing more to do.
    if (this.settled) return;
    // A kept-alive socket the upstream closed just as we reused it: safe to repeat a bodiless read.
    if (
      !this.retried &&
      !this.upRes &&
      !this.hasBody &&
      this.upReq.reusedSocket &&
      err.code === 'ECONNRESET' &&
      RETRYABLE_METHODS.has(this.p.req.method!)
    ) {
      this.retried = true;
      this.upReq = this.send();
      this.upReq.end();
      return;
    }
    this.fail(failureKindOf(err), err);
  };

  private readonly onResponse = (incoming: IncomingMessage) => {
    if (this.settled) {
      incoming.destroy();
      return;
    }
    this.upRes = incoming;
    const { res, requestId } = this.p;
    const head = relayedHead(this.ctx, incoming, requestId);
    // No total limit on a started stream.
    if (head.stream) this.upReq.setTimeout(0);
    try {
      res.writeHead(incoming.statusCode ?? 502, incoming.statusMessage, head.headers);
    } catch (err) {
      // A status or header Node refuses to send (e.g. a status code out of range): a bad gateway answer.
      this.fail('unreachable', err as NodeJS.ErrnoException);
      return;
    }
    if (head.stream) this.openStream(incoming);
    incoming.on('error', (err: NodeJS.ErrnoException) => this.fail('reset', err));
    incoming.on('close', () => {
      if (!incoming.complete) this.fail('reset');
    });
    this.relayAnswer(incoming);
  };

  /**
   * The answer's body, chunk by chunk with backpressure: what pipe() does, without the half-dozen listeners
   * pipe() adds to both streams and removes again on every request (a measurable share of a small answer).
   */
  private relayAnswer(incoming: IncomingMessage): void {
    const { res } = this.p;
    incoming.on('data', (chunk: Buffer) => {
      if (res.writableEnded || res.destroyed) return;
      if (!res.write(chunk)) {
        incoming.pause();
        res.once('drain', () => incoming.resume());
      }
    });
    incoming.on('end', () => {
      this.settle();
      if (!res.writableEnded && !res.destroyed) res.end();
    });
  }

  /** An event stream: headers out now, a heartbeat while quiet, and ended by the gateway's shutdown. */
  private openStream(incoming: IncomingMessage): void {
    const { res } = this.p;
    res.flushHeaders();
    if (this.ctx.sseHeartbeatMs > 0)
      this.stopHeartbeat = startSseHeartbeat(incoming, res, this.ctx.sseHeartbeatMs);
    this.endStream = () => {
      this.settle();
      this.upReq.destroy();
      res.end();
    };
    this.ctx.streams.add(this.endStream);
  }

  private readonly onClientClose = () => {
    this.stopHeartbeat?.();
    if (this.endStream) this.ctx.streams.delete(this.endStream);
    if (!this.p.res.writableFinished && this.settle()) {
      // The client went away first: stop the upstream work it asked for.
      this.upReq.destroy();
      this.upRes?.destroy();
      this.ctx.onFailure(this.up.name, 'client-abort');
    }
  };
}
