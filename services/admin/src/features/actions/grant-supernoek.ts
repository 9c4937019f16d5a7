import { ValidationError } from '@noek/service-kit';
import type { AdminGrantSupernoekInput, AdminUserRow } from '@noek/contracts';
import type { AdminContext } from '../../context';
import type { Actor } from '../access/require-admin';
import { actOnUser, viaAuth } from './run-admin-action';

/**
 * Grant SuperNoek free, optionally until a date (auth owns the grant and ends it at expiry, returning the
 * previous level) and optionally with a notification email (default on).
 */
export async function grantSupernoek(
  ctx: AdminContext,
  actor: Actor,
  id: string,
  input: AdminGrantSupernoekInput,
  requestId: string | null,
): Promise<{ user: AdminUserRow }> {
  if (input.expiresAt !== null && new Date(input.expiresAt).getTime() <= ctx.now().getTime())
    throw new ValidationError('Some fields are not valid.', {
      'body.expiresAt': ['The expiry must be in the future'],
    });
  return actOnUser(
    ctx,
    { actor, targetId: id, action: 'supernoek.granted', requestId },
    {
      snapshot: (u) => ({
        accessLevel: u.accessLevel,
        supernoekExpiresAt: u.supernoekExpiresAt?.toISOString() ?? null,
      }),
      perform: viaAuth(ctx, (a) => ctx.auth.grant(a, id, input)),
    },
  );
}
