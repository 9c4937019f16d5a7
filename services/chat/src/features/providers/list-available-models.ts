import { modelListSchema, type ModelList } from '@noek/contracts';
import type { AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { withPlanAccess } from '../usage/plan-models';
import { levelOf } from '../users/user-level';
import { sessionUser } from '../users/session-user';
import { chooseModel } from './choose-model';
import { toChatModel } from './to-chat-model';

/**
 * GET /api/conversations/models: from the catalog's memory (no provider is asked). The default is what
 * a new conversation of this user gets: their remembered pick while offered, else the server's.
 * Models the user's plan does not allow are listed too, marked, with the plan that allows them.
 */
export async function listAvailableModels(ctx: ChatContext, auth: AuthUser): Promise<ModelList> {
  const user = await sessionUser(ctx, auth);
  return modelListSchema.parse({
    // Each marked with whether the user's plan allows it, and which plan does (usage/plan-models.ts).
    models: ctx.catalog.models().map((m) => withPlanAccess(ctx.planLimits, levelOf(user), toChatModel(m))),
    defaultModelId: chooseModel(ctx, { model: null }, user),
  });
}
