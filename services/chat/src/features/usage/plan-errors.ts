import { errorCodes, type NamedPlan } from '@noek/contracts';
import { DomainError, RateLimitedError } from '@noek/service-kit';
import { describeWait } from './usage-window';

export const modelNotOnPlanMessage = (modelName: string, availableOn: NamedPlan | null): string =>
  availableOn
    ? `${modelName} is available on ${availableOn.name}.`
    : `${modelName} is not available on your plan.`;

/** 403 MODEL_NOT_ON_PLAN (modelNotOnPlanErrorSchema): nothing is stored or counted when it is thrown. */
export class ModelNotOnPlanError extends DomainError {
  constructor(model: { id: string; name: string }, availableOn: NamedPlan | null) {
    super(errorCodes.modelNotOnPlan, 403, modelNotOnPlanMessage(model.name, availableOn), {
      details: { model: model.id, availableOn },
    });
  }
}

export function tokenBudgetMessage(budget: number, resetsAt: Date | null, now: Date): string {
  const spent = `You have used the ${budget.toLocaleString('en-US')} tokens your plan allows`;
  if (!resetsAt) return `${spent}.`;
  return (
    `${spent} in this window. ` +
    `It resets ${describeWait(resetsAt, now)} (at ${resetsAt.toISOString().slice(11, 16)} UTC).`
  );
}

/** A day, for the Retry-After of a budget that never resets (no window). */
const NEVER_RETRY_SECONDS = 86_400;

/** 429 TOKEN_BUDGET_SPENT (tokenBudgetErrorSchema) with Retry-After; nothing is written when thrown. */
export class TokenBudgetSpentError extends RateLimitedError {
  constructor(budget: number, resetsAt: Date | null, now: Date) {
    const retryAfter = resetsAt
      ? Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000))
      : NEVER_RETRY_SECONDS;
    super(tokenBudgetMessage(budget, resetsAt, now), retryAfter, errorCodes.tokenBudgetSpent, {
      budget,
      resetsAt: resetsAt?.toISOString() ?? null,
    });
  }
}
