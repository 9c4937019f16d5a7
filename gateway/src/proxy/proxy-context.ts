import type { Logger } from '@noek/service-kit';
import type { RequestHead } from '../http/request-head';
import type { FailureKind } from './failures';

/** What the gateway keeps of the request that opened a stream: its headers carry the access token. */
export type StreamOpener = Pick<RequestHead, 'headers'>;

/** What every proxied request shares: limits, the gateway's own headers, logging, metrics, open streams. */
export interface ProxyContext {
  /** Bound on silence within a non-stream response (undici's pool bounds the wait for its headers). */
  timeoutMs: number;
  maxBodyBytes: number;
  /** File upload routes (contracts fileUploadPaths): their own body limit and answer timeout. */
  uploads: { paths: ReadonlySet<string>; maxBytes: number; timeoutMs: number };
  sseHeartbeatMs: number;
  proto: 'http' | 'https';
  /** Response headers the gateway sets itself (security headers, x-request-id), lower-cased. */
  ownedResponseHeaders: Set<string>;
  /** The security headers as a flat [name, value, ...] list: first on every relayed answer. */
  ownHeaders: readonly string[];
  logger: Logger;
  onFailure(service: string, kind: FailureKind | 'client-abort' | 'too-large'): void;
  /**
   * Open event streams (their end functions) with the request that opened each: ended when the gateway
   * shuts down, or when auth revokes the stream's token (security/gateway-revocations.ts).
   */
  streams: Map<() => void, StreamOpener>;
}
