-- Messages form a tree (edits and regenerates add siblings), and a conversation remembers the path shown last.
ALTER TABLE "conversations" ADD COLUMN "currentLeafId" INTEGER;
ALTER TABLE "messages" ADD COLUMN "parentId" INTEGER;

-- Existing conversations become single paths: each message follows the one before it, nothing is lost.
UPDATE "messages" AS m SET "parentId" = p."prev"
FROM (
  SELECT "id", lag("id") OVER (PARTITION BY "conversationId" ORDER BY "id") AS "prev" FROM "messages"
) AS p
WHERE m."id" = p."id" AND p."prev" IS NOT NULL;

CREATE INDEX "messages_conversationId_parentId_id_idx" ON "messages"("conversationId", "parentId", "id");

ALTER TABLE "messages" ADD CONSTRAINT "messages_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
