-- Thumbs up or down on a reply, with an optional comment: one per reply, changeable.
CREATE TYPE "FeedbackRating" AS ENUM ('up', 'down');

CREATE TABLE "message_feedback" (
    "messageId" INTEGER NOT NULL,
    "rating" "FeedbackRating" NOT NULL,
    "comment" TEXT,
    "model" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "message_feedback_pkey" PRIMARY KEY ("messageId")
);

CREATE INDEX "message_feedback_model_idx" ON "message_feedback"("model");

ALTER TABLE "message_feedback" ADD CONSTRAINT "message_feedback_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
