import { randomUUID } from 'node:crypto';
import { planUpdatedEvent, type AccessLevel, type PlanLimits, type PlanSettings } from '@noek/contracts';
import type { AdminContext } from '../../context';
import type { Actor } from '../access/require-admin';

/**
 * Replaces one plan's limits: in ONE transaction the setting, its audit row and admin.plan.updated.v1
 * (chat's copy follows it, so the next message is counted against the new limits).
 */
export function updatePlan(
  ctx: AdminContext,
  actor: Actor,
  level: AccessLevel,
  limits: PlanLimits,
  requestId: string | null,
): Promise<PlanSettings> {
  const at = ctx.now();
  return ctx.transaction(async (repos) => {
    const before = await repos.plans.get(level);
    const saved = await repos.plans.save(level, limits, actor.id, at);
    await repos.plans.audit({
      at,
      actorId: actor.id,
      actorEmail: actor.email,
      level,
      before: before.limits,
      after: saved.limits,
      requestId,
    });
    await repos.publish({
      id: randomUUID(),
      type: planUpdatedEvent.subject,
      time: at.toISOString(),
      correlationId: requestId ?? randomUUID(),
      data: { level, limits: saved.limits, actorId: actor.id, updatedAt: at.toISOString() },
    });
    return saved;
  });
}
