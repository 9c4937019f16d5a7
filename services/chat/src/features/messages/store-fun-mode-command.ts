import type { ChatContext } from '../../context';
import type { Conversation } from '../../generated/prisma/client';
import type { Exchange } from './exchange';
import { funModeReply } from './fun-mode';

export interface FunModeCommand {
  userId: string;
  conversation: Conversation;
  content: string;
  on: boolean;
}

/** A fun-mode command: switch, store the command and a local acknowledgement; no model call, not counted. */
export function storeFunModeCommand(ctx: ChatContext, input: FunModeCommand): Promise<Exchange> {
  return ctx.transaction(async ({ users, messages, conversations }) => {
    await users.setFunMode(input.userId, input.on);
    const userMessage = await messages.add(input.conversation.id, 'user', input.content.trim());
    const assistantMessage = await messages.add(input.conversation.id, 'assistant', funModeReply(input.on));
    const conversation = await conversations.touch(input.conversation.id, ctx.now());
    return { userMessage, assistantMessage, conversation, funMode: input.on, complete: true };
  });
}
