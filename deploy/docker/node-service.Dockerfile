# syntax=docker/dockerfile:1
#
# One image per Node deployable: the gateway or a service. Build from the repository root:
#   docker build -f deploy/docker/node-service.Dockerfile --build-arg APP=services/auth -t noek/auth .
#   docker build -f deploy/docker/node-service.Dockerfile --build-arg APP=gateway --build-arg PORT=8080 -t noek/gateway .
# The code runs from its TypeScript source with tsx (the project has no emit step), as in development.
# Stages: manifests (package.json files only, so installs stay cached) -> deps (production dependencies of
# APP only) -> build (all dependencies, generates the Prisma client) -> runtime (non-root, no npm, no build
# tools, nothing written outside /tmp so the root filesystem can be mounted read-only).

ARG NODE_IMAGE=node:20.20-bookworm-slim

FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
# Keep the lockfile and every workspace's package.json (npm ci checks all of them against the lock).
RUN mkdir /out && cp package-lock.json /out/ \
 && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /out \;

FROM ${NODE_IMAGE} AS deps
ARG APP
WORKDIR /app
COPY --from=manifests /out ./
# Production dependencies of APP and of the workspace packages it links (service-kit, contracts, db).
RUN --mount=type=cache,target=/root/.npm \
    test -n "$APP" && npm ci --omit=dev --workspace="$APP" --no-audit --no-fund

FROM ${NODE_IMAGE} AS build
ARG APP
WORKDIR /app
COPY --from=manifests /out ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --include=dev --workspace="$APP" --include-workspace-root --no-audit --no-fund
COPY . .
# The Prisma client is generated (gitignored). Generation needs no database; the URL only has to parse.
RUN mkdir -p "$APP/src/generated" \
 && if [ -f "$APP/prisma/schema.prisma" ]; then \
      cd "$APP" && DATABASE_URL=postgresql://build@localhost:5432/build npx prisma generate; \
    fi

FROM ${NODE_IMAGE} AS runtime
ARG APP
ARG PORT=4000
WORKDIR /app
COPY --from=deps /app ./
# tsx is a root devDependency: bring only it and its one dependency (esbuild + its platform binary).
COPY --from=build /app/node_modules/tsx ./node_modules/tsx
COPY --from=build /app/node_modules/esbuild ./node_modules/esbuild
COPY --from=build /app/node_modules/@esbuild ./node_modules/@esbuild
# Source only, taken from the manifests stage's copy of the context (no node_modules, dist, tests or front
# ends: see the .dockerignore next to this file), then the generated Prisma client from the build stage.
COPY --from=manifests /src/tsconfig.base.json /src/tsconfig.json ./
COPY --from=manifests /src/packages ./packages
COPY --from=manifests /src/${APP} ./${APP}
COPY --from=build /app/${APP}/src/generated ./${APP}/src/generated
ENV NODE_ENV=production \
    APP_DIR=${APP} \
    PORT=${PORT} \
    TMPDIR=/tmp \
    NODE_OPTIONS="--enable-source-maps"
# Files stay owned by root and read-only to the process; uid 1000 is the image's `node` user. A numeric
# USER lets Kubernetes verify runAsNonRoot.
USER 1000:1000
EXPOSE ${PORT}
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# exec: node becomes PID 1 and receives SIGTERM itself (graceful shutdown, SHUTDOWN_GRACE_MS).
CMD ["/bin/sh", "-c", "exec node --import tsx \"$APP_DIR/src/main.ts\""]
