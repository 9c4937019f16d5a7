import type { ChatContext } from '../../context';
import type { ChatUser } from '../../generated/prisma/client';
import { planAccess } from '../usage/plan-models';
import { levelOf } from '../users/user-level';
import { ModelUnavailableError } from './model-errors';

/** How events and feedback counts name the writer of a reply that records no model. */
export const OFFLINE_MODEL = 'offline';

/** The name of a reply's writer: its model, or the offline responder. */
export const modelLabel = (model: string | null): string => model ?? OFFLINE_MODEL;

/**
 * The model that writes the next reply of a conversation, from memory: the conversation's pick, else
 * the user's remembered one (if still offered), else the server's default; null when the offline
 * responder answers. A conversation's own pick that disappeared is refused (nothing is stored): the
 * user is asked to pick another. `requested` (a regenerate with another model) wins when offered, and
 * is refused the same way when not.
 */
export function chooseModel(
  ctx: Pick<ChatContext, 'catalog' | 'provider' | 'planLimits'>,
  conversation: { model: string | null },
  user: Pick<ChatUser, 'defaultModel' | 'accessLevel'>,
  requested?: string,
): string | null {
  if (requested) {
    if (!ctx.catalog.find(requested)) throw new ModelUnavailableError(requested);
    return requested;
  }
  if (conversation.model) {
    if (!ctx.catalog.find(conversation.model)) throw new ModelUnavailableError(conversation.model);
    return conversation.model;
  }
  const onPlan = (id: string) => {
    const found = ctx.catalog.find(id);
    return (
      found !== undefined && planAccess(ctx.planLimits, levelOf(user), { id, name: found.model }).allowed
    );
  };
  if (user.defaultModel && onPlan(user.defaultModel)) return user.defaultModel;
  if (ctx.provider.kind === 'offline') return null;
  // With nothing picked, a model the user's plan allows: the server's default when it does.
  const fallback = ctx.catalog.defaultModel()?.id;
  if (fallback === undefined || onPlan(fallback)) return fallback ?? null;
  return ctx.catalog.models().find((m) => onPlan(m.id))?.id ?? fallback;
}
