import type { PlanLimits } from '@noek/contracts';
import type { ChatTx } from '../../database';

export type StoredPlan = { level: string; limits: PlanLimits; updatedAt: Date };

/** chat's table of plan settings (admin's events): newest per level wins. */
export function createPlanSettingsRepository(db: ChatTx) {
  return {
    async list(): Promise<StoredPlan[]> {
      return (await db.planSetting.findMany()).map((r) => ({
        level: r.level,
        updatedAt: r.updatedAt,
        limits: {
          messagesPerWindow: r.messagesPerWindow,
          windowHours: r.windowHours,
          tokenBudget: r.tokenBudget === null ? null : Number(r.tokenBudget),
          allowedModels: r.allowedModels,
        },
      }));
    },
    /** Stores the setting unless a newer one is stored (an older event delivered late changes nothing). */
    async save(p: StoredPlan): Promise<void> {
      const data = {
        messagesPerWindow: p.limits.messagesPerWindow,
        windowHours: p.limits.windowHours,
        tokenBudget: p.limits.tokenBudget === null ? null : BigInt(p.limits.tokenBudget),
        allowedModels: p.limits.allowedModels,
        updatedAt: p.updatedAt,
      };
      await db.planSetting.upsert({
        where: { level: p.level },
        create: { level: p.level, ...data },
        update: {},
      });
      await db.planSetting.updateMany({ where: { level: p.level, updatedAt: { lt: p.updatedAt } }, data });
    },
  };
}
