-- Admin actions done at most once per idempotency key (a retry of the admin service answers the same outcome).
-- CreateTable
CREATE TABLE "admin_requests" (
    "keyHash" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "sealed" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_requests_pkey" PRIMARY KEY ("keyHash")
);

-- CreateIndex
CREATE INDEX "admin_requests_createdAt_idx" ON "admin_requests"("createdAt");
