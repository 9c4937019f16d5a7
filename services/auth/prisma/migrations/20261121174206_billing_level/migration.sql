-- AlterTable
ALTER TABLE "users" ADD COLUMN     "billingChangedAt" TIMESTAMP(3),
ADD COLUMN     "paidSupernoek" BOOLEAN NOT NULL DEFAULT false;
