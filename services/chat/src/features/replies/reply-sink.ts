import type { Message, StreamEvent } from '@noek/contracts';
import type { LiveReply } from './reply-registry';

/**
 * Where a use case sends a reply's frames, without knowing HTTP: the routes file builds one over the
 * response (replies.routes.ts: an event stream, or a JSON answer when the client did not ask for one).
 */
export interface ReplySink {
  /** A frame to deliver now (a JSON sink keeps `started` and answers on the terminal frame). */
  send(event: StreamEvent): void;
  /**
   * Follows a reply being generated until it ends. `first` (re-attach) is the frame sent before the live
   * tokens, built from the content so far in the same tick, so no token is missed.
   */
  follow(reply: LiveReply, first?: (snapshot: string) => StreamEvent): void;
  /**
   * Starting the reply failed after the exchange was stored (`assistantMessage` is stored as failed):
   * a stream ends with an error frame; a JSON sink rethrows `err` to the error middleware.
   */
  failed(err: unknown, assistantMessage: Message): void;
}
