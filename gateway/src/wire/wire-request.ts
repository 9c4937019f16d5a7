import type { Socket } from 'node:net';
import { errorCodes, type ErrorBody } from '@noek/contracts';
import type { BodySink, Downstream, GoneListener, ResponseFraming } from '../proxy/downstream';
import { BodyReader, CHUNK_END, LAST_CHUNK, chunkHeader, type PayloadSink } from './body-reader';
import { CHUNKED, type WireRequestHead } from './request-head';
import { dateHeaderLine, statusLine, type ResponseText } from './response-text';

/** What a request needs of the connection it came on (wire/wire-connection.ts). */
export interface WireRequestHost {
  readonly socket: Socket;
  readonly text: ResponseText;
  readonly maxBodyBytes: number;
  /** The gateway is stopping: answers say Connection: close. */
  draining(): boolean;
  /** Body bytes are wanted again (a sink was set, or a pause ended). */
  pump(): void;
  /** The body must stop arriving for now (or may arrive again). */
  flow(): void;
  /** The answer is complete (or cut): the connection moves on. */
  requestEnded(req: WireRequest): void;
}

const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';
/** A head and a body up to this size leave as one buffer (one write call, no writev bookkeeping). */
const JOIN_BYTES = 16 * 1024;

/**
 * One request on a wire connection, as a Downstream: its body read off the connection's bytes by its
 * framing, its answer written straight to the socket. The head is queued and leaves with the first body
 * bytes (one write, as node:http does); a chunked answer is framed here. Also renders the gateway's own
 * JSON answers for it, with the same headers node:http's path sets (http/own-answers.ts).
 */
export class WireRequest implements Downstream, PayloadSink {
  readonly hasBody: boolean;
  clientIp = '';
  /** The metrics target: the service proxied to, or 'gateway'. */
  target = 'gateway';
  /** The status sent (0 until a head went out). */
  status = 0;
  /** Connection: close was (or will be) sent with the answer. */
  closeAfter = false;
  /** The answer is over (ended, refused or cut). */
  ended = false;
  bodyPaused = false;
  private readonly body: BodyReader | undefined;
  private sink: BodySink | undefined;
  private queuedHead: string | undefined;
  private chunked = false;
  private noBody = false;
  private sentContinue = false;
  private discarded = 0;
  private gone: GoneListener | undefined;

  constructor(
    private readonly host: WireRequestHost,
    readonly head: WireRequestHead,
    readonly requestId: string,
    readonly started: number,
  ) {
    const n = head.bodyLength;
    this.hasBody = n !== 0;
    this.body = n === 0 ? undefined : n === CHUNKED ? new BodyReader('chunked') : new BodyReader('length', n);
  }

  get headSent(): boolean {
    return this.status !== 0;
  }

  get bodyDone(): boolean {
    return !this.body || this.body.done;
  }

  /** The connection has body bytes for this request: it takes them when someone reads them (or drops them). */
  get wantsBody(): boolean {
    return (
      this.body !== undefined &&
      !this.body.done &&
      !this.bodyPaused &&
      (this.sink !== undefined || this.ended)
    );
  }

  readBody(sink: BodySink): void {
    this.sink = sink;
    if (this.head.expectContinue && !this.sentContinue && this.body && !this.body.done) {
      this.sentContinue = true;
      this.host.socket.write(CONTINUE, 'latin1');
    }
    this.host.pump();
  }

  pauseBody(): void {
    this.bodyPaused = true;
    this.host.flow();
  }

  resumeBody(): void {
    if (!this.bodyPaused) return;
    this.bodyPaused = false;
    this.host.pump();
  }

  /**
   * Consumes this request's body from `buf`: payload to the sink, or dropped once the answer is over.
   * Returns the bytes used. A malformed body ends the request with a 400 and the connection.
   */
  feedBody(buf: Buffer): number {
    const body = this.body!;
    const used = body.feed(buf, 0, this);
    if (used < 0) {
      this.malformedBody();
      return buf.length;
    }
    if (body.done) {
      if (this.ended) this.host.requestEnded(this);
      else this.sink!.onBodyEnd();
    }
    return used;
  }

  /**
   * A slice of the body: to the sink while the answer is being made; once it is over, dropped up to the
   * body limit (past it the connection closes).
   */
  payload(chunk: Buffer): void {
    if (!this.ended) {
      this.sink!.onBodyData(chunk);
      return;
    }
    this.discarded += chunk.length;
    if (this.discarded > this.host.maxBodyBytes) {
      this.closeAfter = true;
      this.host.requestEnded(this);
    }
  }

  private malformedBody(): void {
    if (this.ended) {
      this.closeAfter = true;
      this.host.requestEnded(this);
      return;
    }
    this.leave();
    this.refuse(400, 'BAD_REQUEST', 'The request body is not validly framed.', { Connection: 'close' });
  }

  /** Tells the exchange (once) that the client is gone or the request cannot go on. */
  private leave(): void {
    const gone = this.gone;
    this.gone = undefined;
    gone?.onClientGone();
  }

  /** The client closed the connection (or half-closed it) before the answer ended. */
  clientGone(): void {
    if (this.ended) return;
    this.ended = true;
    this.leave();
  }

  /** The request took too long to arrive (headers sent, body dribbling): 408 and close, or cut. */
  timedOut(): void {
    if (this.ended) return;
    this.leave();
    if (this.headSent) this.abort();
    else this.refuse(408, 'REQUEST_TIMEOUT', 'The request took too long to arrive.', { Connection: 'close' });
  }

  onGone(listener: GoneListener): void {
    this.gone = listener;
  }

  sendHead(status: number, reason: string, headers: string[], framing: ResponseFraming): boolean {
    let text = `${statusLine(status, reason)}${this.host.text.securityLines}X-Request-Id: ${this.requestId}\r\n`;
    let date = false;
    for (let i = 0; i < headers.length; i += 2) {
      const name = headers[i]!;
      if (name.length === 4 && name.toLowerCase() === 'date') date = true;
      text += `${name}: ${headers[i + 1]}\r\n`;
    }
    if (!date) text += dateHeaderLine();
    this.noBody = framing === 'none' || this.head.method === 'HEAD';
    this.chunked = framing === 'chunked' && !this.noBody;
    text += this.connectionLines();
    if (this.chunked) text += 'Transfer-Encoding: chunked\r\n';
    this.queuedHead = `${text}\r\n`;
    this.status = status;
    return true;
  }

  /** Connection: close when the client asked, the gateway is stopping, or an unread body cannot be dropped. */
  private connectionLines(): string {
    if (!this.closeAfter)
      this.closeAfter = this.head.wantsClose || this.host.draining() || !this.bodyDroppable();
    return this.closeAfter ? this.host.text.closeLines : this.host.text.keepAliveLines;
  }

  /** A body nobody reads yet can be read past (and dropped) only when it will come and is not too big. */
  private bodyDroppable(): boolean {
    if (!this.body || this.body.done || this.sink) return true;
    if (this.head.expectContinue && !this.sentContinue) return false; // the client waits: it never comes
    return this.head.bodyLength <= this.host.maxBodyBytes;
  }

  flush(): void {
    if (this.queuedHead === undefined) return;
    this.host.socket.write(this.queuedHead, 'latin1');
    this.queuedHead = undefined;
  }

  write(chunk: Buffer | string): boolean {
    const { socket } = this.host;
    if (this.ended || this.noBody || socket.destroyed) return true;
    const size = typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    if (size === 0) return true;
    if (this.queuedHead !== undefined && !this.chunked && typeof chunk !== 'string' && size <= JOIN_BYTES) {
      // The usual small answer: head and body in one buffer, one write.
      const head = this.queuedHead;
      this.queuedHead = undefined;
      const joined = Buffer.allocUnsafe(head.length + size);
      joined.write(head, 0, 'latin1');
      chunk.copy(joined, head.length);
      return socket.write(joined);
    }
    const corked = this.queuedHead !== undefined || this.chunked;
    if (corked) socket.cork();
    this.flush();
    let ok: boolean;
    if (this.chunked) {
      socket.write(chunkHeader(size), 'latin1');
      socket.write(typeof chunk === 'string' ? chunk : Buffer.from(chunk));
      ok = socket.write(CHUNK_END, 'latin1');
    } else ok = socket.write(typeof chunk === 'string' ? chunk : Buffer.from(chunk));
    if (corked) socket.uncork();
    return ok;
  }

  onDrain(resume: () => void): void {
    this.host.socket.once('drain', resume);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.gone = undefined;
    const tail = (this.queuedHead ?? '') + (this.chunked ? LAST_CHUNK : '');
    this.queuedHead = undefined;
    if (tail && !this.host.socket.destroyed) this.host.socket.write(tail, 'latin1');
    this.host.requestEnded(this);
  }

  abort(): void {
    this.ended = true;
    this.gone = undefined;
    this.host.socket.destroy();
  }

  refuse(status: number, code: string, message: string, headers?: Record<string, string>): void {
    const body: ErrorBody = { code, message, requestId: this.requestId };
    this.answerJson(status, JSON.stringify(body), headers);
  }

  /** Something threw while handling this request: 500 when nothing was sent yet, else the connection is cut. */
  crashed(): void {
    this.leave();
    if (this.headSent || this.ended) this.abort();
    else this.refuse(500, errorCodes.internal, 'Something went wrong on our side. Please try again.');
  }

  /**
   * A JSON answer of the gateway's own (sendJson's headers: security headers, X-Request-Id, no-store);
   * too late for a status once a head went out: the connection is cut instead.
   */
  answerJson(status: number, json: string, headers?: Record<string, string>): void {
    if (this.headSent || this.ended) {
      this.abort();
      return;
    }
    const { text } = this.host;
    let head =
      statusLine(status) +
      text.securityLines +
      `X-Request-Id: ${this.requestId}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nCache-Control: no-store\r\n`;
    if (headers) {
      for (const name in headers) {
        if (name.toLowerCase() === 'connection') this.closeAfter ||= headers[name] === 'close';
        else head += `${name}: ${headers[name]}\r\n`;
      }
    }
    head += dateHeaderLine() + this.connectionLines() + '\r\n';
    this.status = status;
    this.ended = true;
    this.gone = undefined;
    const { socket } = this.host;
    if (!socket.destroyed) {
      socket.cork();
      socket.write(head, 'latin1');
      if (this.head.method !== 'HEAD') socket.write(json);
      socket.uncork();
    }
    this.host.requestEnded(this);
  }
}
