-- AlterTable
ALTER TABLE "users" ADD COLUMN     "supernoekGrantExpiresAt" TIMESTAMP(3),
ADD COLUMN     "supernoekGrantReturnLevel" "AccessLevel",
ADD COLUMN     "supernoekGrantedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "users_supernoekGrantExpiresAt_idx" ON "users"("supernoekGrantExpiresAt");
