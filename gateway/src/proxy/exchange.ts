import { CHUNK_END, LAST_CHUNK, chunkHeader } from '../wire/body-reader';
import type { ResponseHead } from '../wire/response-head';
import type { UpstreamConnection, UpstreamListener } from '../wire/upstream-connection';
import { tooLarge } from './admission';
import type { BodySink, Downstream, GoneListener, ResponseFraming } from './downstream';
import { failureAnswer, type FailureKind } from './failures';
import { forwardRequestHeaders } from './forward-headers';
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

/** The request line and headers as the upstream gets them. */
function requestText(method: string, url: string, headers: readonly string[]): string {
  let text = `${method} ${url} HTTP/1.1\r\n`;
  for (let i = 0; i < headers.length; i += 2) text += `${headers[i]}: ${headers[i + 1]}\r\n`;
  return `${text}\r\n`;
}

/**
 * One request relayed to one upstream over a pooled keep-alive connection, and its answer relayed back,
 * as named steps: send (take a connection, write the head), onBodyData (stream the client's body up),
 * onUpstreamHead (retry elsewhere when allowed, else write the head; an event stream gets a heartbeat and
 * is registered for shutdown), onUpstreamData / onUpstreamEnd (the body down, with backpressure both
 * ways), fail (before the answer started: a JSON 502/503/504; after: the client's connection is cut),
 * onClientGone (the client left: stop the upstream work). `settle` marks the exchange over exactly once
 * and gives back the upstream's in-flight slot. A class, not closures: one object per request.
 */
export class ProxyExchange implements UpstreamListener, BodySink, GoneListener {
  private settled = false;
  private retried = false;
  /** The address this exchange uses (another one after a retry). */
  private target: UpstreamTarget;
  private conn!: UpstreamConnection;
  /** Body chunks written before the connection connected: replayed if the exchange moves elsewhere. */
  private unsent: Buffer[] | undefined;
  /** The whole body while it is small (REPLAYABLE_BODY_BYTES), for a retry after a not-accepted 503. */
  private bodyCopy: Buffer[] | undefined;
  private bodyBytes = 0;
  private bodyEnded = false;
  /** The response head went to the client. */
  private responded = false;
  private connectTimer: NodeJS.Timeout | undefined;
  private heartbeat: SseHeartbeat | undefined;
  private endStream: (() => void) | undefined;
  private readonly text: string;
  /** The body goes up chunked (the client sent it without a length). */
  private readonly chunkedUp: boolean;

  constructor(
    private readonly ctx: ProxyContext,
    private readonly up: Upstream,
    private readonly down: Downstream,
  ) {
    const { head } = down;
    const headers = forwardRequestHeaders(head, {
      requestId: down.requestId,
      clientIp: down.clientIp,
      proto: ctx.proto,
    });
    this.target = pickTarget(up);
    if (head.headers.host === undefined) headers.push('host', `${this.target.hostname}:${this.target.port}`);
    this.text = requestText(head.method, head.url, headers);
    this.chunkedUp =
      head.headers['transfer-encoding'] !== undefined && head.headers['content-length'] === undefined;
  }

  start(): void {
    this.up.inFlight += 1;
    this.down.onGone(this);
    if (!this.down.hasBody) {
      this.send();
      return;
    }
    this.bodyCopy = [];
    // Head and the body bytes already read leave in one write.
    const socket = this.send().socket;
    socket.cork();
    this.down.readBody(this);
    socket.uncork();
  }

  /** Takes a connection (a new one when `fresh`) and writes the request head on it. */
  private send(fresh = false): UpstreamConnection {
    const conn = fresh ? this.target.pool.open() : this.target.pool.acquire();
    this.conn = conn;
    conn.begin(this, this.down.head.method, this.ctx.timeoutMs);
    if (!conn.connected)
      this.connectTimer = setTimeout(() => this.connectTimedOut(), this.ctx.connectTimeoutMs);
    conn.write(this.text);
    return conn;
  }

  onBodyData(chunk: Buffer): void {
    if (this.settled) return;
    this.bodyBytes += chunk.length;
    if (this.bodyBytes > this.ctx.maxBodyBytes) {
      this.settle();
      this.conn.destroy();
      this.ctx.onFailure(this.up.name, 'too-large');
      tooLarge(this.down, this.ctx.maxBodyBytes);
      return;
    }
    if (!this.conn.connected) (this.unsent ??= []).push(chunk);
    this.keepCopy(chunk);
    if (!this.writeBody(this.conn, chunk)) this.down.pauseBody();
  }

  onBodyEnd(): void {
    this.bodyEnded = true;
    if (!this.settled && this.chunkedUp) this.conn.write(LAST_CHUNK);
  }

  private writeBody(conn: UpstreamConnection, chunk: Buffer): boolean {
    if (!this.chunkedUp) return conn.write(chunk);
    if (chunk.length === 0) return true; // an empty chunk would end the body
    conn.write(chunkHeader(chunk.length));
    conn.write(chunk);
    return conn.write(CHUNK_END);
  }

  private keepCopy(chunk: Buffer): void {
    if (!this.bodyCopy) return;
    if (this.bodyBytes > REPLAYABLE_BODY_BYTES) this.bodyCopy = undefined;
    else this.bodyCopy.push(chunk);
  }

  /**
   * Moves the exchange to another address of the service when the request cannot have been acted on:
   * the connection never carried it, or a GET/HEAD got 502/503, or a draining replica refused it
   * untouched. False when there is no other address or the exchange was retried already (one retry, so a
   * failing service is not hammered).
   */
  private retryElsewhere(replay: Buffer[] | undefined = this.unsent): boolean {
    if (this.retried || this.settled) return false;
    const next = otherTarget(this.up, this.target);
    if (!next) return false;
    this.retried = true;
    this.conn.destroy();
    clearTimeout(this.connectTimer);
    this.target = next;
    const conn = this.send();
    for (const chunk of replay ?? []) this.writeBody(conn, chunk);
    if (this.down.hasBody) {
      if (this.bodyEnded) this.onBodyEnd();
      else this.down.resumeBody();
    }
    return true;
  }

  /** The whole body is here and kept (or there is none): it can be sent again. */
  private canReplayBody(): boolean {
    return !this.down.hasBody || (this.bodyEnded && this.bodyCopy !== undefined);
  }

  private settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    this.up.inFlight -= 1;
    clearTimeout(this.connectTimer);
    this.heartbeat?.stop();
    if (this.endStream) this.ctx.streams.delete(this.endStream);
    return true;
  }

  private fail(kind: FailureKind, err?: NodeJS.ErrnoException): void {
    if (!this.settle()) return;
    const { ctx, up, down } = this;
    if (kind !== 'timeout') recordOutcome(this.target, false);
    this.conn.destroy();
    ctx.onFailure(up.name, kind);
    ctx.logger.warn(
      {
        requestId: down.requestId,
        service: up.name,
        address: this.target.base,
        kind,
        err: err?.code ?? err?.message,
        path: down.head.url,
        reusedSocket: this.conn.reused,
        retried: this.retried,
      },
      'upstream failed',
    );
    if (down.headSent) {
      down.abort();
      return;
    }
    const a = failureAnswer(kind, up.name);
    down.refuse(a.status, a.code, a.message, a.headers);
  }

  private connectTimedOut(): void {
    // Never connected: nothing was sent, another address may take it.
    recordOutcome(this.target, false);
    if (!this.retryElsewhere()) this.fail('connect-timeout');
  }

  onUpstreamConnect(): void {
    clearTimeout(this.connectTimer);
    this.unsent = undefined;
  }

  onUpstreamTimeout(): void {
    // A started event stream has no limit; anything else fell silent for timeoutMs.
    if (!this.endStream) this.fail('timeout');
  }

  onUpstreamDrain(): void {
    if (this.down.hasBody && !this.bodyEnded && !this.settled) this.down.resumeBody();
  }

  onUpstreamError(err: NodeJS.ErrnoException): void {
    // Our own destroy() (timeout, client gone, shutdown) never lands here: the listener is gone by then.
    if (this.settled) return;
    // The connection never carried the request (refused, unreachable): another address may take it.
    if (!this.conn.connected && !this.responded && NOT_SENT.has(err.code ?? '')) {
      recordOutcome(this.target, false);
      if (this.retryElsewhere()) return;
    }
    // A kept-alive connection the upstream closed just as we reused it: safe to repeat a bodiless read.
    if (
      !this.retried &&
      !this.responded &&
      !this.down.hasBody &&
      this.conn.reused &&
      err.code === 'ECONNRESET' &&
      RETRYABLE_METHODS.has(this.down.head.method)
    ) {
      this.retried = true;
      // On a new connection: the other idle ones may be as stale as this one was.
      this.send(true);
      return;
    }
    this.fail(failureKindOf(err), err);
  }

  onUpstreamHead(head: ResponseHead): void {
    if (this.settled) return;
    const { status } = head;
    const { method } = this.down.head;
    recordOutcome(this.target, status < 500);
    if (head.saidClose) recordLeaving(this.up, this.target);
    // A GET/HEAD refused by one address (502/503): another one may answer; this answer is discarded.
    if (RETRY_STATUSES.has(status) && (method === 'GET' || method === 'HEAD') && this.retryElsewhere())
      return;
    // Refused untouched by a draining replica: any method may go to another one, body replayed.
    if (status === 503 && head.notAccepted && this.canReplayBody() && this.retryElsewhere(this.bodyCopy))
      return;
    const relayed = relayedHead(this.ctx, head.rawHeaders, head.names, head.dropLength);
    // No total limit on a started stream.
    if (relayed.stream) this.conn.setSilenceLimit(0);
    const framing: ResponseFraming =
      head.body === 'none' ? 'none' : head.body === 'length' ? 'length' : 'chunked';
    if (!this.down.sendHead(status, head.reason, relayed.headers, framing)) {
      // A status or header the front end refuses to send: a bad gateway answer.
      this.fail('unreachable');
      return;
    }
    this.responded = true;
    if (relayed.stream) this.openStream();
  }

  onUpstreamData(chunk: Buffer): void {
    if (this.settled) return;
    this.heartbeat?.seen(chunk);
    if (!this.down.write(chunk)) {
      const conn = this.conn;
      conn.pause();
      this.down.onDrain(() => {
        if (!this.settled && this.conn === conn) conn.resume();
      });
    }
  }

  onUpstreamEnd(): void {
    if (!this.settle()) return;
    const bodySent = !this.down.hasBody || this.bodyEnded;
    this.conn.release(bodySent);
    // A body the upstream did not wait for: let it flow (and be dropped) so the client is not stuck.
    if (!bodySent) this.down.resumeBody();
    this.down.end();
  }

  /** An event stream: head out now, a heartbeat while quiet, and ended by the gateway's shutdown. */
  private openStream(): void {
    const { down } = this;
    down.flush();
    if (this.ctx.sseHeartbeatMs > 0)
      this.heartbeat = startSseHeartbeat(this.ctx.sseHeartbeatMs, (comment) => down.write(comment));
    this.endStream = () => {
      if (!this.settle()) return;
      this.conn.destroy();
      down.end();
    };
    this.ctx.streams.set(this.endStream, down.head);
  }

  onClientGone(): void {
    if (!this.settle()) return;
    // The client went away first: stop the upstream work it asked for.
    this.conn.destroy();
    this.ctx.onFailure(this.up.name, 'client-abort');
  }
}
