import { randomBytes } from 'node:crypto';
import { ConflictError, isUniqueViolation, NotFoundError } from '@noek/service-kit';
import { banEndsAt, errorCodes, type AdminBanInput, type AdminUpdateUserInput } from '@noek/contracts';
import type { UnitScope } from '@noek/service-kit';
import type { Prisma, User } from '../../generated/prisma/client';
import type { AuthContext } from '../../context';
import type { AuthRepositories } from '../../database';
import { hashPassword } from '../../crypto/password';
import { authEvents } from '../../events/auth-event-envelopes';
import type { Done, Once } from './admin-request.repository';

/** The grant columns cleared. */
export const NO_GRANT = {
  supernoekGrantedAt: null,
  supernoekGrantExpiresAt: null,
  supernoekGrantReturnLevel: null,
} as const;

/**
 * What an admin can do to a user, for the admin API to call (over HTTP or NATS request/reply, to be
 * wired with the admin service). Each runs in one transaction with its auth.user.updated.v1, and
 * every change that alters what a session grants (level, password, block, ban) revokes the user's
 * sessions at once. Audit logging is the admin service's.
 */

/**
 * Runs an action on one user in one transaction. With `once` (the admin service's idempotency key) the
 * action is done at most once: a repeat answers `replay` of the user as they are now and the earlier
 * outcome, instead of acting again.
 */
async function inTx<T>(
  ctx: AuthContext,
  id: string,
  fn: (tx: UnitScope<AuthRepositories>, user: User) => Promise<T>,
  once?: { key: Once; replay: (user: User, done: Done) => T },
): Promise<T> {
  return ctx.transaction(async (tx) => {
    // Claimed first: a retry racing the first attempt waits here, then reads the user as it left them.
    const done = once ? await tx.adminRequests.claim(once.key, ctx.now()) : null;
    const user = await tx.users.findById(id);
    if (!user) throw new NotFoundError('User not found.');
    if (once && done) return once.replay(user, done);
    return fn(tx, user);
  });
}

/** A user action's repeat answers the user as they are now (the first attempt's change included). */
const asNow = (key: Once | undefined) => (key ? { key, replay: (user: User) => user } : undefined);

/** Hashing is the slow part: skipped when the action was already done under this key. */
async function hashUnlessDone(ctx: AuthContext, password: string, key?: Once): Promise<string | undefined> {
  if (key && (await ctx.repos.adminRequests.done(key))) return undefined;
  return hashPassword(password);
}

// Any fixed number: one lock for every change that can take an admin out (ban, block, demote).
const LAST_ADMIN_LOCK = 70_424_202;

/**
 * Refuses a change that would leave no active admin. Two admins removing each other at once would each
 * count the other as still active and both succeed, so the check and the change are serialised: a
 * transaction-scoped advisory lock, held until the change commits; the count after it (READ COMMITTED:
 * a fresh snapshot per statement) sees every removal committed before.
 */
async function keepAnAdmin(tx: UnitScope<AuthRepositories>, target: User, ctx: AuthContext): Promise<void> {
  if (target.accessLevel !== 'admin') return;
  await tx.users.lock(LAST_ADMIN_LOCK);
  const others = await tx.users.countOtherActiveAdmins(target.id, ctx.now());
  if (others === 0) throw new ConflictError('The last admin cannot be removed.', errorCodes.lastAdmin);
}

/** Edit User (spec §6): name, email, level, special features, optional new password (must change it). */
export async function adminUpdateUser(
  ctx: AuthContext,
  id: string,
  input: AdminUpdateUserInput,
  once?: Once,
): Promise<User> {
  const passwordHash = input.newPassword ? await hashUnlessDone(ctx, input.newPassword, once) : undefined;
  try {
    return await inTx(
      ctx,
      id,
      async (tx, before) => {
        if (input.newPassword && !passwordHash)
          throw new Error('a new password reached its change without a hash');
        const levelChanged = before.accessLevel !== input.accessLevel;
        if (levelChanged && input.accessLevel !== 'admin') await keepAnAdmin(tx, before, ctx);
        const patch: Prisma.UserUpdateInput = {
          name: input.name,
          email: input.email,
          accessLevel: input.accessLevel,
          specialFeatures: input.specialFeatures,
          // An admin-set level is neither a paid one nor a grant any more.
          ...(levelChanged ? { paidSupernoek: false, ...NO_GRANT } : {}),
          ...(passwordHash ? { passwordHash, mustChangePassword: true } : {}),
        };
        const user = await tx.users.update(id, patch, {
          // A new password ends every session; a new level only the tokens that carry the old one.
          revoke: passwordHash ? true : levelChanged && 'access-tokens',
          now: ctx.now(),
        });
        await tx.publish(authEvents.updated(user));
        return user;
      },
      asNow(once),
    );
  } catch (err) {
    if (isUniqueViolation(err))
      throw new ConflictError('An account with this email already exists', errorCodes.emailTaken);
    throw err;
  }
}

/** A strong generated password (shown once to the admin); the user must change it at next sign-in. */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * A new generated password; with `once`, a repeat of the same request answers the same password (kept
 * sealed under the key for the admin service's retry), so a lost answer never loses the password.
 */
export async function adminResetPassword(
  ctx: AuthContext,
  id: string,
  once?: Once,
): Promise<{ newPassword: string }> {
  const newPassword = generatePassword();
  const passwordHash = await hashUnlessDone(ctx, newPassword, once);
  return inTx(
    ctx,
    id,
    async (tx) => {
      if (!passwordHash) throw new Error('a password reset reached its change without a hash');
      const user = await tx.users.update(
        id,
        { passwordHash, mustChangePassword: true },
        { revoke: true, now: ctx.now() },
      );
      await tx.publish(authEvents.updated(user));
      if (once) await tx.adminRequests.keepSecret(once, newPassword);
      return { newPassword };
    },
    once && { key: once, replay: (_user, done) => ({ newPassword: secretOf(done) }) },
  );
}

function secretOf(done: Done): string {
  if (done.secret === null) throw new Error('a password reset was recorded without its password');
  return done.secret;
}

/** Block or unblock (blocked users can sign in but cannot send: chat enforces it from the event). */
export async function adminSetBlocked(
  ctx: AuthContext,
  id: string,
  isBlocked: boolean,
  once?: Once,
): Promise<User> {
  return inTx(
    ctx,
    id,
    async (tx, before) => {
      if (isBlocked) await keepAnAdmin(tx, before, ctx);
      const user = await tx.users.update(id, { isBlocked }, { revoke: isBlocked, now: ctx.now() });
      await tx.publish(authEvents.updated(user));
      return user;
    },
    asNow(once),
  );
}

export async function adminBan(
  ctx: AuthContext,
  id: string,
  input: AdminBanInput,
  once?: Once,
): Promise<User> {
  const now = ctx.now();
  return inTx(
    ctx,
    id,
    async (tx, before) => {
      await keepAnAdmin(tx, before, ctx);
      const user = await tx.users.update(
        id,
        {
          isBanned: true,
          banReason: input.reason,
          bannedAt: now,
          bannedUntil: banEndsAt(now, input.duration),
        },
        { revoke: true, now },
      );
      await tx.publish(authEvents.updated(user));
      return user;
    },
    asNow(once),
  );
}

export async function adminUnban(ctx: AuthContext, id: string, once?: Once): Promise<User> {
  return inTx(
    ctx,
    id,
    async (tx) => {
      const user = await tx.users.update(
        id,
        { isBanned: false, banReason: null, bannedAt: null, bannedUntil: null },
        { revoke: false, now: ctx.now() },
      );
      await tx.publish(authEvents.updated(user));
      return user;
    },
    asNow(once),
  );
}
