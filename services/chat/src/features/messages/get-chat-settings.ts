import { chatSettingsSchema, type ChatSettings } from '@noek/contracts';
import type { AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { toAnsweringModel } from '../providers/to-chat-model';
import { tokensThisWindow } from '../usage/assert-plan-allows';
import { usageLimitFor } from '../usage/usage-limit';
import { currentWindow, windowResetsAt } from '../usage/usage-window';
import { levelOf } from '../users/user-level';
import { sessionUser } from '../users/session-user';

/** GET /api/conversations/settings: fun mode, level, usage window (messages, tokens) as it stands now, the model kind. */
export async function getChatSettings(ctx: ChatContext, auth: AuthUser): Promise<ChatSettings> {
  const user = await sessionUser(ctx, auth);
  const level = levelOf(user);
  const limit = usageLimitFor(level, ctx.planLimits);
  const now = ctx.now();
  const window = currentWindow(
    { count: user.messageCount, windowStartedAt: user.windowStartedAt },
    limit,
    now,
  );
  const tokens = await tokensThisWindow(ctx, user, now);
  return chatSettingsSchema.parse({
    funMode: user.funMode,
    accessLevel: level,
    usage: {
      count: window.count,
      limit: limit.messages,
      periodHours: limit.periodHours,
      resetsAt: windowResetsAt(window, limit)?.toISOString() ?? null,
      tokens: tokens.spent,
      tokenBudget: ctx.planLimits.limitsFor(level).tokenBudget,
    },
    model: ctx.provider.kind,
    answeredBy: answeringModel(ctx),
    sharingEnabled: ctx.sharing.enabled(),
  });
}

/** The catalog's default model, unless the offline responder (or a test's own provider) answers. */
function answeringModel(ctx: ChatContext) {
  if (ctx.provider.kind === 'offline') return null;
  const model = ctx.catalog.defaultModel();
  return model ? toAnsweringModel(model) : null;
}
