import type { Response } from 'express';
import { encodeStreamEvent, type StreamEvent } from '@noek/contracts';
import { trackStream } from '@noek/service-kit';
import type { LiveReply, ReplyRegistry } from './reply-registry';

/** Comment frames keep proxies from closing an idle stream (security notes: at least every 30-60 s). */
export const HEARTBEAT_MS = 15_000;

export interface EventStream {
  send(event: StreamEvent): void;
  end(): void;
  readonly closed: boolean;
}

/** Starts a server-sent event response: unbuffered, uncompressed, uncached, with heartbeats. Send an event at once. */
export function openEventStream(res: Response): EventStream {
  res.status(200);
  res.set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
    Connection: 'keep-alive',
  });
  trackStream(res);
  let closed = false;
  // The headers leave with the first event, in one socket write and at once (every caller sends its
  // first event right away: `started` or `snapshot`). Later events produced in the same turn (a burst
  // of tokens) leave together in one write: fewer syscalls.
  let first = true;
  let corked = false;
  const write = (text: string) => {
    if (first) {
      first = false;
      res.write(text);
      return;
    }
    if (!corked) {
      corked = true;
      res.cork();
      setImmediate(() => {
        corked = false;
        res.uncork();
      });
    }
    res.write(text);
  };
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  res.once('close', () => {
    closed = true;
    clearInterval(heartbeat);
  });
  return {
    send(event) {
      if (!closed) write(encodeStreamEvent(event));
    },
    end() {
      clearInterval(heartbeat);
      if (!closed) res.end();
      closed = true;
    },
    get closed() {
      return closed;
    },
  };
}

/**
 * Sends `first` then follows `reply` to its end. A client that goes away only unsubscribes: the
 * reply goes on being generated and stored (the point of the registry).
 */
export function pipeReply(
  res: Response,
  reply: LiveReply,
  first: (snapshot: string) => StreamEvent,
  registry?: ReplyRegistry,
): void {
  followReply(res, openEventStream(res), reply, first, registry);
}

/** pipeReply on a stream already open (sending puts `started` on the wire before the model call starts). */
export function followReply(
  res: Response,
  stream: EventStream,
  reply: LiveReply,
  first?: (snapshot: string) => StreamEvent,
  registry?: ReplyRegistry,
): void {
  // A revoked session's stream is cut: the client must sign in again, then it can re-attach.
  const untrack = registry?.trackStream(reply.userId, () => stream.end());
  if (untrack) res.once('close', untrack);
  const { snapshot, unsubscribe } = reply.subscribe((event) => {
    if (event.type === 'token') stream.send({ type: 'token', messageId: reply.messageId, text: event.text });
    else {
      stream.send(event.end);
      stream.end();
    }
  });
  if (first) stream.send(first(snapshot));
  res.once('close', unsubscribe);
}

/** True when the client asked for the event stream (the chat screen does; plain JSON clients wait). */
export function wantsEventStream(accept: string | undefined): boolean {
  return (accept ?? '').includes('text/event-stream');
}
