import { NotFoundError } from '@noek/service-kit';
import type { AccessLevel, User } from '../../generated/prisma/client';
import type { AuthContext } from '../../context';
import { authEvents } from '../../events/auth-event-envelopes';
import { escapeHtml } from '../../mail/escape-html';
import type { Once } from './admin-request.repository';
import { NO_GRANT } from './user-admin.operations';

/**
 * Grant SuperNoek free (spec §6), owned by auth: the level becomes supernoek at once (access tokens carrying
 * the old level are refused, the browser renews into the new one; chat's limit follows from
 * auth.user.updated.v1), with an optional end and the level to return to. A grant on top of a grant keeps
 * the first return level.
 */
export async function grantSupernoek(
  ctx: AuthContext,
  id: string,
  input: { expiresAt: string | null; sendEmail: boolean },
  once?: Once,
): Promise<User> {
  const now = ctx.now();
  let repeat = false;
  const user = await ctx.transaction(async (tx) => {
    // A repeat of the admin service's request (same idempotency key): answered as is, mailed once.
    repeat = once ? (await tx.adminRequests.claim(once, now)) !== null : false;
    const before = await tx.users.findById(id);
    if (!before) throw new NotFoundError('User not found.');
    if (repeat) return before;
    const returnLevel: AccessLevel =
      before.supernoekGrantedAt !== null ? (before.supernoekGrantReturnLevel ?? 'basic') : before.accessLevel;
    const updated = await tx.users.update(
      id,
      {
        accessLevel: 'supernoek',
        supernoekGrantedAt: now,
        supernoekGrantExpiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        supernoekGrantReturnLevel: returnLevel === 'supernoek' ? 'basic' : returnLevel,
      },
      { revoke: before.accessLevel !== 'supernoek' && 'access-tokens', now },
    );
    await tx.publish(authEvents.updated(updated));
    return updated;
  });
  if (input.sendEmail && !repeat) await sendGrantEmail(ctx, user);
  return user;
}

async function sendGrantEmail(ctx: AuthContext, user: User): Promise<void> {
  const until = user.supernoekGrantExpiresAt
    ? `until ${user.supernoekGrantExpiresAt.toUTCString()}`
    : 'with no end date';
  const text = `Hello ${user.name},\n\nYou have been granted the SuperNoek plan ${until}.\n\nEnjoy Noek!`;
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: 'SuperNoek Granted',
      text,
      html: `<p>Hello ${escapeHtml(user.name)},</p><p>You have been granted the SuperNoek plan ${until}.</p><p>Enjoy Noek!</p>`,
    });
  } catch (err) {
    // The grant holds either way; a failed notification is logged, not a failed grant.
    ctx.logger.warn({ err, userId: user.id }, 'grant notification email failed');
  }
}

/**
 * Ends every grant whose expiry has passed: the level returns to what it was (or stays supernoek while a
 * paid subscription holds it). Each user in its own transaction with its event.
 */
export async function expireDueGrants(ctx: AuthContext): Promise<number> {
  const now = ctx.now();
  let expired = 0;
  for (const id of await ctx.repos.users.grantsDue(now)) if (await endGrant(ctx, id, now)) expired += 1;
  return expired;
}

async function endGrant(ctx: AuthContext, id: string, now: Date): Promise<boolean> {
  return ctx.transaction(async (tx) => {
    const user = await tx.users.findById(id);
    const end = user?.supernoekGrantExpiresAt;
    if (!user || user.supernoekGrantedAt === null || !end || end.getTime() > now.getTime()) return false;
    const level: AccessLevel = user.paidSupernoek ? 'supernoek' : (user.supernoekGrantReturnLevel ?? 'basic');
    const updated = await tx.users.update(
      id,
      { accessLevel: level, ...NO_GRANT },
      { revoke: level !== user.accessLevel && 'access-tokens', now },
    );
    await tx.publish(authEvents.updated(updated));
    return true;
  });
}

/**
 * Lifts every timed ban whose end has passed, with its auth.user.updated.v1, so chat (which keeps its own
 * copy of the standing) lets the user send again. Sign-in already ignores an ended ban (activeBan).
 */
export async function liftEndedBans(ctx: AuthContext): Promise<number> {
  const now = ctx.now();
  let lifted = 0;
  for (const id of await ctx.repos.users.bansEnded(now)) {
    const done = await ctx.transaction(async (tx) => {
      const user = await tx.users.findById(id);
      if (!user?.isBanned || !user.bannedUntil || user.bannedUntil.getTime() > now.getTime()) return false;
      const updated = await tx.users.update(
        id,
        { isBanned: false, banReason: null, bannedAt: null, bannedUntil: null },
        { revoke: false, now },
      );
      await tx.publish(authEvents.updated(updated));
      return true;
    });
    if (done) lifted += 1;
  }
  return lifted;
}

/** Everything that ends by time: grants and timed bans. */
export async function expireDue(ctx: AuthContext): Promise<number> {
  return (await expireDueGrants(ctx)) + (await liftEndedBans(ctx));
}

/**
 * The periodic sweep that ends grants (and timed bans) at expiry even when no request arrives. Returns stop(). To be
 * started by auth's service start() (the admin service also asks for it through the internal route).
 */
export function startGrantExpirySweep(ctx: AuthContext, intervalMs = 15_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expireDue(ctx)
      .catch((err: unknown) => ctx.logger.error({ err }, 'grant expiry sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
