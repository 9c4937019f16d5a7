import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { NOT_ACCEPTED_HEADER } from '@noek/contracts';
import type { Dispatcher } from 'undici';
import { onSocketClose } from '../http/socket-close';
import { admit, bodyRuleOf, tooLarge, type BodyRule, type Refuse } from './admission';
import { BodyLimit, BodyTooLarge } from './body-limit';
import { failureAnswer, type FailureKind } from './failures';
import { forwardRequestHeaders } from './forward-headers';
import { answerGzip, compressesAnswer, gzippedHead } from './json-compression';
import type { ProxyContext } from './proxy-context';
import { relayedHead } from './response-headers';
import { startSseHeartbeat, type SseHeartbeat } from './sse-heartbeat';
import {
  otherTarget,
  pickTarget,
  recordLeaving,
  recordOutcome,
  type Upstream,
  type UpstreamTarget,
} from './upstreams';

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Errors that mean the connection never carried the request: safe to send it elsewhere, any method. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  'UND_ERR_CONNECT_TIMEOUT',
]);
/** A kept-alive connection the upstream closed as it was reused. */
const CLOSED_UNDER_US = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);
/** Answers of an address that a GET or HEAD may be retried past, on another address of the service. */
const RETRY_STATUSES = new Set([502, 503]);
/**
 * A body with a declared length up to this size is read whole before it goes up: sent with
 * `Content-Length` of the bytes read, and kept so a request a draining replica refused (503 with
 * NOT_ACCEPTED_HEADER) can go to another one, POST included (a chat send is a few hundred bytes). Larger or
 * chunked bodies stream through (BodyLimit), chunked upstream unless their length is known.
 */
const BUFFERED_BODY_BYTES = 64 * 1024;

function failureKindOf(err: Error & { code?: string }): FailureKind {
  switch (err.code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connect-timeout';
    case 'UND_ERR_HEADERS_TIMEOUT':
      return 'timeout';
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return 'reset';
    default:
      // Refused, unreachable, or an answer undici's parser (llhttp, strict) refused: a bad gateway.
      return 'unreachable';
  }
}

/** What the client sent as a body: none, read whole (a Buffer), or streamed. */
type Body = null | Buffer | BodyLimit;

/**
 * One request relayed to one upstream through undici's pool (keep-alive, llhttp) and its answer relayed
 * back on node:http's response, as named steps: start (admit, read or stream the body), dispatch (to an
 * address), onResponseStart (retry elsewhere when allowed, else write the head; an event stream gets a
 * heartbeat and is registered for shutdown and revocation), onResponseData / onResponseEnd (the body down,
 * with backpressure: a client that does not read pauses the upstream connection), fail (before the answer
 * started: a JSON 502/503/504; after: the client's connection is cut so a truncated body never looks
 * complete), clientGone (abort the upstream request; undici closes that connection, never reusing it).
 * The upstream request's framing is undici's, from the body the gateway actually read: the client's
 * Content-Length and Transfer-Encoding never pass (proxy/forward-headers.ts).
 */
export class ProxyExchange {
  private settled = false;
  private retried = false;
  /** Each dispatch's number: callbacks of an attempt given up on (a retry) are ignored. */
  private attempt = 0;
  private target: UpstreamTarget;
  private controller: Dispatcher.DispatchController | undefined;
  private body: Body = null;
  private readonly headers: string[];
  private readonly refuse: Refuse;
  /** The body limit of this route (a file upload's is larger, and streams). */
  private readonly rule: BodyRule;
  private heartbeat: SseHeartbeat | undefined;
  private endStream: (() => void) | undefined;
  /** Bounds silence within an answer that is not an event stream. */
  private silence: NodeJS.Timeout | undefined;
  private paused = false;
  /** Where the answer's body goes: the response, or a gzip stream piped to it (json-compression.ts). */
  private sink: Writable;
  private readonly onGone = () => this.clientGone();
  private forgetSocket: () => void = () => undefined;

  constructor(
    private readonly ctx: ProxyContext,
    private readonly up: Upstream,
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly requestId: string,
    clientIp: string,
    refuse: Refuse,
  ) {
    this.refuse = refuse;
    this.rule = bodyRuleOf(ctx, req.url ?? '');
    this.target = pickTarget(up);
    this.headers = forwardRequestHeaders(req, { requestId, clientIp, proto: ctx.proto });
    this.sink = res;
  }

  start(): void {
    const { req } = this;
    if (!admit(this.ctx, this.up, req, this.refuse, this.rule)) return;
    this.up.inFlight += 1;
    this.res.once('close', this.onGone);
    // node:http never closes a response queued behind another when a pipelined connection goes.
    this.forgetSocket = onSocketClose(req.socket, this.onGone);
    const declared = req.headers['content-length'];
    if (declared === undefined && req.headers['transfer-encoding'] === undefined) this.dispatch();
    else if (declared !== undefined && Number(declared) <= BUFFERED_BODY_BYTES) this.readWhole();
    else this.streamBody(declared);
  }

  /** A small body: read whole (node:http's parser has checked it against its length), then sent. */
  private readWhole(): void {
    const chunks: Buffer[] = [];
    this.req.on('data', (c: Buffer) => chunks.push(c));
    this.req.once('end', () => {
      if (this.settled) return;
      this.body = Buffer.concat(chunks);
      this.dispatch();
    });
  }

  /** A large or chunked body streams up, bounded; a known length is sent as Content-Length. */
  private streamBody(declared: string | undefined): void {
    const limit = new BodyLimit(this.rule.maxBytes);
    this.req.pipe(limit);
    this.body = limit;
    if (declared !== undefined) this.headers.push('content-length', String(Number(declared)));
    this.dispatch();
  }

  private dispatch(): void {
    const n = ++this.attempt;
    this.controller = undefined;
    const live = () => n === this.attempt && !this.settled;
    const { req } = this;
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart: (c) => {
        if (live()) this.controller = c;
        else c.abort(new Error('superseded'));
      },
      onResponseStart: (c, status, headers, text) => {
        if (live()) this.onResponseStart(c, status, headers, text ?? '');
      },
      onResponseData: (c, chunk) => {
        if (live()) this.onResponseData(c, chunk);
      },
      onResponseEnd: () => {
        if (live()) this.onResponseEnd();
      },
      onResponseError: (_c, err) => {
        if (live()) this.onResponseError(err as Error & { code?: string });
      },
    };
    try {
      this.target.pool.dispatch(
        {
          path: req.url!,
          method: req.method!,
          headers: this.headers,
          body: this.body,
          // An upload's answer comes once the service has read and stored the whole file.
          ...(this.rule.upload ? { headersTimeout: this.ctx.uploads.timeoutMs } : {}),
        },
        handler,
      );
    } catch (err) {
      this.onResponseError(err as Error);
    }
  }

  /** The body can be sent again (none, or read whole). */
  private replayable(): boolean {
    return this.body === null || Buffer.isBuffer(this.body);
  }

  /**
   * Moves the exchange to another address of the service when the request cannot have been acted on.
   * False when there is no other address or the exchange was retried already (one retry, so a failing
   * service is not hammered).
   */
  private retryElsewhere(): boolean {
    if (this.retried || this.settled || !this.replayable()) return false;
    const next = otherTarget(this.up, this.target);
    if (!next) return false;
    this.retried = true;
    this.attempt += 1; // before the abort: its error belongs to the attempt given up on
    this.controller?.abort(new Error('retried elsewhere'));
    this.target = next;
    this.dispatch();
    return true;
  }

  private settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    this.up.inFlight -= 1;
    clearTimeout(this.silence);
    this.heartbeat?.stop();
    this.res.off('close', this.onGone);
    this.forgetSocket();
    if (this.endStream) this.ctx.streams.delete(this.endStream);
    return true;
  }

  private fail(kind: FailureKind, err?: Error & { code?: string }): void {
    if (!this.settle()) return;
    const { ctx, up, res } = this;
    if (kind !== 'timeout') recordOutcome(this.target, false);
    this.controller?.abort(err ?? new Error(kind));
    ctx.onFailure(up.name, kind);
    ctx.logger.warn(
      {
        requestId: this.requestId,
        service: up.name,
        address: this.target.base,
        kind,
        err: err?.code ?? err?.message,
        path: this.req.url,
        retried: this.retried,
      },
      'upstream failed',
    );
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const a = failureAnswer(kind, up.name);
    this.refuse(a.status, a.code, a.message, a.headers);
  }

  private onResponseError(err: Error & { code?: string }): void {
    if (err instanceof BodyTooLarge) {
      if (!this.settle()) return;
      this.controller?.abort(err);
      this.ctx.onFailure(this.up.name, 'too-large');
      if (this.res.headersSent) this.res.destroy();
      else tooLarge(this.refuse, this.rule);
      return;
    }
    const code = err.code ?? '';
    if (NOT_SENT.has(code)) {
      recordOutcome(this.target, false);
      if (this.retryElsewhere()) return;
    }
    // A kept-alive connection the upstream closed just as it was reused: safe to repeat a bodiless read.
    if (
      !this.retried &&
      !this.res.headersSent &&
      this.body === null &&
      CLOSED_UNDER_US.has(code) &&
      IDEMPOTENT.has(this.req.method ?? '')
    ) {
      this.retried = true;
      this.dispatch();
      return;
    }
    this.fail(failureKindOf(err), err);
  }

  private onResponseStart(
    c: Dispatcher.DispatchController,
    status: number,
    headers: IncomingHttpHeaders,
    statusText: string,
  ): void {
    if (status < 200) return; // an interim answer (100 Continue): node:http answered the client's itself
    const { method } = this.req;
    recordOutcome(this.target, status < 500);
    if (headers.connection === 'close') recordLeaving(this.up, this.target);
    // A GET/HEAD refused by one address (502/503): another one may answer; this answer is discarded.
    if (RETRY_STATUSES.has(status) && (method === 'GET' || method === 'HEAD') && this.retryElsewhere())
      return;
    // Refused untouched by a draining replica: any method may go to another one, body replayed.
    if (status === 503 && headers[NOT_ACCEPTED_HEADER] === '1' && this.retryElsewhere()) return;
    const relayed = relayedHead(this.ctx, headers, statusText);
    const gzip = relayed && !relayed.stream && compressesAnswer(this.req, status, headers);
    if (
      !relayed ||
      !this.writeHead(status, statusText, gzip ? gzippedHead(relayed.headers) : relayed.headers)
    ) {
      // A status or header no client may get (control bytes, a split head): a bad gateway answer.
      this.fail('unreachable');
      return;
    }
    this.controller = c;
    if (gzip) this.gzipBody();
    if (relayed.stream) this.openStream();
    else this.silence = setTimeout(() => this.fail('timeout'), this.ctx.timeoutMs);
  }

  private writeHead(status: number, statusText: string, headers: string[]): boolean {
    try {
      const own = this.ctx.ownHeaders.concat('X-Request-Id', this.requestId);
      this.res.writeHead(status, statusText, own.concat(headers));
      return true;
    } catch {
      return false;
    }
  }

  private onResponseData(c: Dispatcher.DispatchController, chunk: Buffer): void {
    this.silence?.refresh();
    this.heartbeat?.seen(chunk);
    if (this.sink.write(chunk) || this.paused) return;
    // The client is not reading: stop reading the upstream until it does.
    this.paused = true;
    c.pause();
    this.sink.once('drain', () => {
      this.paused = false;
      if (!this.settled) c.resume();
    });
  }

  private onResponseEnd(): void {
    if (!this.settle()) return;
    this.sink.end();
  }

  /** The body through gzip to the response; a gzip failure cuts the connection (a truncated body). */
  private gzipBody(): void {
    const gzip = answerGzip();
    gzip.once('error', () => this.res.destroy());
    gzip.pipe(this.res);
    this.res.once('close', () => gzip.destroy());
    this.sink = gzip;
  }

  /** An event stream: head out now, a heartbeat while quiet, and ended by shutdown or revocation. */
  private openStream(): void {
    const { res } = this;
    res.flushHeaders();
    if (this.ctx.sseHeartbeatMs > 0)
      this.heartbeat = startSseHeartbeat(this.ctx.sseHeartbeatMs, (comment) => res.write(comment));
    this.endStream = () => {
      if (!this.settle()) return;
      this.controller?.abort(new Error('stream ended by the gateway'));
      res.end();
    };
    this.ctx.streams.set(this.endStream, this.req);
  }

  private clientGone(): void {
    if (this.res.writableFinished || !this.settle()) return;
    // The client went away first: stop the upstream work it asked for (undici closes that connection).
    this.controller?.abort(new Error('client gone'));
    if (this.body instanceof BodyLimit) this.body.destroy();
    this.ctx.onFailure(this.up.name, 'client-abort');
  }
}

/**
 * Streams one request to an upstream and its answer back: admitted (the in-flight cap, the declared
 * size), then relayed by a ProxyExchange.
 */
export function proxyRequest(
  ctx: ProxyContext,
  up: Upstream,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  clientIp: string,
  refuse: Refuse,
): void {
  new ProxyExchange(ctx, up, req, res, requestId, clientIp, refuse).start();
}
