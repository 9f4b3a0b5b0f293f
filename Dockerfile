# One image for the three roles: `server` (API, Socket.IO, built client; the default command),
# `worker` (node dist/worker.js) and `migrate` (node dist/migrate.js, one-shot). Built once.

# 1. Everything needed to build: the client (Vite) and the compiled server, worker and migrator.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY core/package.json core/
COPY server/package.json server/
COPY worker/package.json worker/
COPY client/package.json client/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund
COPY . .
# Browser error reporting is built into the client only with this (docs/operations.md).
ARG VITE_SENTRY_DSN=
RUN npm run build && npm run build:server

# 2. Production dependencies of what runs (no Vite, no Playwright, no embedded PostgreSQL).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY core/package.json core/
COPY server/package.json server/
COPY worker/package.json worker/
COPY client/package.json client/
COPY tests/package.json tests/
RUN npm ci --omit=dev --no-audit --no-fund -w shared -w core -w server -w worker

# 3. The runtime: compiled JavaScript and production node_modules, as the unprivileged `node`.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/client/dist ./client/dist
COPY package.json ./
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/server.js"]
