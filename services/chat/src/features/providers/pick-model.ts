import type { Conversation } from '@noek/contracts';
import { NotFoundError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { toConversation } from '../conversations/conversation.mapper';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversation-errors';
import { ModelNotOnPlanError } from '../usage/plan-errors';
import { planAccess } from '../usage/plan-models';
import { levelOf } from '../users/user-level';
import { sessionUser } from '../users/session-user';
import { ModelUnavailableError } from './model-errors';

/**
 * PATCH /api/conversations/:id/model: the conversation's next replies come from `model`, and the user's
 * new conversations too (remembered). Only a model a provider offers now, and the user's plan allows, may
 * be picked: a locked one answers 403 MODEL_NOT_ON_PLAN naming the plan that has it, and nothing changes.
 */
export async function pickModel(
  ctx: ChatContext,
  auth: AuthUser,
  conversationId: number,
  model: string,
): Promise<Conversation> {
  const user = await sessionUser(ctx, auth);
  const offered = ctx.catalog.find(model);
  if (!offered) throw new ModelUnavailableError(model);
  const planModel = { id: model, name: offered.model };
  const access = planAccess(ctx.planLimits, levelOf(user), planModel);
  if (!access.allowed) throw new ModelNotOnPlanError(planModel, access.availableOn);
  const row = await ctx.transaction(async ({ conversations, users }) => {
    const updated = await conversations.update(user.id, conversationId, { model });
    if (updated) await users.setDefaultModel(user.id, model);
    return updated;
  });
  if (!row) throw new NotFoundError(CONVERSATION_NOT_FOUND);
  return toConversation(row, user.funMode);
}
