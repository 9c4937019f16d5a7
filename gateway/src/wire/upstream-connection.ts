import type { Socket } from 'node:net';
import { BodyReader, type PayloadSink } from './body-reader';
import { HEAD_TOO_LARGE, readHead } from './head-syntax';
import { parseResponseHead, type ResponseHead } from './response-head';

/** The exchange using a connection hears of its response through these. */
export interface UpstreamListener {
  onUpstreamConnect(): void;
  onUpstreamHead(head: ResponseHead): void;
  /** Body bytes, borrowed: valid during the call only (the read buffer is reused); copy to keep them. */
  onUpstreamData(chunk: Buffer): void;
  onUpstreamEnd(): void;
  /** The connection failed before the response ended (also a malformed response: code HPE_INVALID). */
  onUpstreamError(err: NodeJS.ErrnoException): void;
  /** Silence for the connection's timeout. */
  onUpstreamTimeout(): void;
  onUpstreamDrain(): void;
}

/** Where a connection comes from and goes when its exchange is over (proxy/upstream-pool.ts). */
export interface ConnectionHome {
  /** The connection carries an exchange from now on: its silence is watched (sweep). */
  busy(conn: UpstreamConnection): void;
  park(conn: UpstreamConnection): void;
  forget(conn: UpstreamConnection): void;
}

function connectionError(message: string, code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

/**
 * One keep-alive connection to an upstream address, carrying one exchange at a time: the request is
 * written by the exchange; the response is read here (head, then the body by its framing) and handed to
 * the listener as it arrives, never buffered. After the response, `release` parks the connection for the
 * next exchange when both sides allow it, else closes it.
 */
export class UpstreamConnection implements PayloadSink {
  /** Carried an exchange before: the upstream may close it just as it is reused. */
  reused = false;
  connected = false;
  dead = false;
  /** Parked until then (ms since the epoch): the upstream's keep-alive hint, less a second. */
  expiresAt = Number.POSITIVE_INFINITY;
  private listener: UpstreamListener | undefined;
  private method = 'GET';
  private headBytes: Buffer | undefined;
  private head: ResponseHead | undefined;
  private body: BodyReader | undefined;
  private responseEnded = false;
  private reusable = false;
  private keepAliveMs = 0;
  private paused = false;
  /** Silence allowed (ms, 0: none), and what the sweeper has seen of it: no timer re-armed per read. */
  private silenceLimitMs = 0;
  private quietMs = 0;
  private activity = 0;
  private seenActivity = 0;

  /**
   * `socket` delivers its bytes through `read` (a socket made with node:net's `onread`: one reused
   * buffer, no allocation and no stream events per read), or, when `dataEvents`, as 'data' events (TLS).
   */
  constructor(
    readonly socket: Socket,
    private readonly home: ConnectionHome,
    connectEvent: 'connect' | 'secureConnect',
    dataEvents: boolean,
  ) {
    socket.once(connectEvent, this.onConnect);
    if (dataEvents) socket.on('data', this.read);
    socket.on('end', this.onEnd);
    socket.on('close', this.onClose);
    socket.on('error', this.onError);
    socket.on('drain', this.onDrain);
  }

  /** Starts an exchange of a `method` request on this connection; `timeoutMs` bounds silence (0: none). */
  begin(listener: UpstreamListener, method: string, timeoutMs: number): void {
    this.listener = listener;
    this.method = method;
    this.head = undefined;
    this.body = undefined;
    this.headBytes = undefined;
    this.responseEnded = false;
    this.reusable = false;
    this.silenceLimitMs = timeoutMs;
    this.quietMs = 0;
    this.home.busy(this);
  }

  write(data: string | Buffer): boolean {
    this.activity += 1;
    return typeof data === 'string' ? this.socket.write(data, 'latin1') : this.socket.write(data);
  }

  /** Changes the silence allowed from now on (0: none, a started event stream). */
  setSilenceLimit(ms: number): void {
    this.silenceLimitMs = ms;
    this.quietMs = 0;
  }

  /**
   * Called by the pool's sweeper every `ms` while the connection carries an exchange: nothing read or
   * written since the last sweep adds to the silence; past the limit the exchange hears of it.
   */
  sweep(ms: number): void {
    const l = this.listener;
    if (!l || this.silenceLimitMs === 0) return;
    if (this.activity !== this.seenActivity) {
      this.seenActivity = this.activity;
      this.quietMs = 0;
      return;
    }
    this.quietMs += ms;
    if (this.quietMs >= this.silenceLimitMs) l.onUpstreamTimeout();
  }

  /**
   * The exchange is over. The connection is parked for another one when the response ended cleanly, the
   * upstream did not ask to close, and the whole request was sent; otherwise it is closed.
   */
  release(requestSent: boolean): void {
    this.listener = undefined;
    if (this.dead) return;
    if (this.reusable && requestSent) {
      this.resume();
      this.home.park(this);
    } else this.destroy();
  }

  /** Stops reading (the client is not keeping up); resume() reads on. */
  pause(): void {
    this.paused = true;
    this.socket.pause();
  }

  /** Only undoes pause(): resuming a socket that was never paused still schedules work on every call. */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.socket.resume();
  }

  destroy(): void {
    this.listener = undefined;
    if (!this.dead) {
      this.dead = true;
      this.home.forget(this);
    }
    this.socket.destroy();
  }

  /** The upstream's keep-alive hint from the last response (0 when none). */
  get keepAliveHintMs(): number {
    return this.keepAliveMs;
  }

  private readonly onConnect = () => {
    this.connected = true;
    this.listener?.onUpstreamConnect();
  };

  private readonly onDrain = () => this.listener?.onUpstreamDrain();

  private readonly onError = (err: Error) => {
    const l = this.listener;
    this.destroy();
    l?.onUpstreamError(err);
  };

  private readonly onEnd = () => {
    if (this.body && !this.responseEnded) {
      // The end of a close-delimited body; any other body is cut short.
      this.body.closed();
      if (this.body.done) return this.endResponse(false);
    }
    this.lost();
  };

  private readonly onClose = () => this.lost();

  /** Closed by the upstream: whoever waited on a response hears it as a reset. */
  private lost(): void {
    const l = this.responseEnded ? undefined : this.listener;
    this.destroy();
    l?.onUpstreamError(connectionError('socket hang up', 'ECONNRESET'));
  }

  private fail(message: string): void {
    const l = this.listener;
    this.destroy();
    l?.onUpstreamError(connectionError(message, 'HPE_INVALID'));
  }

  payload(chunk: Buffer): void {
    this.listener?.onUpstreamData(chunk);
  }

  /** Bytes read from the upstream, borrowed (see the constructor): nothing here keeps them uncopied. */
  readonly read = (chunk: Buffer) => {
    this.activity += 1;
    const l = this.listener;
    // Bytes while parked or after the response: nothing asked for them, the connection is not trusted.
    if (!l || this.responseEnded) return this.destroy();
    let buf = chunk;
    if (this.headBytes) {
      buf = Buffer.concat([this.headBytes, chunk]);
      this.headBytes = undefined;
    }
    let i = 0;
    while (i < buf.length) {
      if (!this.head) {
        const found = readHead(buf, i);
        if (found === HEAD_TOO_LARGE) return this.fail('the response head is too large');
        if (!found) {
          this.headBytes = Buffer.from(buf.subarray(i));
          return;
        }
        const parsed = parseResponseHead(found.text, this.method);
        i = found.next;
        if (typeof parsed === 'string') return this.fail(parsed);
        if (parsed.status < 200) {
          // 100 Continue, 103 Early Hints: informational, skipped. 101 was never asked for.
          if (parsed.status === 101) return this.fail('unexpected 101 Switching Protocols');
          continue;
        }
        this.head = parsed;
        this.keepAliveMs = parsed.keepAliveMs;
        if (parsed.body !== 'none') this.body = new BodyReader(parsed.body, parsed.length);
        l.onUpstreamHead(parsed);
        if (this.listener !== l) return;
        if (!this.body) return this.endResponse(i < buf.length);
        continue;
      }
      const body = this.body!;
      const next = body.feed(buf, i, this);
      if (this.listener !== l) return;
      if (next < 0) return this.fail(`malformed response body: ${body.error}`);
      i = next;
      if (body.done) return this.endResponse(i < buf.length);
    }
  };

  private endResponse(extraBytes: boolean): void {
    this.responseEnded = true;
    this.reusable = !this.head!.closing && !extraBytes;
    this.listener?.onUpstreamEnd();
  }
}
