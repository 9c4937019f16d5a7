-- CreateTable
CREATE TABLE "sharing_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "enabled" BOOLEAN NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedBy" UUID NOT NULL,

    CONSTRAINT "sharing_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "setting_audit_entries" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" UUID NOT NULL,
    "actorEmail" TEXT NOT NULL,
    "setting" TEXT NOT NULL,
    "before" JSONB NOT NULL,
    "after" JSONB NOT NULL,
    "requestId" TEXT,

    CONSTRAINT "setting_audit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "setting_audit_entries_setting_at_idx" ON "setting_audit_entries"("setting", "at");

-- The settings audit is append-only, like plan_audit_entries.
CREATE FUNCTION "setting_audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN RAISE EXCEPTION ''setting_audit_entries is append-only''\073 END';
CREATE TRIGGER "setting_audit_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "setting_audit_entries"
  FOR EACH ROW EXECUTE FUNCTION "setting_audit_entries_append_only"();
CREATE TRIGGER "setting_audit_entries_no_truncate" BEFORE TRUNCATE ON "setting_audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "setting_audit_entries_append_only"();
