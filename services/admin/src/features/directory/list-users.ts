import type { AdminUserRow, AdminUsersQueryInput } from '@noek/contracts';
import type { AdminContext } from '../../context';
import { toAdminUserRow } from './admin-user.view';

/** Time-based changes (a ban or window ending) need no event: the ETag also changes once a minute. */
const TIME_BUCKET_MS = 60_000;

/** The list's ETag: directory version, chat reachable or not, the minute, and the query. */
export async function usersEtag(ctx: AdminContext, q: AdminUsersQueryInput): Promise<string> {
  const [version, chatUp] = await Promise.all([ctx.directory.version(), ctx.chat.isUp()]);
  const bucket = Math.floor(ctx.now().getTime() / TIME_BUCKET_MS);
  const key = `${q.search ?? ''}|${q.page}|${q.pageSize}`;
  return `W/"${version}-${chatUp ? 1 : 0}-${bucket}-${Buffer.from(key).toString('base64url')}"`;
}

/** One page of the admin table, searched on the server (name, email, level), with the total count. */
export async function listUsers(
  ctx: AdminContext,
  q: AdminUsersQueryInput,
): Promise<{ users: AdminUserRow[]; total: number }> {
  const [total, chatUp] = await Promise.all([totalOf(ctx, q.search ?? ''), ctx.chat.isUp()]);
  const rows = await ctx.directory.page(q, total);
  const now = ctx.now();
  return { users: rows.map((u) => toAdminUserRow(u, now, chatUp)), total };
}

/** Totals are kept TOTAL_TTL_MS per search: the count may lag a new user by that long, the page never. */
const TOTAL_TTL_MS = 5_000;
async function totalOf(ctx: AdminContext, search: string): Promise<number> {
  const now = ctx.now().getTime();
  const hit = ctx.totals.get(search);
  if (hit && now - hit.at < TOTAL_TTL_MS) return hit.total;
  const total = await ctx.directory.count(search || undefined);
  if (ctx.totals.size > 500) ctx.totals.clear();
  ctx.totals.set(search, { total, at: now });
  return total;
}
