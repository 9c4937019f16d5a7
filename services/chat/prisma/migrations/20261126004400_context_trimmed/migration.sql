-- How many older messages were left out of a reply's prompt to fit the model's context window.
ALTER TABLE "messages" ADD COLUMN "contextTrimmed" INTEGER NOT NULL DEFAULT 0;
