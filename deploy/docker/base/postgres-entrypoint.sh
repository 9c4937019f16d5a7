#!/bin/sh
# The official postgres image's first-start contract, reduced to what Noek's compose file uses.
set -eu
# The official image's command is `postgres [options]` (docker-compose.yml passes it): its first word names
# the server this script starts anyway.
if [ "${1:-}" = postgres ]; then shift; fi
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
export POSTGRES_USER POSTGRES_DB
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then echo "postgres: set POSTGRES_PASSWORD" >&2; exit 1; fi
  pwfile="$(mktemp)"; printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  # Socket only while initialising: the TCP health check stays red until the real server starts.
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  if [ "$POSTGRES_DB" != postgres ]; then psql -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d postgres -c "CREATE DATABASE \"$POSTGRES_DB\""; fi
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sh) echo "postgres: running $f"; sh "$f" ;;
      *.sql) echo "postgres: running $f"; psql -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d "$POSTGRES_DB" -f "$f" ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
