-- Limits hold across auth replicas: the counters live in the database, not in each process.
CREATE TABLE "rate_windows" (
    "limiter" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "rate_windows_pkey" PRIMARY KEY ("limiter","key")
);

CREATE TABLE "login_failures" (
    "account" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "lastFailure" TIMESTAMP(3) NOT NULL,
    "lastAlert" TIMESTAMP(3),

    CONSTRAINT "login_failures_pkey" PRIMARY KEY ("account")
);

CREATE INDEX "rate_windows_startedAt_idx" ON "rate_windows"("startedAt");

CREATE INDEX "login_failures_lastFailure_idx" ON "login_failures"("lastFailure");
