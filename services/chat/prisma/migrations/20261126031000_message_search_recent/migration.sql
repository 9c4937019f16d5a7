-- A user's most recent messages first (features/search): a word found in most of a user's messages is
-- looked for in their newest messages only, through this index, instead of a GIN bitmap of every match.
-- CreateIndex
CREATE INDEX "message_search_userId_messageId_idx" ON "message_search"("userId", "messageId");
