# syntax=docker/dockerfile:1
# Latchkey provider (and, as the `clickwise` target, the Clickwise example site) for production.
# Multi-stage: the build stage has the compilers and dev dependencies; the runtime stage has only
# what `node apps/provider/dist/bundle/provider/main.js` and the CLI load, and runs as the
# unprivileged `node` user. It writes nothing to its own file system when DATABASE_URL is set, so
# run it with a read-only root (docker run --read-only, compose `read_only: true`).
# See docs/deploy.md (what was and was not verified on the machine that wrote this).

ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first, so the dependency layer is reused until they change.
COPY package.json package-lock.json tsconfig.json tsconfig.base.json ./
COPY packages/wire/package.json packages/wire/
COPY packages/client/package.json packages/client/
COPY packages/react/package.json packages/react/
COPY packages/node/package.json packages/node/
COPY apps/provider/package.json apps/provider/
COPY apps/demo/package.json apps/demo/
COPY apps/clickwise/package.json apps/clickwise/
COPY apps/console/package.json apps/console/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY packages packages
COPY apps apps
# TypeScript for every workspace, the provider's bundle (main and CLI) and PGlite template, the console
# and Clickwise.
RUN npx tsc -b \
 && node apps/provider/scripts/bundle.mjs --force \
 && node apps/provider/scripts/pglite-template.mjs --force \
 && node packages/react/scripts/build-standalone.mjs \
 && npm run build -w @latchkey/console \
 && npm run build -w @latchkey/clickwise \
 && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
# The root manifest marks /app as the repository root (config.ts findRepoRoot).
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/wire/package.json packages/wire/
COPY --from=build /app/packages/wire/dist packages/wire/dist
COPY --from=build /app/apps/provider/package.json apps/provider/
COPY --from=build /app/apps/provider/dist apps/provider/dist
COPY --from=build /app/apps/provider/assets apps/provider/assets
COPY --from=build /app/apps/console/dist/site apps/console/dist/site
# PGlite's files when DATABASE_URL is unset: mount a volume here (or use PostgreSQL).
RUN mkdir -p /var/lib/latchkey && chown node:node /var/lib/latchkey
USER node

FROM runtime AS clickwise
USER root
# Clickwise's server renders with the workspace packages (@latchkey/node, @latchkey/react).
COPY --from=build /app/packages packages
COPY --from=build /app/apps/clickwise/package.json apps/clickwise/
COPY --from=build /app/apps/clickwise/server apps/clickwise/server
COPY --from=build /app/apps/clickwise/dist apps/clickwise/dist
USER node
ENV CLICKWISE_HOST=0.0.0.0 CLICKWISE_PORT=3000
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.CLICKWISE_PORT||3000)+'/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/clickwise/server/main.mjs"]

# The last stage is what `docker build .` makes: the provider.
FROM runtime AS provider
# Listens on every interface of the container: production then requires LATCHKEY_TRUSTED_PROXIES
# (the proxy's address or range, or 0 when clients connect directly).
ENV HOST=0.0.0.0 PORT=4000 LATCHKEY_DATA_DIR=/var/lib/latchkey
EXPOSE 4000
# Liveness without the database (GET /healthz); point the balancer's readiness at GET /readyz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "apps/provider/dist/bundle/provider/main.js"]
