-- CreateTable
CREATE TABLE "directory_users" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "accessLevel" TEXT NOT NULL,
    "isBlocked" BOOLEAN NOT NULL DEFAULT false,
    "isBanned" BOOLEAN NOT NULL DEFAULT false,
    "banReason" TEXT,
    "bannedUntil" TIMESTAMP(3),
    "specialFeatures" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "emailVerified" BOOLEAN NOT NULL DEFAULT false,
    "mustChangePassword" BOOLEAN NOT NULL DEFAULT false,
    "supernoekExpiresAt" TIMESTAMP(3),
    "sessionsValidAfter" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "authUpdatedAt" TIMESTAMP(3) NOT NULL,
    "messageCount" INTEGER NOT NULL DEFAULT 0,
    "usageWindowStartedAt" TIMESTAMP(3),
    "usageSetAt" TIMESTAMP(3),
    "searchText" TEXT NOT NULL,

    CONSTRAINT "directory_users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "directory_state" (
    "id" INTEGER NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,
    "syncedAt" TIMESTAMP(3),

    CONSTRAINT "directory_state_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_entries" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" UUID NOT NULL,
    "actorEmail" TEXT NOT NULL,
    "targetUserId" UUID NOT NULL,
    "targetEmail" TEXT,
    "action" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "requestId" TEXT,
    "errorCode" TEXT,

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "directory_users_createdAt_id_idx" ON "directory_users"("createdAt", "id");

-- CreateIndex
CREATE INDEX "audit_entries_targetUserId_at_idx" ON "audit_entries"("targetUserId", "at");

-- CreateIndex
CREATE INDEX "audit_entries_at_idx" ON "audit_entries"("at");

-- The audit log is append-only: no statement may change or remove an entry. (The body is an E-string
-- with \073 standing for a semicolon: the migration runner splits scripts on them.)
CREATE FUNCTION "audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN RAISE EXCEPTION ''audit_entries is append-only''\073 END';
CREATE TRIGGER "audit_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION "audit_entries_append_only"();
CREATE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_append_only"();

INSERT INTO "directory_state" ("id", "version") VALUES (1, 0);
