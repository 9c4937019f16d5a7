import { accessLevelSchema, type AccessLevel } from '@noek/contracts';
import type { ChatUser } from '../../generated/prisma/client';

/** The user's level as chat knows it; an unknown stored value counts as basic. */
export function levelOf(user: Pick<ChatUser, 'accessLevel'>): AccessLevel {
  const parsed = accessLevelSchema.safeParse(user.accessLevel);
  return parsed.success ? parsed.data : 'basic';
}
