import type { ChatContext } from '../../context';
import type { Conversation } from '../../generated/prisma/client';
import type { Exchange } from './exchange';
import { funModeReply } from './fun-mode';

export interface FunModeCommand {
  userId: string;
  conversation: Conversation;
  content: string;
  on: boolean;
  /** Typed as an edit: stored beside the edited message instead of at the end of the path. */
  editOf?: { parentId: number | null };
}

/** A fun-mode command: switch, store the command and a local acknowledgement; no model call, not counted. */
export function storeFunModeCommand(ctx: ChatContext, input: FunModeCommand): Promise<Exchange> {
  return ctx.transaction(async ({ users, messages, conversations, tree }) => {
    const id = input.conversation.id;
    await users.setFunMode(input.userId, input.on);
    // Stored at the end of the path shown, like any message.
    const parentId = input.editOf ? input.editOf.parentId : await tree.leaf(id);
    const userMessage = await messages.add(id, parentId, 'user', input.content.trim());
    const assistantMessage = await messages.add(id, userMessage.id, 'assistant', funModeReply(input.on));
    await tree.setLeaf(input.userId, id, assistantMessage.id);
    const conversation = await conversations.touch(id, ctx.now());
    return { userMessage, assistantMessage, conversation, funMode: input.on, complete: true };
  });
}
