import type { AdminUserRow, UserUsage } from '@noek/contracts';
import type { AdminContext } from '../../context';
import type { Actor } from '../access/require-admin';
import { isWindowOpen } from '../directory/directory.repository';
import { actOnUser } from './run-admin-action';
import type { DirectoryRow } from '../directory/directory.repository';

const usageSnapshot = (ctx: AdminContext) => (u: DirectoryRow) => ({
  messageCount: isWindowOpen(u, ctx.now()) ? u.messageCount : 0,
});

function performWith(ctx: AdminContext, id: string, call: () => Promise<UserUsage>) {
  return async () => {
    const usage = await call();
    const at = ctx.now();
    return {
      result: usage,
      apply: async ({ directory }: { directory: AdminContext['directory'] }) => {
        await directory.usageSet(id, usage, at);
        return directory.findById(id);
      },
    };
  };
}

/** Edit User Usage: chat sets the count (a closed window opens now). */
export async function updateUsage(
  ctx: AdminContext,
  actor: Actor,
  id: string,
  messageCount: number,
  requestId: string | null,
): Promise<{ user: AdminUserRow }> {
  return actOnUser(
    ctx,
    { actor, targetId: id, action: 'usage.updated', requestId },
    {
      snapshot: usageSnapshot(ctx),
      perform: performWith(ctx, id, () => ctx.chat.updateUsage(actor, id, messageCount)),
    },
  );
}

/** Reset: the count goes to 0 and a new window opens (decisions.md). */
export async function resetUsage(
  ctx: AdminContext,
  actor: Actor,
  id: string,
  requestId: string | null,
): Promise<{ user: AdminUserRow }> {
  return actOnUser(
    ctx,
    { actor, targetId: id, action: 'usage.reset', requestId },
    {
      snapshot: usageSnapshot(ctx),
      perform: performWith(ctx, id, () => ctx.chat.resetUsage(actor, id)),
    },
  );
}
