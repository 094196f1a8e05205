# One image for the API, the worker, the setup job and the portal (docker-compose.yml picks the command).
FROM node:24-bookworm-slim
WORKDIR /app
# pdftoppm (poppler-utils) rasterises PDF pages for previews and thumbnails; Noto CJK sets Japanese, Chinese and Korean.
RUN apt-get update && apt-get install -y --no-install-recommends poppler-utils fonts-noto-cjk && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY . .
RUN node_modules/typescript-7/bin/tsc -p apps/api/tsconfig.build.json \
 && node_modules/.bin/vite build --config portal/vite.config.ts
ENV NODE_ENV=production
EXPOSE 3000 4173
CMD ["node", "--enable-source-maps", "dist/apps/api/src/main.js"]
