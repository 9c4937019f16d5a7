import type { TokenUsageReport } from '@noek/contracts';
import type { AdminContext } from '../../context';
import type { Actor } from '../access/require-admin';
import { findTarget } from '../actions/run-admin-action';

/**
 * One user's tokens per model and day, as chat stores them with each reply (chat's internal tokens route:
 * admin keeps no copy of them). An unknown user is a 404, not an empty table.
 */
export async function userTokens(
  ctx: AdminContext,
  actor: Actor,
  id: string,
  days: number,
): Promise<TokenUsageReport> {
  await findTarget(ctx, id);
  return ctx.chat.tokens(actor, id, days);
}
