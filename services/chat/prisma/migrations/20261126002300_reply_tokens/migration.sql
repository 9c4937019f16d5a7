-- The tokens each reply cost, summed per user, model and day.
ALTER TABLE "messages" ADD COLUMN "promptTokens" INTEGER;
ALTER TABLE "messages" ADD COLUMN "completionTokens" INTEGER;
