# noek-base/nginx:1 (make-base-images.sh): Debian's nginx arranged like nginxinc/nginx-unprivileged (uid 101,
# /usr/share/nginx/html), with wget for the health check. The images that use it bring their own nginx.conf.
ARG BASE
FROM ${BASE}
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light wget >/dev/null \
 && rm -rf /var/lib/apt/lists/* /usr/share/doc/* /usr/share/man/* /etc/nginx/sites-enabled/* \
 && groupadd -g 101 nginx && useradd -u 101 -g 101 -M -s /usr/sbin/nologin nginx \
 && mkdir -p /usr/share/nginx/html /etc/nginx/conf.d
USER 101
EXPOSE 8080
CMD ["nginx", "-g", "daemon off;"]
