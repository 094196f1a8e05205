import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { adminInsidePortalRouter, inlineStylesheet, preloadFirstPage } from './first-load.ts';
import { portalHeaders } from './security-headers.ts';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
const api = process.env.PRESSROOM_API_URL ?? 'http://127.0.0.1:3000';
// The portal and the API share one origin: the dev server and `vite preview` forward /api to the API.
const proxy = { '/api': { target: api, changeOrigin: false, xfwd: true } };
// The API also writes the sitemap, robots.txt and, for the built portal, the shop's pages: index.html with the book's
// title, Open Graph tags and structured data in its head and a summary for crawlers (apps/api/src/shop-pages). Those
// pages keep the portal's own headers. The dev server leaves the shop's pages to the app.
const toPages = (path: string) => `/api/pages${path}`;
const crawlerFiles = { '^/(sitemap\\.xml|robots\\.txt)$': { ...proxy['/api'], rewrite: toPages } };
const shopPages: ProxyOptions = {
  ...proxy['/api'],
  rewrite: toPages,
  configure: (server) =>
    server.on('proxyRes', (response) => {
      for (const [name, value] of Object.entries(portalHeaders('preview'))) response.headers[name.toLowerCase()] = value;
    }),
};
const src = `${import.meta.dirname}/src`;
// The one inline script of the dev server's page: React Refresh's preamble, as the plugin writes it for base '/'.
const refreshPreamble = react.preambleCode.replace('__BASE__', '/');

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), preloadFirstPage(src), adminInsidePortalRouter(src), inlineStylesheet()],
  define: {
    __APP_VERSION__: JSON.stringify(version),
    __BUILD_DATE__: JSON.stringify(new Date().toISOString().slice(0, 10)),
  },
  server: { host: '127.0.0.1', proxy: { ...proxy, ...crawlerFiles }, headers: portalHeaders('dev', [refreshPreamble]) },
  preview: { host: '127.0.0.1', proxy: { ...proxy, ...crawlerFiles, '^/shop(/[^/?]+)?/?(\\?.*)?$': shopPages }, headers: portalHeaders('preview') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      // libs/domain is constants and pure functions: a page's chunks carry the parts of it that page uses, not all of it.
      treeshake: { moduleSideEffects: [{ test: /\/libs\/domain\//, sideEffects: false }] },
      experimental: { lazyBarrel: true },
    },
  },
});
