import type { Message } from '@noek/contracts';
import type { ChatContext } from '../../context';
import { toMessage } from '../conversations/conversation.mapper';
import { ownedMessage, type MessageRef } from './owned-message';

/** How long Stop waits for another replica to store the stopped reply (it sees the request within a lease third). */
const REMOTE_STOP_WAIT_MS = 10_000;
const POLL_MS = 100;

/**
 * Stop: aborts the model request, keeps the partial reply; answers the stored message. Idempotent.
 * A reply another replica writes is asked to stop through its row; the answer waits for it to be stored.
 */
export async function stopMessage(ctx: ChatContext, ref: MessageRef): Promise<Message> {
  const { user, message } = await ownedMessage(ctx, ref);
  const end = await ctx.registry.stop(message.id);
  if (end) return end.assistantMessage;
  if (message.status !== 'streaming') return toMessage(message);
  await ctx.messages.requestStop(message.id);
  const deadline = Date.now() + REMOTE_STOP_WAIT_MS;
  let row = message;
  while (row.status === 'streaming' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    row = (await ctx.messages.findOwned(user.id, ref.conversationId, ref.messageId)) ?? row;
  }
  return toMessage(row);
}
