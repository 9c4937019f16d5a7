import type { Message } from '@noek/contracts';
import type { ChatContext } from '../../context';
import { toMessage } from '../conversations/conversation.mapper';
import { ownedMessage, type MessageRef } from './owned-message';

/** Stop: aborts the model request, keeps the partial reply; answers the stored message. Idempotent. */
export async function stopMessage(ctx: ChatContext, ref: MessageRef): Promise<Message> {
  const { message } = await ownedMessage(ctx, ref);
  const end = await ctx.registry.stop(message.id);
  return end ? end.assistantMessage : toMessage(message);
}
