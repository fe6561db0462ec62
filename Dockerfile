# syntax=docker/dockerfile:1
#
# Two images from one build, one process each (see README, "Deploying"):
#   docker build --target api   -t federation-api   .   # the federation API (Hono) on port 4000
#   docker build --target admin -t federation-admin .   # the admin app (Next standalone) on port 3000
# Both run as the unprivileged `node` user. The admin app reaches the API at UPSTREAM_URL; only the
# admin app is published, behind a reverse proxy that terminates TLS.

ARG NODE_IMAGE=node:22-bookworm-slim

# ---- dependencies (all of them: the build needs the dev tools) ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# `npm ci` refuses this lock file (see .ci/run); `npm install` installs the locked versions.
RUN npm install --no-audit --no-fund

# ---- build: the admin app as a standalone server folder, with our admin server bundled into it ----
FROM deps AS build
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1
# Build-time settings of the admin app (inlined into the browser code): the map tile server.
ARG NEXT_PUBLIC_MAP_TILE_URL=
# …and the API as plain JavaScript (dist/api.js with its migrations), as `npm start` runs it.
RUN npx next build && node scripts/bundle-admin-server.mjs && node scripts/build-server.mjs --force

# ---- production dependencies of the API ----
FROM deps AS prod-deps
RUN npm prune --omit=dev

# ---- the federation API ----
FROM ${NODE_IMAGE} AS api
ENV NODE_ENV=production API_HOST=0.0.0.0 API_PORT=4000 DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json ./
# The compiled API (no TypeScript at run time); packages come from node_modules.
COPY --from=build /app/dist/api.js ./dist/api.js
COPY --from=build /app/dist/migrations ./dist/migrations
COPY --from=build /app/dist/licence-cards-worker.js ./dist/licence-cards-worker.js
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 4000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+(process.env.API_PORT||4000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/api.js"]

# ---- the admin app ----
FROM ${NODE_IMAGE} AS admin
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 NEXT_TELEMETRY_DISABLED=1
WORKDIR /app
COPY --from=build --chown=node:node /app/.next/standalone ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/admin').then(r=>process.exit(r.status<500?0:1),()=>process.exit(1))"
CMD ["node", "admin-server.js"]
