import type { AdminUpdateUserInput, AdminUserRow } from '@noek/contracts';
import type { AdminContext } from '../../context';
import type { Actor } from '../access/require-admin';
import { actOnUser, viaAuth } from './run-admin-action';

/** Edit User: name, email, level (basic, premium, admin), special features, optional new password. */
export async function updateUser(
  ctx: AdminContext,
  actor: Actor,
  id: string,
  input: AdminUpdateUserInput,
  requestId: string | null,
): Promise<{ user: AdminUserRow }> {
  return actOnUser(
    ctx,
    { actor, targetId: id, action: 'user.updated', requestId, notSelf: input.accessLevel !== 'admin' },
    {
      snapshot: (u) => ({
        name: u.name,
        email: u.email,
        accessLevel: u.accessLevel,
        specialFeatures: u.specialFeatures,
      }),
      perform: viaAuth(ctx, (a) => ctx.auth.update(a, id, input)),
    },
  );
}
