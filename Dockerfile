# SheetForms server image: the API, the built web app and Chromium for PDF export, in one process.
# Build from the repository root:  docker build -t sheetforms:local .
# How to run several instances behind nginx: docs/deploy.md.

# Build stage: better-sqlite3 compiles from source, so it needs python3, make and g++. Both stages use the
# same Debian release, so the native modules built here load in the runtime stage.
FROM node:22-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app

# The manifests first: `npm ci` is cached until a dependency changes, not on every source edit.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/google-emulator/package.json packages/google-emulator/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci

COPY . .
RUN npm run build

# Keep only what the server loads: production dependencies and the compiled output of the workspaces it
# runs (the web app's dist holds the prerendered pages and the bundled form renderer).
RUN npm prune --omit=dev \
 && mkdir -p /out \
 && cp -a package.json node_modules /out/ \
 && for ws in packages/contract packages/google-emulator apps/server apps/web; do \
      mkdir -p "/out/$ws" && cp -a "$ws/package.json" "$ws/dist" "/out/$ws/" \
      && if [ -d "$ws/node_modules" ]; then cp -a "$ws/node_modules" "/out/$ws/"; fi; \
    done

# Runtime stage: Debian's Chromium (CHROMIUM_PATH defaults to /usr/bin/chromium) and fonts for the PDFs.
FROM node:22-bookworm-slim AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-liberation fonts-dejavu-core fonts-noto-color-emoji \
 && rm -rf /var/lib/apt/lists/*
# MALLOC_ARENA_MAX=2 as `npm start` sets it: fewer glibc arenas for the SQLite writer thread and libuv's
# pool, about 10-20 MiB less resident memory (docs/performance.md, memory).
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data \
    MALLOC_ARENA_MAX=2
WORKDIR /app
# Owned by root: the server's user can read its code but not change it. DATA_DIR is the one writable
# directory (with PostgreSQL little or nothing is kept there).
COPY --from=build /out/ ./
RUN mkdir -p /app/data && chown node:node /app/data
# The base image's unprivileged user (uid 1000).
USER node
EXPOSE 3000
# Liveness only (the process answers); proxies and compose decide readiness with /api/v1/health/ready.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# V8's heap as `npm start` sizes it (decisions 0031 and 0037): 8 MB semi-spaces instead of 16, and the old
# generation allowed to double between full collections instead of growing up to 4 times.
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=100", "apps/server/dist/main.js"]
