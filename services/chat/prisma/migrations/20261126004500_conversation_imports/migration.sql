-- CreateTable
CREATE TABLE "conversation_imports" (
    "conversationId" INTEGER NOT NULL,
    "userId" UUID NOT NULL,
    "sourceKey" TEXT NOT NULL,

    CONSTRAINT "conversation_imports_pkey" PRIMARY KEY ("conversationId")
);

-- CreateIndex
CREATE UNIQUE INDEX "conversation_imports_userId_sourceKey_key" ON "conversation_imports"("userId", "sourceKey");

-- AddForeignKey
ALTER TABLE "conversation_imports" ADD CONSTRAINT "conversation_imports_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
