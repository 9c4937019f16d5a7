-- Provider changes are audited too: their target is a provider, not a user.
ALTER TABLE "audit_entries" ALTER COLUMN "targetUserId" DROP NOT NULL,
ADD COLUMN "targetProviderId" TEXT;
