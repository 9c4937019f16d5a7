#!/bin/sh
# Runs a container's command with the secrets from the `noek-secrets` volume (made by secrets-init on the
# first start). A value given in `.env` wins; an empty one is filled from the volume. Usage:
#   with-secrets.sh <command...>   (NOEK_DB_ROLE=<service> also builds that service's DATABASE_URL)
set -eu
dir=${NOEK_SECRETS_DIR:-/run/noek-secrets}

fill() {
  eval "current=\${$1:-}"
  if [ -z "$current" ]; then
    value=$(cat "$dir/$2")
    export "$1=$value"
  fi
}
fill POSTGRES_PASSWORD postgres_password
fill AUTH_DB_PASSWORD auth_db_password
fill CHAT_DB_PASSWORD chat_db_password
fill BILLING_DB_PASSWORD billing_db_password
fill ADMIN_DB_PASSWORD admin_db_password
# chat encrypts the API keys of providers admins store with it (AES-256-GCM).
fill PROVIDER_SECRET_KEY provider_secret_key
# The services read the key pair from KEYS_DIR (the volume); the gateway, which has none, gets the public
# key in its environment. An empty key from compose is no key (auth wants both keys, or KEYS_DIR).
if [ -z "${KEYS_DIR:-}" ]; then
  fill AUTH_PUBLIC_KEY auth-public.pem
elif [ -z "${AUTH_PUBLIC_KEY:-}" ]; then
  unset AUTH_PUBLIC_KEY
fi
if [ -z "${AUTH_PRIVATE_KEY:-}" ]; then unset AUTH_PRIVATE_KEY; fi

if [ -n "${NOEK_DB_ROLE:-}" ]; then
  upper=$(echo "$NOEK_DB_ROLE" | tr '[:lower:]' '[:upper:]')
  eval "password=\${${upper}_DB_PASSWORD}"
  export DATABASE_URL="postgresql://${NOEK_DB_ROLE}:${password}@${NOEK_DB_HOST:-postgres}:5432/noek"
fi
exec "$@"
