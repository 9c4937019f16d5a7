-- Custom instructions per user and an optional system prompt per conversation.
ALTER TABLE "chat_users" ADD COLUMN "customInstructions" TEXT;
ALTER TABLE "conversations" ADD COLUMN "systemPrompt" TEXT;
