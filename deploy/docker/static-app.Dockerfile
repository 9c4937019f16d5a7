# syntax=docker/dockerfile:1
#
# One image per static front end: the shell or a remote. Build from the repository root:
#   docker build -f deploy/docker/static-app.Dockerfile --build-arg APP=mfe-chat -t noek/mfe-chat .
#   docker build -f deploy/docker/static-app.Dockerfile --build-arg APP=shell --build-arg SPA=true -t noek/shell .
# Stage 1 builds <APP>/dist with rspack; stage 2 serves it with unprivileged nginx on port 8080 (uid 101),
# writing only under /tmp, so the root filesystem can be read-only. Caching and CORS: nginx/static-app.conf.

ARG NODE_IMAGE=node:20.20-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.28-alpine

FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /out && cp package-lock.json /out/ \
 && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /out \;

FROM ${NODE_IMAGE} AS build
ARG APP
WORKDIR /app
COPY --from=manifests /out ./
RUN --mount=type=cache,target=/root/.npm \
    test -n "$APP" && npm ci --include=dev --workspace="$APP" --include-workspace-root --no-audit --no-fund
COPY . .
ENV NODE_ENV=production
RUN npm run build --workspace="$APP" && test -d "$APP/dist"

FROM ${NGINX_IMAGE} AS runtime
ARG APP
# SPA=true (the shell): unknown paths answer index.html for client-side routing. Remotes answer 404, so a
# missing chunk fails loudly instead of parsing HTML as JavaScript.
ARG SPA=false
COPY deploy/docker/nginx/static-app.conf /etc/nginx/nginx.conf
COPY deploy/docker/nginx/fallback-spa.conf deploy/docker/nginx/fallback-none.conf /etc/nginx/noek/
USER root
RUN if [ "$SPA" = "true" ]; then mv /etc/nginx/noek/fallback-spa.conf /etc/nginx/noek/fallback.conf; \
    else mv /etc/nginx/noek/fallback-none.conf /etc/nginx/noek/fallback.conf; fi \
 && rm -f /etc/nginx/noek/fallback-*.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/${APP}/dist /usr/share/nginx/html
# /export: docker-compose runs this image once with `cp` to hand the dist to the gateway through a named
# volume (a new volume takes this directory's owner, so uid 101 can write it).
RUN mkdir -p /export && chown 101:101 /export
USER 101:101
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]
# Bypass the image's entrypoint scripts: they try to rewrite files under /etc/nginx, which a read-only
# root filesystem refuses. Our nginx.conf needs no templating.
ENTRYPOINT ["nginx", "-g", "daemon off;"]
