import type { Request, Response } from 'express';
import {
  apiRoutes,
  encodeEventFrame,
  type Message,
  type RouteAnswer,
  type StreamEvent,
  type StreamStartedEvent,
} from '@noek/contracts';
import { sendContractAnswer, trackStream } from '@noek/service-kit';
import { modelMessages } from '../model/model.types';
import type { LiveReply, ReplyRegistry } from './reply-registry';
import type { ReplySink } from './reply-sink';
import { streamFrames } from './stream-frames';

/*
 * The HTTP side of a reply, for messages.routes.ts: a ReplySink over the response.
 *
 * Heartbeats: ONE, the gateway's (gateway/src/proxy/sse-heartbeat.ts, SSE_HEARTBEAT_MS, 30 s by
 * default). It is the hop that faces browsers and proxies, it sees every service's streams, and it only
 * writes between events. A second heartbeat here would only double the comments on the wire; the
 * service-to-gateway hop has no idle timeout once a stream started (gateway.failures.test.ts).
 */

export interface EventStream<E extends { type: string } = StreamEvent> {
  send(event: E): void;
  end(): void;
  readonly closed: boolean;
}

/**
 * Starts a server-sent event response (a reply's, an import's progress): unbuffered, uncompressed,
 * uncached. Send an event at once.
 */
export function openEventStream<E extends { type: string } = StreamEvent>(res: Response): EventStream<E> {
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
  res.once('close', () => (closed = true));
  return {
    send(event) {
      if (!closed) write(encodeEventFrame(event));
    },
    end() {
      if (!closed) res.end();
      closed = true;
    },
    get closed() {
      return closed;
    },
  };
}

/**
 * Follows `reply` to its end on `stream`. A client that goes away only unsubscribes: the reply goes on
 * being generated and stored (the point of the registry). A revoked session's stream is cut: the
 * client must sign in again, then it can re-attach.
 */
function followOnStream(
  res: Response,
  stream: EventStream,
  registry: ReplyRegistry,
  reply: LiveReply,
  first?: (snapshot: string) => StreamEvent,
): void {
  // Every revoked stream ends with the final event that says why (sign-out here or everywhere, ban).
  const endRevoked = () => {
    stream.send(streamFrames.sessionEnded(reply.asShown()));
    stream.end();
  };
  // The requester's session (requireUser set req.user): its sign-out ends this stream, not others'.
  res.once('close', registry.trackStream(reply.userId, endRevoked, res.req.user));
  if (registry.revokes(res.req.user)) return endRevoked();
  const { snapshot, unsubscribe } = reply.subscribe((event) => {
    if (event.type === 'token') stream.send(streamFrames.token(reply.messageId, event.text));
    else {
      stream.send(event.end);
      stream.end();
    }
  });
  if (first) stream.send(first(snapshot));
  res.once('close', unsubscribe);
}

/** The reply as an event stream (the chat screen asks for one; re-attach always answers one). */
export function eventStreamSink(res: Response, registry: ReplyRegistry): ReplySink {
  let stream: EventStream | undefined;
  const open = () => (stream ??= openEventStream(res));
  return {
    send(event) {
      const s = open();
      s.send(event);
      if (event.type === 'done' || event.type === 'error') s.end();
    },
    follow: (reply, first) => followOnStream(res, open(), registry, reply, first),
    failed(err, assistantMessage) {
      res.req.log.error({ err }, 'starting a reply failed');
      this.send(streamFrames.error(assistantMessage, modelMessages.upstream));
    },
  };
}

/** The routes whose answer is a reply (JSON or event stream): each declares its own JSON answer. */
export type ReplyRoute = (typeof apiRoutes.conversations)[
  'send' | 'retryMessage' | 'editMessage' | 'regenerateMessage' | 'continueMessage'];

/**
 * Plain JSON clients wait for the stored reply: one answer of `entry`'s response schema (a send's, or a
 * regenerate's whose `userMessage` is null). A failure to start is rethrown, so the route hands it to
 * the one error middleware (500, nothing internal).
 */
export function jsonSink(res: Response, entry: ReplyRoute = apiRoutes.conversations.send): ReplySink {
  let started: StreamStartedEvent | undefined;
  const answer = (assistantMessage: Message) => {
    // Checked against `entry`'s own schema under test; the answers differ only in `userMessage`.
    sendContractAnswer(
      res,
      entry as typeof apiRoutes.conversations.send,
      {
        userMessage: started?.userMessage ?? null,
        assistantMessage,
        conversation: started?.conversation,
      } as RouteAnswer<typeof apiRoutes.conversations.send>,
    );
  };
  return {
    send(event) {
      if (event.type === 'started') started = event;
      else if (event.type === 'done') answer(event.assistantMessage);
    },
    follow(reply) {
      void reply.settled.then((end) => answer(end.assistantMessage));
    },
    failed(err) {
      throw err;
    },
  };
}

/** True when the client asked for the event stream (the chat screen does; plain JSON clients wait). */
export function wantsEventStream(accept: string | undefined): boolean {
  return (accept ?? '').includes('text/event-stream');
}

/** The sink the client asked for by its Accept header. */
export function replySinkFor(
  req: Request,
  res: Response,
  registry: ReplyRegistry,
  entry: ReplyRoute,
): ReplySink {
  return wantsEventStream(req.headers.accept) ? eventStreamSink(res, registry) : jsonSink(res, entry);
}
