import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { NOT_ACCEPTED_HEADER } from '@noek/contracts';
import { sendError } from '../http/json-response';
import { tooLarge } from './admission';
import { failureAnswer, type FailureKind } from './failures';
import { forwardRequestHeaders } from './forward-headers';
import type { ProxyContext, ProxyRequest } from './proxy-context';
import { relayedHead } from './response-headers';
import { startSseHeartbeat } from './sse-heartbeat';
import {
  otherTarget,
  pickTarget,
  recordLeaving,
  recordOutcome,
  type Upstream,
  type UpstreamTarget,
} from './upstreams';

const RETRYABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Errors that mean the connection never carried the request: safe to send it elsewhere, any method. */
const NOT_SENT = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/** Answers of an address that a GET or HEAD may be retried past, on another address of the service. */
const RETRY_STATUSES = new Set([502, 503]);
/**
 * Bodies up to this size are kept until the answer comes, so a request a draining replica refused
 * (503 with NOT_ACCEPTED_HEADER) can go to another one, POST included (a chat send is a few hundred bytes).
 */
const REPLAYABLE_BODY_BYTES = 64 * 1024;

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
  /** The address this exchange uses (another one after a retry). */
  private target: UpstreamTarget;
  /** The request's socket connected: from then on its body may have reached the upstream. */
  private connected = false;
  /** Body chunks written before the socket connected: replayed if the exchange moves to another address. */
  private unsent: Buffer[] | undefined;
  /** The whole body while it is small (REPLAYABLE_BODY_BYTES), for a retry after a not-accepted 503. */
  private bodyCopy: Buffer[] | undefined = [];
  private bodyBytes = 0;
  private bodyEnded = false;
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
    this.target = pickTarget(up);
    if (req.headers.host === undefined)
      this.headers.push('host', `${this.target.hostname}:${this.target.port}`);
  }

  start(): void {
    this.up.inFlight += 1;
    this.upReq = this.send();
    this.p.res.once('close', this.onClientClose);
    if (this.hasBody) this.relayBody();
    else this.upReq.end();
  }

  private send(): ClientRequest {
    const { target, p } = this;
    this.connected = false;
    const r = target.request({
      hostname: target.hostname,
      port: target.port,
      method: p.req.method,
      path: p.req.url,
      headers: this.headers,
      agent: target.agent,
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
      if (!this.connected) (this.unsent ??= []).push(chunk);
      this.keepCopy(chunk);
      if (!this.upReq.write(chunk)) req.pause();
    });
    this.upReq.on('drain', this.onDrain);
    req.on('end', () => {
      this.bodyEnded = true;
      if (!this.settled) this.upReq.end();
    });
  }

  private readonly onDrain = () => this.p.req.resume();

  private keepCopy(chunk: Buffer): void {
    if (!this.bodyCopy) return;
    this.bodyBytes += chunk.length;
    if (this.bodyBytes > REPLAYABLE_BODY_BYTES) this.bodyCopy = undefined;
    else this.bodyCopy.push(chunk);
  }

  /**
   * Moves the exchange to another address of the service when the request cannot have been acted on:
   * the connection never carried it, or a GET/HEAD got 502/503. False when there is no other address or
   * the exchange was retried already (one retry, so a failing service is not hammered).
   */
  private retryElsewhere(replay: Buffer[] | undefined = this.unsent): boolean {
    if (this.retried || this.settled) return false;
    const next = otherTarget(this.up, this.target);
    if (!next) return false;
    this.retried = true;
    const old = this.upReq;
    old.removeListener('response', this.onResponse);
    old.removeListener('error', this.onError);
    old.removeListener('drain', this.onDrain);
    old.removeListener('socket', this.onSocket);
    old.removeListener('timeout', this.onTimeout);
    old.on('error', () => {});
    old.destroy();
    clearTimeout(this.connectTimer);
    this.target = next;
    this.upReq = this.send();
    for (const chunk of replay ?? []) this.upReq.write(chunk);
    if (this.hasBody) this.upReq.on('drain', this.onDrain);
    if (!this.hasBody || this.bodyEnded) this.upReq.end();
    return true;
  }

  /** The whole body is here and kept (or there is none): it can be sent again. */
  private canReplayBody(): boolean {
    return !this.hasBody || (this.bodyEnded && this.bodyCopy !== undefined);
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
    if (kind !== 'timeout') recordOutcome(this.target, false);
    this.upReq.destroy();
    this.upRes?.destroy();
    ctx.onFailure(up.name, kind);
    ctx.logger.warn(
      {
        requestId: p.requestId,
        service: up.name,
        address: this.target.base,
        kind,
        err: err?.code ?? err?.message,
        path: p.req.url,
        reusedSocket: this.upReq.reusedSocket,
        retried: this.retried,
      },
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
    if (!socket.connecting) {
      this.connected = true;
      this.unsent = undefined;
      return;
    }
    this.connectTimer = setTimeout(() => {
      // Never connected: nothing was sent, another address may take it.
      recordOutcome(this.target, false);
      if (!this.retryElsewhere()) this.fail('connect-timeout');
    }, this.ctx.connectTimeoutMs);
    socket.once('connect', () => {
      clearTimeout(this.connectTimer);
      this.connected = true;
      this.unsent = undefined;
    });
  };

  private readonly onError = (err: NodeJS.ErrnoException) => {
    // Our own destroy() (timeout, client gone, shutdown) also lands here: nothing more to do.
    if (this.settled) return;
    // The connection never carried the request (refused, unreachable): another address may take it.
    if (!this.connected && !this.upRes && NOT_SENT.has(err.code ?? '')) {
      recordOutcome(this.target, false);
      if (this.retryElsewhere()) return;
    }
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
    const status = incoming.statusCode ?? 502;
    recordOutcome(this.target, status < 500);
    if (incoming.headers.connection === 'close') recordLeaving(this.up, this.target);
    if (RETRY_STATUSES.has(status) && (this.p.req.method === 'GET' || this.p.req.method === 'HEAD')) {
      // A GET/HEAD refused by one address (502/503): another one may answer; this answer is discarded.
      if (this.retryElsewhere()) {
        incoming.resume();
        return;
      }
    }
    if (status === 503 && incoming.headers[NOT_ACCEPTED_HEADER] === '1' && this.canReplayBody()) {
      // Refused untouched by a draining replica: any method may go to another one, body replayed.
      if (this.retryElsewhere(this.bodyCopy)) {
        incoming.resume();
        return;
      }
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
    this.ctx.streams.set(this.endStream, this.p.req);
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
