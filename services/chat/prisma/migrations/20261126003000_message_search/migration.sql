-- Message search gets its own table of stored vectors (see MessageSearch in schema.prisma): ranking and
-- matching then read a stored tsvector instead of parsing every candidate message again.
DROP INDEX "messages_content_search_idx";

-- CreateTable
CREATE TABLE "message_search" (
    "messageId" INTEGER NOT NULL,
    "conversationId" INTEGER NOT NULL,
    "userId" UUID NOT NULL,
    "vector" tsvector NOT NULL,

    CONSTRAINT "message_search_pkey" PRIMARY KEY ("messageId")
);

-- CreateIndex
CREATE INDEX "message_search_vector_idx" ON "message_search" USING GIN ("vector");

-- CreateIndex
CREATE INDEX "message_search_userId_idx" ON "message_search"("userId");

-- AddForeignKey
ALTER TABLE "message_search" ADD CONSTRAINT "message_search_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The migration runner splits scripts at every semicolon (adapter-pg), so the function body is an E''
-- string with each semicolon written as the octal escape \073. The function keeps this schema as its
-- search_path, whichever connection fires it.
CREATE FUNCTION "message_search_sync"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS E'
BEGIN
  INSERT INTO "message_search" ("messageId", "conversationId", "userId", "vector")
  SELECT NEW."id", NEW."conversationId", c."userId", to_tsvector(''simple''::regconfig, NEW."content")
  FROM "conversations" c WHERE c."id" = NEW."conversationId"
  ON CONFLICT ("messageId") DO UPDATE SET "vector" = EXCLUDED."vector"\073
  RETURN NULL\073
END';

CREATE TRIGGER "message_search_sync" AFTER INSERT OR UPDATE OF "content", "status" ON "messages"
FOR EACH ROW WHEN (NEW."status" <> 'streaming') EXECUTE FUNCTION "message_search_sync"();

-- Messages stored before this migration.
INSERT INTO "message_search" ("messageId", "conversationId", "userId", "vector")
SELECT m."id", m."conversationId", c."userId", to_tsvector('simple'::regconfig, m."content")
FROM "messages" m JOIN "conversations" c ON c."id" = m."conversationId"
WHERE m."status" <> 'streaming';
