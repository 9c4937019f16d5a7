-- Revoked sessions live in memory in every process (the session guard, fed from the bus), not in a table.
-- DropTable
DROP TABLE "session_revocations";
