import { tokenUsageSchema, type TokenUsageReport } from '@noek/contracts';
import type { ChatContext } from '../../context';

const DAY_MS = 86_400_000;

/** A user's tokens per model and day for the last `days` days (UTC, today included). */
export async function listTokenUsage(
  ctx: Pick<ChatContext, 'tokenUsage' | 'now'>,
  userId: string,
  days: number,
): Promise<TokenUsageReport> {
  const today = Math.floor(ctx.now().getTime() / DAY_MS) * DAY_MS;
  const since = new Date(today - (days - 1) * DAY_MS);
  return tokenUsageSchema.parse({ rows: await ctx.tokenUsage.perModelAndDay(userId, since) });
}
