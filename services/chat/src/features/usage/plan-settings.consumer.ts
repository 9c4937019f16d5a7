import { eventSubjects, parseEventEnvelope, type PlanUpdatedData } from '@noek/contracts';
import { consumeOnce, type EventBus, type Subscription } from '@noek/service-kit';
import type { ChatDb } from '../../database';
import { createPlanSettingsRepository, type StoredPlan } from './plan-settings.repository';

export const PLAN_SETTINGS_DURABLE = 'chat-plan-settings';

/**
 * admin.plan.updated.v1 → chat's table (idempotent), then `onPlan` so this replica applies it to the
 * next message at once; the other replicas read the table on their next sync.
 */
export function subscribePlanSettings(
  bus: EventBus,
  db: ChatDb,
  durable = PLAN_SETTINGS_DURABLE,
  onPlan: (plan: StoredPlan) => void = () => undefined,
): Promise<Subscription> {
  return bus.subscribe({
    durable,
    subjects: [eventSubjects.planUpdated],
    handler: async (raw) => {
      const envelope = parseEventEnvelope(raw, eventSubjects.planUpdated);
      const d: PlanUpdatedData = envelope.data;
      const plan = { level: d.level, limits: d.limits, updatedAt: new Date(d.updatedAt) };
      await consumeOnce(db, durable, envelope, (tx) => createPlanSettingsRepository(tx).save(plan));
      onPlan(plan);
    },
  });
}
