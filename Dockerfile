# One image for both processes: `server` (API, Socket.IO, built client) and `worker` (jobs).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY core/package.json core/
COPY server/package.json server/
COPY worker/package.json worker/
COPY client/package.json client/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund --include=dev
COPY . .
RUN npm run build
EXPOSE 3000
CMD ["node", "--import", "tsx", "server/src/main.ts"]
