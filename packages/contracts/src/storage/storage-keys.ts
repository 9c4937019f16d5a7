/**
 * Browser local-storage keys (spec §3): product prefix, then the kind, then the user id, and for
 * messages the conversation id. Per-user keys let logout remove exactly one user's caches.
 */
export const STORAGE_PREFIX = 'noek';

export const storageKeys = {
  /** The signed-in user record (a UI cache only; the shell revalidates it). */
  user: () => `${STORAGE_PREFIX}:user`,
  theme: () => `${STORAGE_PREFIX}:theme`,
  lastSeenVersion: () => `${STORAGE_PREFIX}:version`,
  conversations: (userId: string) => `${STORAGE_PREFIX}:conversations:${userId}`,
  messages: (userId: string, conversationId: number) =>
    `${STORAGE_PREFIX}:messages:${userId}:${conversationId}`,
} as const;

/** True when `key` is one of `userId`'s caches (conversations or messages), for cleanup at logout. */
export function isUserCacheKey(key: string, userId: string): boolean {
  return key === storageKeys.conversations(userId) || key.startsWith(`${STORAGE_PREFIX}:messages:${userId}:`);
}
