-- CreateTable
CREATE TABLE "overview_feedback_votes" (
    "messageId" INTEGER NOT NULL,
    "model" TEXT NOT NULL,
    "rating" TEXT,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "overview_feedback_votes_pkey" PRIMARY KEY ("messageId")
);

-- CreateIndex
CREATE INDEX "overview_feedback_votes_model_idx" ON "overview_feedback_votes"("model");
