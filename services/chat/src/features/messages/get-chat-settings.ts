import { chatSettingsSchema, messageLimitFor, type ChatSettings } from '@noek/contracts';
import type { AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { usageLimitFor } from '../usage/usage-limit';
import { currentWindow, windowResetsAt } from '../usage/usage-window';
import { levelOf } from '../users/chat-users.repository';
import { sessionUser } from '../users/session-user';

/** GET /api/conversations/settings: fun mode, level, usage window as it stands now, the model kind. */
export async function getChatSettings(ctx: ChatContext, auth: AuthUser): Promise<ChatSettings> {
  const user = await sessionUser(ctx, auth);
  const level = levelOf(user);
  const limit = usageLimitFor(level);
  const window = currentWindow(
    { count: user.messageCount, windowStartedAt: user.windowStartedAt },
    limit,
    ctx.now(),
  );
  return chatSettingsSchema.parse({
    funMode: user.funMode,
    accessLevel: level,
    usage: {
      count: window.count,
      limit: messageLimitFor(level).limit,
      periodHours: messageLimitFor(level).periodHours,
      resetsAt: windowResetsAt(window, limit)?.toISOString() ?? null,
    },
    model: ctx.provider.kind,
  });
}
