import type { Conversation } from '@noek/contracts';
import { ConflictError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { sessionUser } from '../users/session-user';
import { listPinned } from './pinned-conversations';

/**
 * Puts the user's pins in the given order. The ids must be exactly the pins of the visible list (another
 * tab may have pinned or unpinned meanwhile: then nothing changes and the client reloads).
 */
export async function reorderPins(ctx: ChatContext, auth: AuthUser, ids: number[]): Promise<Conversation[]> {
  const user = await sessionUser(ctx, auth);
  return ctx.transaction(async (tx) => {
    const visible = (await tx.pins.listConversations(user.id)).map((c) => c.id);
    const same = visible.length === ids.length && ids.every((id) => visible.includes(id));
    if (!same) throw new ConflictError('The pinned conversations changed. Reload and try again.');
    await tx.pins.setOrder(user.id, ids);
    return listPinned(tx, user.id, user.funMode);
  });
}
