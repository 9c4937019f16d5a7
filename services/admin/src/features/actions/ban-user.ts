import type { AdminBanInput, AdminUserRow } from '@noek/contracts';
import type { AdminContext } from '../../context';
import type { Actor } from '../access/require-admin';
import { isBannedAt, type DirectoryRow } from '../directory/directory.repository';
import { applyRecord, runAdminAction } from './run-admin-action';
import { row } from './update-user';

const banSnapshot = (ctx: AdminContext) => (u: DirectoryRow) => ({
  isBanned: isBannedAt(u, ctx.now()),
  banReason: u.banReason,
  bannedUntil: u.bannedUntil?.toISOString() ?? null,
});

/** Ban with a reason for whole hours (>= 1) or for good: sign-in refused with both, sessions ended. */
export async function banUser(
  ctx: AdminContext,
  actor: Actor,
  id: string,
  input: AdminBanInput,
  requestId: string | null,
): Promise<{ user: AdminUserRow }> {
  await runAdminAction(
    ctx,
    { actor, targetId: id, action: 'user.banned', requestId, notSelf: true },
    {
      snapshot: banSnapshot(ctx),
      perform: async () => {
        const user = await ctx.auth.ban(actor.id, id, input);
        return { result: user, apply: applyRecord(ctx, user) };
      },
    },
  );
  return { user: await row(ctx, id) };
}

export async function unbanUser(
  ctx: AdminContext,
  actor: Actor,
  id: string,
  requestId: string | null,
): Promise<{ user: AdminUserRow }> {
  await runAdminAction(
    ctx,
    { actor, targetId: id, action: 'user.unbanned', requestId },
    {
      snapshot: banSnapshot(ctx),
      perform: async () => {
        const user = await ctx.auth.unban(actor.id, id);
        return { result: user, apply: applyRecord(ctx, user) };
      },
    },
  );
  return { user: await row(ctx, id) };
}
