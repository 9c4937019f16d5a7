-- The admin table's search box matches a substring of searchText (LIKE '%term%'). With a trigram GIN index
-- it reads the matching rows instead of scanning every user. pg_trgm lives in the database's public schema,
-- once for every service schema (deploy/postgres/init-noek.sh creates it there as the superuser, before any
-- service role exists, and this statement then finds it).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- CreateIndex
CREATE INDEX "directory_users_searchText_idx" ON "directory_users" USING GIN ("searchText" public.gin_trgm_ops);
