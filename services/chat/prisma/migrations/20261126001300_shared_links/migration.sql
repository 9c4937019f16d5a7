-- CreateTable
CREATE TABLE "shared_links" (
    "id" TEXT NOT NULL,
    "conversationId" INTEGER NOT NULL,
    "userId" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "messages" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "shared_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "shared_links_userId_createdAt_idx" ON "shared_links"("userId", "createdAt" DESC);

-- AddForeignKey
ALTER TABLE "shared_links" ADD CONSTRAINT "shared_links_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
