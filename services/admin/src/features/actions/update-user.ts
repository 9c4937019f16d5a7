import type { AdminUpdateUserInput, AdminUserRow } from '@noek/contracts';
import type { AdminContext } from '../../context';
import type { Actor } from '../access/require-admin';
import { toAdminUserRow } from '../directory/admin-user.view';
import { applyRecord, runAdminAction } from './run-admin-action';

/** Edit User: name, email, level (basic, premium, admin), special features, optional new password. */
export async function updateUser(
  ctx: AdminContext,
  actor: Actor,
  id: string,
  input: AdminUpdateUserInput,
  requestId: string | null,
): Promise<{ user: AdminUserRow }> {
  await runAdminAction(
    ctx,
    { actor, targetId: id, action: 'user.updated', requestId, notSelf: input.accessLevel !== 'admin' },
    {
      snapshot: (u) => ({
        name: u.name,
        email: u.email,
        accessLevel: u.accessLevel,
        specialFeatures: u.specialFeatures,
      }),
      perform: async () => {
        const user = await ctx.auth.update(actor.id, id, input);
        return { result: user, apply: applyRecord(ctx, user) };
      },
    },
  );
  return { user: await row(ctx, id) };
}

/** The target's row as the table shows it now. */
export async function row(ctx: AdminContext, id: string): Promise<AdminUserRow> {
  const [u, up] = await Promise.all([ctx.directory.findById(id), ctx.chat.isUp()]);
  if (!u) throw new Error(`user ${id} vanished from the read model`);
  return toAdminUserRow(u, ctx.now(), up);
}
