import type { AdminAction, AuditEntry, AuditOutcome } from '@noek/contracts';
import type { AuditEntry as AuditRow, Prisma } from '../../generated/prisma/client';
import type { AdminDbOrTx } from '../../database';

export type NewAuditEntry = {
  at: Date;
  actorId: string;
  actorEmail: string;
  targetUserId: string | null;
  targetEmail: string | null;
  /** The provider changed, when the target is not a user. */
  targetProviderId?: string | null;
  action: AdminAction;
  outcome: AuditOutcome;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  requestId: string | null;
  errorCode: string | null;
};

const json = (v: Record<string, unknown> | null) =>
  v === null ? undefined : (JSON.parse(JSON.stringify(v)) as Prisma.InputJsonObject);

function toEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id.toString(),
    at: r.at.toISOString(),
    actorId: r.actorId,
    actorEmail: r.actorEmail,
    targetUserId: r.targetUserId,
    targetEmail: r.targetEmail,
    targetProviderId: r.targetProviderId,
    action: r.action as AdminAction,
    outcome: r.outcome as AuditOutcome,
    before: (r.before as Record<string, unknown> | null) ?? null,
    after: (r.after as Record<string, unknown> | null) ?? null,
    requestId: r.requestId,
    errorCode: r.errorCode,
  };
}

/** The append-only audit log: insert and read, nothing else (the table refuses UPDATE and DELETE). */
export function createAuditRepository(db: AdminDbOrTx) {
  return {
    async append(e: NewAuditEntry): Promise<AuditEntry> {
      return toEntry(
        await db.auditEntry.create({ data: { ...e, before: json(e.before), after: json(e.after) } }),
      );
    },
    async forUser(userId: string, limit: number): Promise<AuditEntry[]> {
      const rows = await db.auditEntry.findMany({
        where: { targetUserId: userId },
        orderBy: { id: 'desc' },
        take: limit,
      });
      return rows.map(toEntry);
    },
    async recent(limit: number): Promise<AuditEntry[]> {
      return (await db.auditEntry.findMany({ orderBy: { id: 'desc' }, take: limit })).map(toEntry);
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
