-- AlterTable
ALTER TABLE "handoff_tokens" ADD COLUMN     "action" TEXT NOT NULL DEFAULT 'login',
ADD COLUMN     "confirmedAt" TIMESTAMP(3),
ADD COLUMN     "origin" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "originBrowserHash" TEXT,
ADD COLUMN     "target" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "targetBrowserHash" TEXT;

-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "browserHash" TEXT;
