# The production image: `docker build -t techspark-web .` then
#   docker run -p 3000:3000 -v techspark-data:/data techspark-web
# Configuration by environment variables (docs/deploy.md). Three stages: build the site, install
# the production dependencies (better-sqlite3 compiles here if no prebuilt binary fits), and a
# slim runtime with only what `node server/main.ts` loads.

FROM node:24-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# The image has Node 24: the pinned Node package (an optional dependency) is not needed.
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund

FROM node:24-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
COPY server ./server
COPY app ./app
COPY scripts/inbox.ts ./scripts/inbox.ts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/main.ts"]
