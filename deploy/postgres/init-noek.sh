#!/bin/sh
# Runs once, when the postgres container initialises an empty data directory (docker-entrypoint-initdb.d).
# One database `noek`; one schema and one login role per service, each role owning only its schema, so a
# service cannot read or write another service's tables (docs/deployment.md, "Database").
# Role passwords come from the container's environment: <SERVICE>_DB_PASSWORD.
set -eu

psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres <<SQL
SELECT 'CREATE DATABASE noek' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'noek')\gexec
SQL

for service in auth chat billing admin; do
  var="$(echo "$service" | tr '[:lower:]' '[:upper:]')_DB_PASSWORD"
  password="$(printenv "$var" || true)"
  if [ -z "$password" ]; then echo "init-noek: $var is not set" >&2; exit 1; fi
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname noek \
    -v role="$service" -v password="$password" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN', :'role')
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'role')\gexec
SELECT format('ALTER ROLE %I PASSWORD %L', :'role', :'password')\gexec
-- CREATE on the database: migrations run `CREATE SCHEMA IF NOT EXISTS`, which PostgreSQL checks before it
-- looks for the schema. Other services' schemas stay closed (owned by their own role, no grants).
SELECT format('GRANT CONNECT, CREATE ON DATABASE noek TO %I', :'role')\gexec
SELECT format('CREATE SCHEMA IF NOT EXISTS %I AUTHORIZATION %I', :'role', :'role')\gexec
SELECT format('ALTER ROLE %I IN DATABASE noek SET search_path = %I', :'role', :'role')\gexec
SQL
done
# Extensions the services' migrations use (admin's search: pg_trgm), made once in public by the superuser.
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname noek -c 'CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public'
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname noek -c 'REVOKE CREATE ON SCHEMA public FROM PUBLIC'
