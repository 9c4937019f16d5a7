-- The fencing token of a reply's lease: every write of a reply is conditional on it, and Retry starts a new one.
ALTER TABLE "messages" ADD COLUMN "leaseEpoch" INTEGER NOT NULL DEFAULT 0;
