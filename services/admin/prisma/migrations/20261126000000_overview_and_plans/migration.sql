-- CreateTable
CREATE TABLE "overview_counters" (
    "day" DATE NOT NULL,
    "metric" TEXT NOT NULL,
    "dimension" TEXT NOT NULL DEFAULT '',
    "value" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "overview_counters_pkey" PRIMARY KEY ("day","metric","dimension")
);

-- CreateTable
CREATE TABLE "overview_daily_activity" (
    "userId" UUID NOT NULL,
    "day" DATE NOT NULL,

    CONSTRAINT "overview_daily_activity_pkey" PRIMARY KEY ("day","userId")
);

-- CreateTable
CREATE TABLE "overview_weekly_activity" (
    "userId" UUID NOT NULL,
    "week" DATE NOT NULL,

    CONSTRAINT "overview_weekly_activity_pkey" PRIMARY KEY ("week","userId")
);

-- CreateTable
CREATE TABLE "overview_subscriptions" (
    "userId" UUID NOT NULL,
    "paying" BOOLEAN NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "overview_subscriptions_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "plan_settings" (
    "level" TEXT NOT NULL,
    "messagesPerWindow" INTEGER,
    "windowHours" INTEGER,
    "tokenBudget" BIGINT,
    "allowedModels" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedBy" UUID NOT NULL,

    CONSTRAINT "plan_settings_pkey" PRIMARY KEY ("level")
);

-- CreateTable
CREATE TABLE "plan_audit_entries" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" UUID NOT NULL,
    "actorEmail" TEXT NOT NULL,
    "level" TEXT NOT NULL,
    "before" JSONB NOT NULL,
    "after" JSONB NOT NULL,
    "requestId" TEXT,

    CONSTRAINT "plan_audit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "plan_audit_entries_level_at_idx" ON "plan_audit_entries"("level", "at");

-- The plan audit is append-only, like audit_entries.
CREATE FUNCTION "plan_audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN RAISE EXCEPTION ''plan_audit_entries is append-only''\073 END';
CREATE TRIGGER "plan_audit_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "plan_audit_entries"
  FOR EACH ROW EXECUTE FUNCTION "plan_audit_entries_append_only"();
CREATE TRIGGER "plan_audit_entries_no_truncate" BEFORE TRUNCATE ON "plan_audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "plan_audit_entries_append_only"();
