import type { AdminBanInput, AdminUserRow } from '@noek/contracts';
import type { AdminContext } from '../../context';
import type { Actor } from '../access/require-admin';
import { isBannedAt, type DirectoryRow } from '../directory/directory.repository';
import { actOnUser, viaAuth } from './run-admin-action';

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
  return actOnUser(
    ctx,
    { actor, targetId: id, action: 'user.banned', requestId, notSelf: true },
    {
      snapshot: banSnapshot(ctx),
      perform: viaAuth(ctx, (a) => ctx.auth.ban(a, id, input)),
    },
  );
}

export async function unbanUser(
  ctx: AdminContext,
  actor: Actor,
  id: string,
  requestId: string | null,
): Promise<{ user: AdminUserRow }> {
  return actOnUser(
    ctx,
    { actor, targetId: id, action: 'user.unbanned', requestId },
    {
      snapshot: banSnapshot(ctx),
      perform: viaAuth(ctx, (a) => ctx.auth.unban(a, id)),
    },
  );
}
