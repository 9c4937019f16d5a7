-- The model picked per conversation, remembered per user, and the model that wrote each reply.
ALTER TABLE "chat_users" ADD COLUMN "defaultModel" TEXT;
ALTER TABLE "conversations" ADD COLUMN "model" TEXT;
ALTER TABLE "messages" ADD COLUMN "model" TEXT;
