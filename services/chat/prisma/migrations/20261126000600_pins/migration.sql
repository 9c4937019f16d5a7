-- CreateTable
CREATE TABLE "conversation_pins" (
    "conversationId" INTEGER NOT NULL,
    "userId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversation_pins_pkey" PRIMARY KEY ("conversationId")
);

-- CreateIndex
CREATE INDEX "conversation_pins_userId_position_idx" ON "conversation_pins"("userId", "position");

-- AddForeignKey
ALTER TABLE "conversation_pins" ADD CONSTRAINT "conversation_pins_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
