-- CreateTable
CREATE TABLE "plan_settings" (
    "level" TEXT NOT NULL,
    "messagesPerWindow" INTEGER,
    "windowHours" INTEGER,
    "tokenBudget" BIGINT,
    "allowedModels" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "plan_settings_pkey" PRIMARY KEY ("level")
);
