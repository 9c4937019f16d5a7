import type { AdminUserRow } from '@noek/contracts';
import type { AdminContext } from '../../context';
import type { Actor } from '../access/require-admin';
import { actOnUser, viaAuth } from './run-admin-action';

/** Block or unblock: a block stops the next message and ends open streams (auth revokes, chat cuts off). */
export async function setBlocked(
  ctx: AdminContext,
  actor: Actor,
  id: string,
  isBlocked: boolean,
  requestId: string | null,
): Promise<{ user: AdminUserRow }> {
  return actOnUser(
    ctx,
    {
      actor,
      targetId: id,
      action: isBlocked ? 'user.blocked' : 'user.unblocked',
      requestId,
      notSelf: isBlocked,
    },
    {
      snapshot: (u) => ({ isBlocked: u.isBlocked }),
      perform: viaAuth(ctx, (a) => ctx.auth.block(a, id, isBlocked)),
    },
  );
}
