import type { RequestHead } from '../http/request-head';

/** Receives a request's body as it arrives. */
export interface BodySink {
  onBodyData(chunk: Buffer): void;
  onBodyEnd(): void;
}

/** Told when the client goes away before the answer has ended (an object: no closure per request). */
export interface GoneListener {
  onClientGone(): void;
}

/** How the response body that follows a head is framed towards the client. */
export type ResponseFraming = 'none' | 'length' | 'chunked';

/**
 * The client's side of one proxied request, as the exchange (proxy/exchange.ts) sees it. Two front ends
 * implement it: node:http's request and response (proxy/node-downstream.ts), for connections node:http
 * serves, and the wire path's (wire/wire-request.ts), for /api requests read straight off the socket.
 */
export interface Downstream {
  readonly head: RequestHead & { readonly method: string; readonly url: string };
  readonly requestId: string;
  readonly clientIp: string;
  /** A body follows the head (a declared length above 0, or chunked). */
  readonly hasBody: boolean;
  /** Starts delivering the body to `sink` (after a 100 Continue when the client waits for one). */
  readBody(sink: BodySink): void;
  pauseBody(): void;
  resumeBody(): void;
  /** The response head has been sent (or queued): too late for a status. */
  readonly headSent: boolean;
  /**
   * Sends the response head: the gateway's own headers (security headers, X-Request-Id) first, then
   * `headers`. False when it cannot be sent (e.g. a status the front end refuses).
   */
  sendHead(status: number, reason: string, headers: string[], framing: ResponseFraming): boolean;
  /** Puts a queued head on the wire now (event streams: the client sees the stream open). */
  flush(): void;
  /**
   * Writes body bytes; false when the client is not keeping up: wait for onDrain. A Buffer is borrowed
   * (valid during the call only): whatever is still queued after the call must be a copy.
   */
  write(chunk: Buffer | string): boolean;
  onDrain(resume: () => void): void;
  end(): void;
  /** Cuts the connection: a response that started cannot be finished, it must not look complete. */
  abort(): void;
  /** A JSON error answer from the gateway itself (security headers, request id); aborts if too late. */
  refuse(status: number, code: string, message: string, headers?: Record<string, string>): void;
  /** Told once if the client goes away before the response has ended. */
  onGone(listener: GoneListener): void;
}
