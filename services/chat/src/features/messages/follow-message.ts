import type { ChatContext } from '../../context';
import { toMessage } from '../conversations/conversation.mapper';
import type { ReplySink } from '../replies/reply-sink';
import { streamFrames } from '../replies/stream-frames';
import { mirrorStoredReply } from '../replies/stored-reply-mirror';
import { ownedMessage, type MessageRef } from './owned-message';

/** How often a re-attached client of a reply written elsewhere gets the newly stored text. */
const MIRROR_POLL_MS = 100;

/**
 * Re-attach: the reply so far, then new text until it ends. A reply written by this process is followed
 * live; one written by another replica (or left by a process that died, until its lease runs out) is
 * followed from the database; a finished one is sent as stored.
 */
export async function followMessage(ctx: ChatContext, ref: MessageRef, sink: ReplySink): Promise<void> {
  const { user, message } = await ownedMessage(ctx, ref);
  const asStored = toMessage(message);
  const snapshot = (text: string) =>
    streamFrames.snapshot({ ...asStored, content: text, status: 'streaming' });
  const live = ctx.registry.get(message.id);
  if (live) return sink.follow(live, snapshot);
  if (message.status === 'streaming') {
    const read = async () => {
      const row = await ctx.messages.findOwned(user.id, ref.conversationId, ref.messageId);
      return row && toMessage(row);
    };
    const onError = (err: unknown) =>
      ctx.logger.warn({ err }, 'following a stored reply: database unreachable');
    return sink.follow(
      mirrorStoredReply(asStored, user.id, { read, pollMs: MIRROR_POLL_MS, onError }),
      snapshot,
    );
  }
  sink.send(streamFrames.snapshot(asStored));
  sink.send(streamFrames.done(asStored));
}
