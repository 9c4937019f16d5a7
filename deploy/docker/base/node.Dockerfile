# noek-base/node:20 (make-base-images.sh): Debian + the official Node binary + npm, user `node` (uid 1000)
# like the official node image. Context: a directory holding node/bin/node and npm/ (the npm package).
ARG BASE
FROM ${BASE}
COPY node/bin/node /usr/local/bin/node
COPY node/include /usr/local/include
COPY npm /usr/local/lib/node_modules/npm
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd -g 1000 node && useradd -u 1000 -g node -m -s /bin/sh node \
 && node --version && npm --version
CMD ["node"]
