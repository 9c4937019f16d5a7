import {
  accessLevels,
  defaultPlanLimits,
  type AccessLevel,
  type PlanLimits,
  type PlanSettings,
} from '@noek/contracts';
import type { PlanSetting } from '../../generated/prisma/client';
import type { AdminDbOrTx } from '../../database';

function toSettings(level: AccessLevel, row: PlanSetting | undefined): PlanSettings {
  if (!row) return { level, limits: defaultPlanLimits(level), updatedAt: null };
  return {
    level,
    limits: {
      messagesPerWindow: row.messagesPerWindow,
      windowHours: row.windowHours,
      tokenBudget: row.tokenBudget === null ? null : Number(row.tokenBudget),
      allowedModels: row.allowedModels,
    },
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type PlanAudit = {
  at: Date;
  actorId: string;
  actorEmail: string;
  level: AccessLevel;
  before: PlanLimits;
  after: PlanLimits;
  requestId: string | null;
};

/** Plan limits as admins set them; a level never saved holds the spec's defaults. */
export function createPlansRepository(db: AdminDbOrTx) {
  return {
    async list(): Promise<PlanSettings[]> {
      const rows = new Map((await db.planSetting.findMany()).map((r) => [r.level, r]));
      return accessLevels.map((level) => toSettings(level, rows.get(level)));
    },
    async get(level: AccessLevel): Promise<PlanSettings> {
      return toSettings(level, (await db.planSetting.findUnique({ where: { level } })) ?? undefined);
    },
    async save(level: AccessLevel, limits: PlanLimits, actorId: string, at: Date): Promise<PlanSettings> {
      const data = {
        messagesPerWindow: limits.messagesPerWindow,
        windowHours: limits.windowHours,
        tokenBudget: limits.tokenBudget === null ? null : BigInt(limits.tokenBudget),
        allowedModels: limits.allowedModels,
        updatedAt: at,
        updatedBy: actorId,
      };
      const row = await db.planSetting.upsert({ where: { level }, create: { level, ...data }, update: data });
      return toSettings(level, row);
    },
    async audit(e: PlanAudit): Promise<void> {
      await db.planAuditEntry.create({ data: e });
    },
  };
}
export type PlansRepository = ReturnType<typeof createPlansRepository>;
