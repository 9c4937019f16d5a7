-- CreateTable
CREATE TABLE "session_revocations" (
    "sessionId" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "revokedAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "session_revocations_pkey" PRIMARY KEY ("sessionId")
);

-- CreateIndex
CREATE INDEX "session_revocations_expiresAt_idx" ON "session_revocations"("expiresAt");
