import { errorCodes } from '@noek/contracts';
import { ConflictError } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import type { ReplySink } from '../replies/reply-sink';
import { ownedMessage, type MessageRef } from './owned-message';
import { sendMessage } from './send-message';

export const NOT_EDITABLE = 'Only your own messages can be edited.';

export interface EditMessageInput extends MessageRef {
  content: string;
  correlationId: string;
}

/**
 * Edit: a new user message beside the edited one (same parent) and a new reply under it, shown from
 * now on; the old branch stays reachable. Everything else is a send: the same checks (another user's
 * message reads as missing, 404; the usage limit, 429, stores nothing), the same count, the same reply.
 */
export async function editMessage(ctx: ChatContext, input: EditMessageInput, sink: ReplySink): Promise<void> {
  const { message } = await ownedMessage(ctx, input);
  if (message.role !== 'user') throw new ConflictError(NOT_EDITABLE, errorCodes.notEditable);
  await sendMessage(
    ctx,
    {
      user: input.user,
      conversationId: input.conversationId,
      content: input.content,
      correlationId: input.correlationId,
      editOf: { parentId: message.parentId },
    },
    sink,
  );
}
