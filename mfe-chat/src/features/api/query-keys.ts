/** React Query keys of the chat remote, in one place so updates and invalidations agree. */
export const chatKeys = {
  conversations: ['chat', 'conversations'] as const,
  archived: ['chat', 'conversations', 'archived'] as const,
  conversation: (conversationId: number) => ['chat', 'conversations', 'one', conversationId] as const,
  messages: (conversationId: number) => ['chat', 'messages', conversationId] as const,
  settings: ['chat', 'settings'] as const,
  instructions: ['chat', 'instructions'] as const,
  pins: ['chat', 'pins'] as const,
  search: (q: string, archived: boolean) => ['chat', 'search', q, archived] as const,
  models: ['chat', 'models'] as const,
};
