# Bahi's image: built with the dev dependencies, run with the runtime ones only, on the official
# Node 24 image, as the unprivileged `node` user, data in the /data volume.
# These are the steps of scripts/release.mjs (`npm run release`), which runs them without Docker:
# keep the two identical. See README "Deploying".
#
#   docker build -t bahi:0.2.0 .
#   docker run -p 3000:3000 -v bahi-data:/data -e PUBLIC_URL=https://bahi.example.in \
#     -e SMTP_URL=smtps://user:pass@smtp.example.in:465 -e AUTH_SECRET=... bahi:0.2.0

# ---- build stage: dev dependencies, the web app and the compiled server -------------------------
FROM node:24-slim AS build
WORKDIR /src
# 1. the dependencies first, so that a change of sources reuses this layer
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
# 2. the sources, and the build
COPY . .
RUN npm run build
# 3. the release folder: dist/, the migrations, a package.json of runtime dependencies, their
#    node_modules (no build tool, no Node binary from npm)
RUN node scripts/release.mjs --assemble /release

# ---- run stage: the release folder alone --------------------------------------------------------
FROM node:24-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
# The application's files belong to root (the server cannot change its own code); the data
# folder to `node` (uid 1000, made by the official image), which runs the server.
RUN mkdir -p /data && chown node:node /data
WORKDIR /app
COPY --from=build /release /app
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready means: the database answers and migrations are done (README "API: health, readiness").
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# 4. the compiled server directly: SIGTERM from `docker stop` reaches it (no npm or shell between)
# The arguments and malloc setting of scripts/server-node-args.mjs (what `npm start` passes): a lean
# young generation, large blocks handed back to the system when freed.
ENV GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072
CMD ["node", "--max-semi-space-size=16", "--no-allocation-site-pretenuring", "--expose-gc", "dist/server/main.mjs"]
