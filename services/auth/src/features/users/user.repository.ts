import type { AccessLevel, Prisma, PrismaClient, User } from '../../generated/prisma/client';
import { revocationTime } from '../../crypto/jwt';

type Db = PrismaClient | Prisma.TransactionClient;

/** What a write revokes: nothing, the access tokens only (a level change), or every session (`true`). */
export type Revoke = boolean | 'access-tokens';

/** Marks the user's unused reset links used: they answer 'already used' from now on. */
export async function retireResetLinks(db: Db, userId: string, now: Date): Promise<number> {
  const r = await db.emailToken.updateMany({
    where: { userId, purpose: 'reset_password', usedAt: null },
    data: { usedAt: now },
  });
  return r.count;
}

/**
 * All reads and writes of users. Every write that changes what a token grants goes through `updateUser`
 * with a `revoke` mode, in the same transaction: `true` (password, block, ban, sign out everywhere) moves
 * sessionsValidAfter and ends every session (refresh tokens, pending reset links); `'access-tokens'` (a
 * level change) moves sessionsValidAfter only, so every access token carrying the old level is refused at
 * once while each browser keeps its session and renews into a token with the new level.
 */
export const userRepository = {
  findByEmail(db: Db, email: string): Promise<User | null> {
    return db.user.findUnique({ where: { email: email.toLowerCase() } });
  },

  findById(db: Db, id: string): Promise<User | null> {
    return db.user.findUnique({ where: { id } });
  },

  findByIds(db: Db, ids: string[]): Promise<User[]> {
    return ids.length === 0 ? Promise.resolve([]) : db.user.findMany({ where: { id: { in: ids } } });
  },

  create(
    db: Db,
    input: {
      name: string;
      email: string;
      passwordHash: string;
      accessLevel?: AccessLevel;
      verifiedAt?: Date | null;
    },
  ): Promise<User> {
    return db.user.create({
      data: {
        name: input.name,
        email: input.email.toLowerCase(),
        passwordHash: input.passwordHash,
        accessLevel: input.accessLevel ?? 'basic',
        emailVerifiedAt: input.verifiedAt ?? null,
      },
    });
  },

  countAdmins(db: Db): Promise<number> {
    return db.user.count({ where: { accessLevel: 'admin' } });
  },

  /** Admins other than `id` who can still act (not blocked, no ban in force at `now`). */
  countOtherActiveAdmins(db: Db, id: string, now: Date): Promise<number> {
    return db.user.count({
      where: {
        id: { not: id },
        accessLevel: 'admin',
        isBlocked: false,
        OR: [{ isBanned: false }, { bannedUntil: { lte: now } }],
      },
    });
  },

  /** A transaction-scoped advisory lock: serialises the changes that take the same key. */
  async lock(db: Db, key: number): Promise<void> {
    await db.$executeRaw`SELECT pg_advisory_xact_lock(${key})`;
  },

  /** One page of users by id (the admin service's directory sync). */
  list(db: Db, after: string | undefined, limit: number): Promise<User[]> {
    return db.user.findMany({
      where: after ? { id: { gt: after } } : {},
      orderBy: { id: 'asc' },
      take: limit,
    });
  },

  /** Users whose SuperNoek grant has ended by `now` (a batch). */
  async grantsDue(db: Db, now: Date): Promise<string[]> {
    const rows = await db.user.findMany({
      where: { supernoekGrantedAt: { not: null }, supernoekGrantExpiresAt: { lte: now } },
      select: { id: true },
      take: 500,
    });
    return rows.map((r) => r.id);
  },

  /** Users whose timed ban has ended by `now` (a batch). */
  async bansEnded(db: Db, now: Date): Promise<string[]> {
    const rows = await db.user.findMany({
      where: { isBanned: true, bannedUntil: { lte: now } },
      select: { id: true },
      take: 500,
    });
    return rows.map((r) => r.id);
  },

  /** Applies a patch; `revoke` ends the user's access tokens (and with `true` every session) now. */
  async updateUser(
    db: Db,
    id: string,
    patch: Prisma.UserUpdateInput,
    opts: { revoke: Revoke; now: Date },
  ): Promise<User> {
    const data: Prisma.UserUpdateInput = { ...patch };
    if (opts.revoke) {
      const current = await db.user.findUnique({ where: { id }, select: { sessionsValidAfter: true } });
      data.sessionsValidAfter = revocationTime(opts.now, current?.sessionsValidAfter);
    }
    if (opts.revoke === true) {
      await db.session.updateMany({ where: { userId: id, revokedAt: null }, data: { revokedAt: opts.now } });
      // A reset link mailed before a password change, reset, block or ban must not outlive it.
      await retireResetLinks(db, id, opts.now);
    }
    return db.user.update({ where: { id }, data });
  },
};

/** The users repository bound to one client (the pool, or a transaction in a unit of work). */
export function createUserRepository(db: Db) {
  return {
    findByEmail: (email: string) => userRepository.findByEmail(db, email),
    findById: (id: string) => userRepository.findById(db, id),
    findByIds: (ids: string[]) => userRepository.findByIds(db, ids),
    create: (input: Parameters<typeof userRepository.create>[1]) => userRepository.create(db, input),
    countAdmins: () => userRepository.countAdmins(db),
    countOtherActiveAdmins: (id: string, now: Date) => userRepository.countOtherActiveAdmins(db, id, now),
    lock: (key: number) => userRepository.lock(db, key),
    list: (after: string | undefined, limit: number) => userRepository.list(db, after, limit),
    grantsDue: (now: Date) => userRepository.grantsDue(db, now),
    bansEnded: (now: Date) => userRepository.bansEnded(db, now),
    update: (id: string, patch: Prisma.UserUpdateInput, opts: { revoke: Revoke; now: Date }) =>
      userRepository.updateUser(db, id, patch, opts),
    retireResetLinks: (id: string, now: Date) => retireResetLinks(db, id, now),
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
