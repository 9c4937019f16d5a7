import type { AdminContext } from '../../context';

/**
 * A page is 500 users, two statements each: on a busy machine or a distant database that outlasts the
 * default 5 s transaction, and a copy that fails on its first page would never complete.
 */
const PAGE_TRANSACTION = { timeout: 60_000 };

/**
 * Copies every user from auth's internal API into the read model (keyset pages of 500), so the table is
 * complete even for users whose events predate this service or left the stream. Run at start-up in the
 * background; events keep it current afterwards.
 */
export async function syncDirectory(ctx: AdminContext): Promise<number> {
  let after: string | undefined;
  let copied = 0;
  for (;;) {
    const page = await ctx.auth.list(after, 500);
    if (page.length === 0) break;
    const now = ctx.now();
    await ctx.transaction(async ({ directory }) => {
      for (const u of page) await directory.record(u, now);
    }, PAGE_TRANSACTION);
    copied += page.length;
    after = page[page.length - 1]!.id;
  }
  await ctx.directory.markSynced(ctx.now());
  return copied;
}
