-- CreateTable
CREATE TABLE "sharing_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "enabled" BOOLEAN NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sharing_settings_pkey" PRIMARY KEY ("id")
);
