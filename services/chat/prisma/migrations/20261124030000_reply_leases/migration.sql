-- Retry of a reply cut by our side is free (issue: quota counts answers, not attempts).
ALTER TABLE "messages" ADD COLUMN "retryFree" BOOLEAN NOT NULL DEFAULT false;

-- Stop pressed on a replica that is not writing the reply: the writer sees it at its next write.
ALTER TABLE "messages" ADD COLUMN "stopRequested" BOOLEAN NOT NULL DEFAULT false;

-- At most one reply being written per conversation, held by the database across chat replicas.
-- Replies left streaming twice in one conversation by older versions keep only the newest.
UPDATE "messages" SET "status" = 'interrupted', "retryFree" = true
WHERE "status" = 'streaming'
  AND "id" NOT IN (SELECT max("id") FROM "messages" WHERE "status" = 'streaming' GROUP BY "conversationId");

CREATE UNIQUE INDEX "messages_one_streaming_reply_per_conversation" ON "messages" ("conversationId") WHERE "status" = 'streaming';
