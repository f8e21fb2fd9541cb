# syntax=docker/dockerfile:1
# One image for the three process types; pick one with --target or by overriding the command:
#   docker build --target web -t blueprint-shop-web .        (node dist/server/web.js, PORT 5000)
#   docker build --target worker -t blueprint-shop-worker .  (node dist/server/worker.js)
#   docker build --target release -t blueprint-shop-release . (node dist/server/migrate.js, then exits)
# test/build/dockerfile.test.ts runs these stages' commands on a clean copy of the repository, since
# `docker build` is not available where the tests run: keep each command on one RUN/CMD line.

# ---- build: every dependency, then the client (vite) and the server bundles (esbuild) into dist/
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts
COPY . .
RUN npm run build

# ---- runtime: production dependencies only, the build output and the files read at run time
FROM node:24-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts
COPY --from=build /app/dist ./dist
COPY migrations ./migrations
COPY worker/crontab ./worker/crontab
# Local file storage (DATA_DIR, when S3_BUCKET is unset) must be writable by the process's user.
RUN mkdir -p .data && chown node:node .data
USER node

FROM runtime AS release
CMD ["node", "dist/server/migrate.js"]

FROM runtime AS worker
CMD ["node", "dist/server/worker.js"]

# Last, so a plain `docker build .` gives the web image.
FROM runtime AS web
EXPOSE 5000
CMD ["node", "dist/server/web.js"]
