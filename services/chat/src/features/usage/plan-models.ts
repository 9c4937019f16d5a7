import { planDisplayNames, type AccessLevel, type NamedPlan, type PlanLimits } from '@noek/contracts';
import type { PlanLimitsTable } from './plan-limits';

/** A model as plans name it: admins may list its full id (`<provider>/<model>`) or its bare name. */
export interface PlanModel {
  id: string;
  name: string;
}

/** The levels a refusal may point to, the plan users can buy first; admin is never offered. */
const OFFERED_LEVELS: readonly AccessLevel[] = ['supernoek', 'premium', 'basic'];

/** Whether `limits` include `model`: an empty list means every model. */
export function planIncludes(limits: PlanLimits, model: PlanModel): boolean {
  const list = limits.allowedModels;
  return list.length === 0 || list.includes(model.id) || list.includes(model.name);
}

export const namedPlan = (level: AccessLevel): NamedPlan => ({ level, name: planDisplayNames[level] });

export interface PlanAccess {
  allowed: boolean;
  /** The plan that includes the model when the user's does not (null: none the user could move to). */
  availableOn: NamedPlan | null;
}

/** Whether `level` may use `model`, and otherwise which plan may. */
export function planAccess(plans: PlanLimitsTable, level: AccessLevel, model: PlanModel): PlanAccess {
  if (planIncludes(plans.limitsFor(level), model)) return { allowed: true, availableOn: null };
  const other = OFFERED_LEVELS.find((l) => l !== level && planIncludes(plans.limitsFor(l), model));
  return { allowed: false, availableOn: other ? namedPlan(other) : null };
}

/** A picker entry marked with the user's plan access (the list stays whole: locked models show). */
export function withPlanAccess<M extends PlanModel>(
  plans: PlanLimitsTable,
  level: AccessLevel,
  model: M,
): M & PlanAccess {
  return { ...model, ...planAccess(plans, level, model) };
}
