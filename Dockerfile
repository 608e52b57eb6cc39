# syntax=docker/dockerfile:1

# ---- dependencies (with dev tools, for the build) ----
FROM node:24-slim AS deps
WORKDIR /app
# better-sqlite3 ships prebuilt binaries; the toolchain is only a fallback.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
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
RUN npm prune --omit=dev && rm -rf node_modules/.cache

# ---- runtime ----
FROM node:24-slim AS runtime
# The pictures shared links show are drawn with DejaVu's serif and sans (sharp renders the SVG with fontconfig).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
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
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.ts"]
