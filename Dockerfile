# syntax=docker/dockerfile:1
# The server's container image (issue 37 item 4; README "Deploy", docs/operations.md "Deployment").
# Build: docker build -t benefits-claim-platform .   Run: see compose.yaml.
# The image serves the API, the member app and the back office (`node apps/api/dist/main.js`) and
# carries the migration step (`node apps/api/dist/db/migrate.cli.js`, run before the servers).

# ---- build: every dependency, then `npm run build` (contract, web app, back office, server) ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The workspaces' manifests first, so `npm ci` is cached while only sources change.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/web-client/package.json packages/web-client/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies only, the built output, a non-root user ----
FROM node:20-bookworm-slim AS runtime
# MALLOC_ARENA_MAX=2: glibc's malloc keeps two arenas, not one per thread (about 30 MB less
# resident memory under load, issue 40 item 5; docs/benchmarks.md "Memory soak").
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/var/lib/bcp \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/web-client/package.json packages/web-client/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
# No devDependencies: the server never loads one in production (the demo data generator is
# imported lazily and refused there; LOG_FORMAT=pretty needs pino-pretty and is for development).
RUN npm ci --omit=dev --no-audit --no-fund \
    && npm cache clean --force \
    && mkdir -p /var/lib/bcp \
    && chown node:node /var/lib/bcp
COPY --from=build /app/packages/contract/dist packages/contract/dist
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/drizzle apps/api/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/admin/dist apps/admin/dist
# The command-line helper the compiled scripts import (migrate.cli.js: --help, bad options).
COPY --from=build /app/scripts/lib scripts/lib
# The application files stay owned by root (read-only to the server); only DATA_DIR is writable.
USER node
EXPOSE 3000
# Readiness (database and Redis answer); slim images have no curl, so Node asks.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/api/dist/main.js"]
