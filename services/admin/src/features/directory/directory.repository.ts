import {
  messageLimitFor,
  accessLevelSchema,
  type AccessLevel,
  type AuthUserRecord,
  type UserUpdatedData,
  type UserRegisteredData,
} from '@noek/contracts';
import type { DirectoryUser } from '../../generated/prisma/client';
import type { AdminDbOrTx } from '../../database';

export type DirectoryRow = DirectoryUser;

function searchText(u: { name: string; email: string; accessLevel: string }): string {
  return `${u.name}\n${u.email}\n${u.accessLevel}`.toLowerCase();
}

const matching = (search: string | undefined) =>
  search ? { searchText: { contains: search.toLowerCase() } } : {};

/** What a list page asks for. */
export type DirectoryQuery = { search?: string; page: number; pageSize: number };

/**
 * The admin's read model of users (never auth's or chat's tables). Every write bumps the directory
 * version in the same transaction: the list's ETag, so an unchanged 5-second refresh is answered 304.
 */
export function createDirectoryRepository(db: AdminDbOrTx) {
  const bump = () => db.directoryState.update({ where: { id: 1 }, data: { version: { increment: 1 } } });
  return {
    findById: (id: string): Promise<DirectoryRow | null> => db.directoryUser.findUnique({ where: { id } }),

    async version(): Promise<bigint> {
      const state = await db.directoryState.findUnique({ where: { id: 1 } });
      return state?.version ?? 0n;
    },

    /**
     * One page in sign-up order. A page in the second half is read from the end (an OFFSET walks every row
     * it skips, so the last of 3,334 pages costs what the first does). `total` is the matching count (kept
     * up to 5 s: right after sign-ups a page from the end may shift by that many rows until the next count).
     */
    async page(q: DirectoryQuery, total: number): Promise<DirectoryRow[]> {
      const start = (q.page - 1) * q.pageSize;
      if (start >= total) return [];
      const where = matching(q.search);
      const fromStart = start <= total / 2;
      const end = Math.min(start + q.pageSize, total);
      // The ids first: that OFFSET walks the (createdAt, id) index alone (an index-only scan), not the rows.
      const ids = await db.directoryUser.findMany({
        where,
        select: { id: true },
        orderBy: fromStart ? [{ createdAt: 'asc' }, { id: 'asc' }] : [{ createdAt: 'desc' }, { id: 'desc' }],
        skip: fromStart ? start : total - end,
        take: fromStart ? q.pageSize : end - start,
      });
      const rows = await db.directoryUser.findMany({ where: { id: { in: ids.map((r) => r.id) } } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      const ordered = (fromStart ? ids : ids.reverse()).map((r) => byId.get(r.id));
      return ordered.filter((r): r is DirectoryRow => r !== undefined);
    },

    count: (search: string | undefined): Promise<number> =>
      db.directoryUser.count({ where: matching(search) }),

    /** An account was created: add it unless a later snapshot is already here. */
    async registered(e: UserRegisteredData): Promise<void> {
      const at = new Date(e.registeredAt);
      const row = { name: e.name, email: e.email, accessLevel: e.accessLevel };
      await db.directoryUser.upsert({
        where: { id: e.userId },
        create: { id: e.userId, ...row, createdAt: at, authUpdatedAt: at, searchText: searchText(row) },
        update: {},
      });
      await bump();
    },

    async verified(userId: string): Promise<void> {
      const n = await db.directoryUser.updateMany({ where: { id: userId }, data: { emailVerified: true } });
      if (n.count > 0) await bump();
    },

    /** auth's full snapshot; older than what is stored: ignored (events may arrive out of order). */
    async updated(e: UserUpdatedData): Promise<void> {
      const at = new Date(e.updatedAt);
      const current = await db.directoryUser.findUnique({ where: { id: e.userId } });
      if (current && current.authUpdatedAt.getTime() > at.getTime()) return;
      const row = {
        name: e.name,
        email: e.email,
        accessLevel: e.accessLevel,
        isBlocked: e.isBlocked,
        isBanned: e.isBanned,
        bannedUntil: e.bannedUntil ? new Date(e.bannedUntil) : null,
        specialFeatures: e.specialFeatures,
        sessionsValidAfter: e.sessionsValidAfter ? new Date(e.sessionsValidAfter) : null,
        authUpdatedAt: at,
        searchText: searchText(e),
        // Fields the event does not carry: a ban reason goes with the ban; a grant's end with the level.
        ...(e.isBanned ? {} : { banReason: null }),
        ...(e.accessLevel === 'supernoek' ? {} : { supernoekExpiresAt: null }),
      };
      await db.directoryUser.upsert({
        where: { id: e.userId },
        create: { id: e.userId, ...row, createdAt: at },
        update: row,
      });
      await bump();
    },

    /** auth's record answered to a sync or to one of our actions: the truth as of now. */
    async record(u: AuthUserRecord, now: Date): Promise<DirectoryRow> {
      const row = {
        name: u.name,
        email: u.email,
        accessLevel: u.accessLevel,
        isBlocked: u.isBlocked,
        isBanned: u.isBanned,
        banReason: u.banReason,
        bannedUntil: u.bannedUntil ? new Date(u.bannedUntil) : null,
        specialFeatures: u.specialFeatures,
        emailVerified: u.emailVerified,
        mustChangePassword: u.mustChangePassword,
        supernoekExpiresAt: u.supernoekExpiresAt ? new Date(u.supernoekExpiresAt) : null,
        ...(u.sessionsValidAfter !== undefined
          ? { sessionsValidAfter: u.sessionsValidAfter ? new Date(u.sessionsValidAfter) : null }
          : {}),
        authUpdatedAt: now,
        searchText: searchText(u),
      };
      const saved = await db.directoryUser.upsert({
        where: { id: u.id },
        create: { id: u.id, ...row, createdAt: new Date(u.createdAt) },
        update: row,
      });
      await bump();
      return saved;
    },

    /**
     * chat stored a message of the user: count it in the usage window as chat does (a window opens at the
     * first message after the previous one closed and lasts the level's period). Messages older than the
     * last admin edit of the usage were already in the count chat answered then.
     */
    async messageSent(userId: string, at: Date): Promise<void> {
      const u = await db.directoryUser.findUnique({ where: { id: userId } });
      if (!u) return;
      if (u.usageSetAt && at.getTime() < u.usageSetAt.getTime()) return;
      const open = isWindowOpen(u, at);
      await db.directoryUser.update({
        where: { id: userId },
        data: open ? { messageCount: { increment: 1 } } : { messageCount: 1, usageWindowStartedAt: at },
      });
      await bump();
    },

    /** The usage chat answered to an admin edit or reset. */
    async usageSet(
      userId: string,
      usage: { messageCount: number; usageWindowStartedAt: string | null },
      at: Date,
    ): Promise<void> {
      await db.directoryUser.updateMany({
        where: { id: userId },
        data: {
          messageCount: usage.messageCount,
          usageWindowStartedAt: usage.usageWindowStartedAt ? new Date(usage.usageWindowStartedAt) : null,
          usageSetAt: at,
        },
      });
      await bump();
    },

    async markSynced(at: Date): Promise<void> {
      await db.directoryState.update({ where: { id: 1 }, data: { syncedAt: at } });
    },
    async syncedAt(): Promise<Date | null> {
      return (await db.directoryState.findUnique({ where: { id: 1 } }))?.syncedAt ?? null;
    },
  };
}
export type DirectoryRepository = ReturnType<typeof createDirectoryRepository>;

export function levelOf(row: Pick<DirectoryRow, 'accessLevel'>): AccessLevel {
  return accessLevelSchema.catch('basic').parse(row.accessLevel);
}

/** The usage window is open at `at` (admin: never closes). */
export function isWindowOpen(
  u: Pick<DirectoryRow, 'accessLevel' | 'usageWindowStartedAt'>,
  at: Date,
): boolean {
  if (!u.usageWindowStartedAt) return false;
  const { periodHours } = messageLimitFor(levelOf(u));
  if (periodHours === null) return true;
  return at.getTime() < u.usageWindowStartedAt.getTime() + periodHours * 3_600_000;
}

/** A ban in force at `now` (an ended timed ban reads as lifted). */
export function isBannedAt(u: Pick<DirectoryRow, 'isBanned' | 'bannedUntil'>, now: Date): boolean {
  return u.isBanned && (u.bannedUntil === null || u.bannedUntil.getTime() > now.getTime());
}
