import type { RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '@noek/service-kit';
import { isApiPath, splitTarget } from '../http/path-check';
import { requestIdOf } from '../http/request-id';
import type { RequestRecorder } from '../ops/request-record';
import { refusedAsNotLocal } from '../security/loopback-only';
import { HEAD_TOO_LARGE, readHead } from './head-syntax';
import { serveThroughNode } from './node-bridge';
import { parseRequestHead, type WireRequestHead } from './request-head';
import type { ResponseText } from './response-text';
import { WireRequest, type WireRequestHost } from './wire-request';

/** What every wire connection shares (wire/wire-server.ts makes it). */
export interface WireContext {
  logger: Logger;
  recorder: RequestRecorder;
  text: ResponseText;
  maxBodyBytes: number;
  keepAliveTimeoutMs: number;
  headersTimeoutMs: number;
  /** The whole request (head and body) must arrive within this (node:http's requestTimeout). */
  requestTimeoutMs: number;
  draining(): boolean;
  /** Answers or proxies one /api request (routing/wire-api-handler.ts). */
  handle(req: WireRequest, path: string): void;
  /** node:http's request handler: every other bodiless request, through wire/node-bridge.ts. */
  handleWithNode: RequestListener;
  /** Gives the connection to node:http, which reads it from the bytes given back (unshifted) on. */
  handOff(socket: Socket): void;
  /** The connection is over (closed or handed off). */
  forget(conn: WireConnection): void;
}

/** What a connection is waiting for: the sweeper times each phase against its limit. */
export const enum Phase {
  /** Between requests (keep-alive timeout). */
  Idle,
  /** Part of a head has arrived (headers timeout: a slow client, slowloris). */
  Head,
  /** A request's body is arriving (request timeout). */
  Body,
  /** The request is in; its answer is being made (no limit here: the upstream timeouts apply). */
  Answer,
  Closing,
}

/** Bytes read ahead of the request being answered (pipelined) before the socket is paused. */
const MAX_READ_AHEAD = 64 * 1024;
/** After a closing answer, how long the client's remaining bytes are read (and dropped) before a hard close. */
const LINGER_MS = 2_000;
const TIMEOUT_408 = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/**
 * A client connection the wire path serves: /api requests read off the socket as bytes (head parsed by
 * wire/request-head.ts, body by its framing), one at a time (pipelined ones wait), each answered through a
 * WireRequest. The first request that is not a plain /api request — a page, a file, a probe, metrics, an
 * upgrade, HTTP/1.0, anything the strict parser does not take — hands the whole connection to node:http,
 * with the bytes read so far given back: from then on node:http serves it as it always did.
 */
export class WireConnection implements WireRequestHost {
  current: WireRequest | undefined;
  /** A request node:http's handler is answering on this socket (wire/node-bridge.ts). */
  private bridged = false;
  phase = Phase.Idle;
  /** Changes whenever the phase does: the sweeper's way to see progress without a timer per request. */
  seq = 0;
  private lastSeq = -1;
  private stuckMs = 0;
  private pending: Buffer | undefined;
  private pumping = false;
  private held = false;
  private lingerTimer: NodeJS.Timeout | undefined;
  /** The peer, read once: node:net's getter goes through a native call on every read. */
  private readonly peer: { readonly remoteAddress?: string | undefined };

  constructor(
    readonly socket: Socket,
    private readonly ctx: WireContext,
  ) {
    this.peer = { remoteAddress: socket.remoteAddress };
    socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('error', this.onError);
    socket.on('close', this.onClose);
  }

  get text(): ResponseText {
    return this.ctx.text;
  }

  get maxBodyBytes(): number {
    return this.ctx.maxBodyBytes;
  }

  draining(): boolean {
    return this.ctx.draining();
  }

  private enter(phase: Phase): void {
    if (this.phase === phase) return;
    this.phase = phase;
    this.seq += 1;
  }

  private readonly onData = (chunk: Buffer) => {
    if (this.phase === Phase.Closing) return; // lingering: the client's leftovers are dropped
    this.pending = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pump();
  };

  /** Moves the bytes read so far along: into the current request's body, or into the next request. */
  pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.pending && this.phase !== Phase.Closing) {
        const req = this.current;
        if (req) {
          if (!req.wantsBody) break;
          const buf = this.pending;
          const used = req.feedBody(buf);
          this.pending = used >= buf.length ? undefined : buf.subarray(used);
        } else if (this.bridged || !this.startRequest(this.pending)) break;
      }
    } catch (err) {
      this.crash(err);
    } finally {
      this.pumping = false;
    }
    this.flow();
  }

  /** Pauses the socket while the body is held back or too much is read ahead; resumes it after. */
  flow(): void {
    const hold =
      this.phase !== Phase.Closing &&
      ((this.current?.bodyPaused ?? false) || (this.pending?.length ?? 0) > MAX_READ_AHEAD);
    if (hold === this.held || this.socket.destroyed) return;
    this.held = hold;
    if (hold) this.socket.pause();
    else this.socket.resume();
  }

  /** Starts the request at the front of `buf`; false when it needs more bytes or left for node:http. */
  private startRequest(buf: Buffer): boolean {
    let i = 0;
    while (buf[i] === 13 && buf[i + 1] === 10) i += 2; // empty lines before a request are allowed
    if (i >= buf.length) {
      this.pending = undefined;
      return false;
    }
    const found = readHead(buf, i);
    if (found === HEAD_TOO_LARGE) {
      // node:http refuses it as it always did.
      this.handOff(buf.subarray(i));
      return false;
    }
    if (!found) {
      this.enter(Phase.Head);
      return false;
    }
    const head = parseRequestHead(found.text, this.peer);
    const split = head && splitTarget(head.url);
    const api = split !== undefined && isApiPath(split.path) && !refusedAsNotLocal(head!, split.path);
    if (!head || (!api && head.bodyLength !== 0)) {
      // Not a request the strict parser takes, or a body outside /api: node:http's from here on.
      this.handOff(buf.subarray(i));
      return false;
    }
    this.pending = found.next < buf.length ? buf.subarray(found.next) : undefined;
    if (!api) {
      this.bridge(head);
      return true;
    }
    const req = new WireRequest(this, head, requestIdOf(head), this.ctx.recorder.begin());
    this.current = req;
    this.enter(req.bodyDone ? Phase.Answer : Phase.Body);
    try {
      this.ctx.handle(req, split!.path);
    } catch (err) {
      this.ctx.logger.error(
        { err, requestId: req.requestId, url: head.url },
        'unhandled error in the gateway',
      );
      req.crashed();
    }
    return true;
  }

  /** A page, a file, a probe: node:http's handler answers it on this socket; then the next request. */
  private bridge(head: WireRequestHead): void {
    this.bridged = true;
    this.enter(Phase.Answer);
    const keepAlive = !head.wantsClose && !this.ctx.draining();
    serveThroughNode(this.socket, head, keepAlive, this.ctx.handleWithNode, (again) => {
      this.bridged = false;
      if (this.phase === Phase.Closing) return;
      if (!again || this.ctx.draining()) {
        this.closeGracefully();
        return;
      }
      this.enter(Phase.Idle);
      this.pump();
    });
  }

  /** node:http takes the connection from here on, `rest` (the unanswered bytes) first. */
  private handOff(rest: Buffer): void {
    const { socket } = this;
    this.detach();
    socket.pause();
    if (rest.length) socket.unshift(rest);
    this.ctx.handOff(socket);
    socket.resume();
  }

  private detach(): void {
    const { socket } = this;
    socket.removeListener('data', this.onData);
    socket.removeListener('end', this.onEnd);
    socket.removeListener('error', this.onError);
    socket.removeListener('close', this.onClose);
    this.pending = undefined;
    this.ctx.forget(this);
  }

  /** The current request's answer is over (or it is being dropped): close, wait for its body, or go on. */
  requestEnded(req: WireRequest): void {
    if (req !== this.current || this.phase === Phase.Closing) return;
    this.record(req);
    if (req.closeAfter || this.ctx.draining()) {
      this.closeGracefully();
      return;
    }
    if (!req.bodyDone) {
      // The answer came before the body ended: the rest is read and dropped (WireRequest.drop).
      this.enter(Phase.Body);
      this.pump();
      return;
    }
    this.current = undefined;
    this.enter(Phase.Idle);
    this.pump();
  }

  private recorded: WireRequest | undefined;
  private record(req: WireRequest): void {
    if (this.recorded === req) return;
    this.recorded = req;
    const { head } = req;
    this.ctx.recorder.end(
      head.method,
      head.url,
      req.headSent ? req.status : 499,
      req.started,
      req.target,
      req.requestId,
    );
  }

  /** Ends our side after the answer; the client's remaining bytes are read and dropped for a while. */
  private closeGracefully(): void {
    this.enter(Phase.Closing);
    this.pending = undefined;
    this.socket.end();
    this.socket.resume();
    this.held = false;
    this.lingerTimer = setTimeout(() => this.socket.destroy(), LINGER_MS);
    this.lingerTimer.unref();
  }

  /** The client half-closed: as node:http does, an unanswered request is abandoned and our side ends. */
  private readonly onEnd = () => {
    const req = this.current;
    if (req && !req.ended) req.clientGone();
    if (this.phase !== Phase.Closing) this.closeGracefully();
  };

  private readonly onError = (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE')
      this.ctx.logger.debug({ err: err.code ?? err.message }, 'client connection error');
  };

  private readonly onClose = () => {
    clearTimeout(this.lingerTimer);
    const req = this.current;
    if (req) {
      req.clientGone();
      this.record(req);
    }
    this.current = undefined;
    this.pending = undefined;
    this.phase = Phase.Closing;
    this.ctx.forget(this);
  };

  /** A bug in the wire path costs this connection, never the process. */
  private crash(err: unknown): void {
    this.ctx.logger.error({ err }, 'unhandled error on a gateway connection');
    const req = this.current;
    if (req && !req.ended) {
      req.closeAfter = true;
      req.crashed();
    }
    if (this.phase !== Phase.Closing) this.closeGracefully();
  }

  /**
   * Called by the sweeper every `ms`: closes a connection that sat in one phase past its limit: idle past
   * the keep-alive timeout, a head not complete within the headers timeout (408), a body not complete
   * within the request timeout (408, or cut when the answer had started).
   */
  sweep(ms: number): void {
    if (this.seq !== this.lastSeq) {
      this.lastSeq = this.seq;
      this.stuckMs = 0;
      return;
    }
    this.stuckMs += ms;
    switch (this.phase) {
      case Phase.Idle:
        if (this.stuckMs >= this.ctx.keepAliveTimeoutMs) this.socket.destroy();
        break;
      case Phase.Head:
        if (this.stuckMs >= this.ctx.headersTimeoutMs) {
          this.enter(Phase.Closing);
          this.socket.end(TIMEOUT_408, 'latin1');
          this.socket.destroySoon();
        }
        break;
      case Phase.Body:
        if (this.stuckMs >= this.ctx.requestTimeoutMs) {
          const req = this.current;
          if (req && !req.ended) req.timedOut();
          else this.socket.destroy();
        }
        break;
    }
  }

  /** Stopping: an idle connection closes now; a busy one after its answer (requestEnded sees draining). */
  closeIfIdle(): void {
    if (this.phase === Phase.Idle && !this.current) this.socket.destroy();
  }
}
