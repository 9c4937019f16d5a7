import type { ChatContext } from '../../context';
import type { ChatUser } from '../../generated/prisma/client';
import { levelOf } from '../users/user-level';
import { ModelNotOnPlanError, TokenBudgetSpentError } from './plan-errors';
import { planAccess, type PlanModel } from './plan-models';
import { usageLimitFor } from './usage-limit';
import { currentWindow, windowResetsAt } from './usage-window';

type PlanCtx = Pick<ChatContext, 'planLimits' | 'catalog' | 'tokenUsage'>;

/** A model id as plans and messages name it (the catalog's name, else the id's last part). */
export function planModelOf(ctx: Pick<ChatContext, 'catalog'>, id: string): PlanModel {
  return { id, name: ctx.catalog.find(id)?.model ?? id.slice(id.indexOf('/') + 1) };
}

/**
 * The plan's rules for one more reply of `user` by `model` (null: the offline responder, on every
 * plan): 403 MODEL_NOT_ON_PLAN naming the plan that has the model, 429 TOKEN_BUDGET_SPENT when this
 * window's tokens are used up. Read from the plan table in memory; the tokens are queried only when the
 * plan has a budget. Checked before anything is stored or counted (send, edit, regenerate, continue).
 */
export async function assertPlanAllows(
  ctx: PlanCtx,
  user: ChatUser,
  model: string | null,
  now: Date,
): Promise<void> {
  const level = levelOf(user);
  if (model !== null) {
    const planModel = planModelOf(ctx, model);
    const access = planAccess(ctx.planLimits, level, planModel);
    if (!access.allowed) throw new ModelNotOnPlanError(planModel, access.availableOn);
  }
  const budget = ctx.planLimits.limitsFor(level).tokenBudget;
  if (budget === null) return;
  const { spent, resetsAt } = await tokensThisWindow(ctx, user, now);
  if (spent >= budget) throw new TokenBudgetSpentError(budget, resetsAt, now);
}

/** The tokens the user's replies used in the window as it stands at `now` (all time with no window). */
export async function tokensThisWindow(
  ctx: Pick<ChatContext, 'planLimits' | 'tokenUsage'>,
  user: ChatUser,
  now: Date,
): Promise<{ spent: number; resetsAt: Date | null }> {
  const limit = usageLimitFor(levelOf(user), ctx.planLimits);
  const window = currentWindow(
    { count: user.messageCount, windowStartedAt: user.windowStartedAt },
    limit,
    now,
  );
  if (limit.periodMs !== null && window.windowStartedAt === null) return { spent: 0, resetsAt: null };
  const since = window.windowStartedAt ?? new Date(0);
  return { spent: await ctx.tokenUsage.spentSince(user.id, since), resetsAt: windowResetsAt(window, limit) };
}
