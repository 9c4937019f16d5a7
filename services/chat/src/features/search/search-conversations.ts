import type { SearchResult } from '@noek/contracts';
import type { AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { sessionUser } from '../users/session-user';
import { toPrefixTsquery } from './prefix-tsquery';

/** The signed-in user's conversations matching `q` (titles and message text), best first. */
export async function searchConversations(
  ctx: ChatContext,
  auth: AuthUser,
  input: { q: string; archived: boolean; limit: number },
): Promise<SearchResult[]> {
  const user = await sessionUser(ctx, auth);
  const tsquery = toPrefixTsquery(input.q);
  if (tsquery === null) return [];
  const rows = await ctx.search.search(user.id, tsquery, { archived: input.archived, limit: input.limit });
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}
