# noek-base/nats:2 (make-base-images.sh): Debian's nats-server, run like the official image (the compose
# file passes the flags), as an unprivileged user, with wget for the health check.
ARG BASE
FROM ${BASE}
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nats-server wget >/dev/null \
 && rm -rf /var/lib/apt/lists/* /usr/share/doc/* /usr/share/man/* \
 && mkdir -p /data && chown nats:nats /data
USER nats
EXPOSE 4222 8222
ENTRYPOINT ["/usr/sbin/nats-server"]
