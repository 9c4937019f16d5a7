import { storageKeys, type Conversation, type Message } from '@noek/contracts';

/**
 * Local caches of spec §3 (per-user conversations, per-user per-conversation messages) under the
 * contracts' key scheme. A UI speed-up only: the server is the truth. Errors are only logged (spec §8).
 */
function read<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch (err) {
    console.error('Local cache read failed', err);
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (err) {
    console.error('Local cache write failed', err);
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch (err) {
    console.error('Local cache remove failed', err);
  }
}

/** Long conversations are cached by their tail: the cache must never fill the browser's quota. */
const MAX_CACHED_MESSAGES = 200;

export const chatCache = {
  conversations: (userId: string) => read<Conversation[]>(storageKeys.conversations(userId)),
  setConversations: (userId: string, list: Conversation[]) => write(storageKeys.conversations(userId), list),
  messages: (userId: string, conversationId: number) =>
    read<Message[]>(storageKeys.messages(userId, conversationId)),
  setMessages: (userId: string, conversationId: number, list: Message[]) =>
    write(storageKeys.messages(userId, conversationId), list.slice(-MAX_CACHED_MESSAGES)),
  /** Spec §4: a deleted conversation is also removed from the local cache. */
  forgetConversation(userId: string, conversationId: number) {
    remove(storageKeys.messages(userId, conversationId));
    const list = read<Conversation[]>(storageKeys.conversations(userId));
    if (list)
      write(
        storageKeys.conversations(userId),
        list.filter((c) => c.id !== conversationId),
      );
  },
};
