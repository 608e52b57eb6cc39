# syntax=docker/dockerfile:1

# Every stage starts from this image (Debian bookworm with Node 24 in /usr/local, a `node` user
# with uid 1000). `npm run test:container` passes a local stand-in where it cannot be pulled.
ARG NODE_IMAGE=node:24-slim

# ---- dependencies (with dev tools, for the build) ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# npm runs node-gyp for better-sqlite3 on every install: its binding.gyp picks the binary the
# package ships for this platform, or compiles SQLite where none fits. node-gyp needs python3 and
# make for that (g++ to compile) and Node's headers, which the base image carries in
# /usr/local/include/node, so nothing is downloaded. The toolchain stays in the build stages: the
# runtime stage starts again from the base image.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ---- build ----
FROM deps AS build
WORKDIR /app
COPY . .
RUN npx react-router build

# ---- production dependencies only ----
FROM deps AS prod-deps
WORKDIR /app
# Dev tools may leave caches here (the HTML checker fetches a Java runtime where none is installed).
# npm keeps TypeScript (23 MB) as an optional peer of @react-router/node and @react-router/express;
# the server never loads it.
RUN npm prune --omit=dev \
  && rm -rf node_modules/.cache node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver
# better-sqlite3 carries SQLite's C sources (to compile where no binary fits) and a binary for every
# platform, 27 MB in all; the server loads the one for this platform (or the one compiled here).
RUN keep="$(node -p "require('./node_modules/better-sqlite3/lib/binding.js').getPrebuildPath() || ''")" \
  && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
  && find "$PWD/node_modules/better-sqlite3/prebuilds" -type f ! -path "$keep" -delete \
  && node -e "new (require('better-sqlite3'))(':memory:').close()"

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
# The pictures shared links show are drawn with DejaVu's serif and sans: sharp renders the SVG with
# fontconfig, which reads its configuration from fontconfig-config (without it, the first picture
# of each process writes a fontconfig error to stderr, which is not a JSON log line).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core fontconfig-config && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_PATH=/data/cache.sqlite
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.ts ./
COPY server ./server
# The product extractor runs in a worker thread straight from its source.
COPY app/server/partner/extract.server.ts app/server/partner/extract-worker.server.ts ./app/server/partner/
# A bind-mounted /data must be writable by uid 1000 (see docs/deploy.md); a named volume takes
# this directory's owner.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.ts"]
