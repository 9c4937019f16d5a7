-- Full-text search over titles and message text (features/search). The `simple` configuration (no
-- stemming, no stop words) so that any language degrades to exact-or-prefix word matches. Expression
-- indexes rather than stored columns: rows read with * keep their shape, and the queries repeat these
-- exact expressions so the planner uses the GIN indexes.
CREATE INDEX "conversations_title_search_idx" ON "conversations" USING GIN (to_tsvector('simple'::regconfig, "title"));

CREATE INDEX "messages_content_search_idx" ON "messages" USING GIN (to_tsvector('simple'::regconfig, "content"));
