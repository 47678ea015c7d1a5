# The production image: one image for API and worker processes (docker-compose.yml runs both).
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source; sharp and resvg ship prebuilt binaries in their npm packages.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY engine/package.json engine/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY content/package.json content/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs

FROM node:20-bookworm-slim
WORKDIR /app
# An image is for serving others: with PUBLIC_DEPLOYMENT the server listens on every interface
# (HOST 0.0.0.0, where a private install keeps to 127.0.0.1), refuses to start until
# PAYMENT_PROVIDER is chosen, and says where reset mails go without SMTP_URL (docs/security.md).
ENV NODE_ENV=production DATA_DIR=/data PUBLIC_DEPLOYMENT=true
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
CMD ["node", "--enable-source-maps", "server/dist/server.js"]
