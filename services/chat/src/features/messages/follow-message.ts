import type { ChatContext } from '../../context';
import { toMessage } from '../conversations/conversation.mapper';
import type { ReplySink } from '../replies/reply-sink';
import { streamFrames } from '../replies/stream-frames';
import { ownedMessage, type MessageRef } from './owned-message';

/**
 * Re-attach: the reply so far, then live tokens until it ends. A reply no longer generated here is
 * sent as stored; one left `streaming` by a crashed process is marked interrupted first.
 */
export async function followMessage(ctx: ChatContext, ref: MessageRef, sink: ReplySink): Promise<void> {
  const { user, message } = await ownedMessage(ctx, ref);
  const live = ctx.registry.get(message.id);
  if (live) {
    const asStored = toMessage(message);
    sink.follow(live, (snapshot) =>
      streamFrames.snapshot({ ...asStored, content: snapshot, status: 'streaming' }),
    );
    return;
  }
  let row = message;
  if (row.status === 'streaming') {
    await ctx.messages.interruptStale(new Date(ctx.now().getTime() + 1), [row.id]);
    row = (await ctx.messages.findOwned(user.id, ref.conversationId, ref.messageId)) ?? row;
  }
  sink.send(streamFrames.snapshot(toMessage(row)));
  sink.send(streamFrames.done(toMessage(row)));
}
