/** What a conversation of another user, or one that does not exist, reads as (404). */
export const CONVERSATION_NOT_FOUND = 'Conversation not found.';
