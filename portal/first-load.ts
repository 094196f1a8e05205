// Build plugins that keep an author's first visit light (issue 16: initial JavaScript at most 150 KB gzip, Lighthouse
// performance at least 95 at mobile size; measured by bench/portal.ts).
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * The pages an author often opens first, by path, and the module App.tsx lazy-loads for each. Every page but the landing
 * page is its own chunk, which the app would only ask for once its entry had downloaded and run; a small script in
 * index.html asks for the chunks of the page being opened at once instead, alongside the entry.
 */
const FIRST_PAGES: Record<string, string> = {
  '/dashboard': 'pages/Dashboard.tsx',
  '/one-shot': 'generator/OneShot.tsx',
  '/ai-generator': 'generator/Wizard.tsx',
  '/demo': 'generator/StepFlow.tsx',
  '/workflow': 'generator/StepFlow.tsx',
  '/login': 'pages/Login.tsx',
  '/signup': 'pages/SignUp.tsx',
};

const chunksOf = (bundle: OutputBundle) => Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');

/** A chunk and the chunks it imports, transitively. */
function closure(bundle: OutputBundle, start: OutputChunk): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  visit(start.fileName);
  return [...seen];
}

/** Adds `<script async src="/assets/first-page-….js">`: it preloads the chunks of the page at location.pathname. */
export function preloadFirstPage(srcDir: string): Plugin {
  let base = '/';
  let script: string | undefined;
  return {
    name: 'pressroom-preload-first-page',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      // Before Vite writes index.html, whose hook below names the script.
      order: 'pre',
      handler(_options, bundle) {
        const chunks = chunksOf(bundle);
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return;
        const loaded = new Set(closure(bundle, entry));
        const files: Record<string, string[]> = {};
        for (const [path, module] of Object.entries(FIRST_PAGES)) {
          const page = chunks.find((chunk) => chunk.facadeModuleId === join(srcDir, module));
          if (!page) this.error(`first-load.ts: no chunk for ${module} (${path}); update FIRST_PAGES`);
          files[path] = closure(bundle, page).filter((file) => !loaded.has(file));
        }
        const source = `(()=>{for(const f of ${JSON.stringify(files)}[location.pathname.replace(/\\/$/,'')]||[]){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=${JSON.stringify(base)}+f;document.head.append(l)}})();\n`;
        script = `assets/first-page-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName: script, source });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => (script ? [{ tag: 'script', attrs: { async: true, src: `${base}${script}` }, injectTo: 'head-prepend' }] : []),
    },
  };
}

/**
 * react-admin falls back to a hash data router of its own when it is not inside a router; the back office always is
 * (App.tsx, /admin/*), so its adapter gets react-router-dom without that router: about 17 KB gzip of react-router that
 * only the fallback needs would otherwise sit in the chunk every first visit loads, shared with the portal's routing.
 */
export function adminInsidePortalRouter(srcDir: string): Plugin {
  return {
    name: 'pressroom-admin-inside-portal-router',
    apply: 'build',
    enforce: 'pre',
    resolveId(id, importer) {
      return id === 'react-router-dom' && importer?.includes('/ra-core/dist/routing/adapters/reactRouterProvider') ? join(srcDir, 'admin/portalRouter.ts') : null;
    },
  };
}

/** The stylesheet (a few KB) goes into index.html: the first paint need not wait for a request of its own. */
export function inlineStylesheet(): Plugin {
  return {
    name: 'pressroom-inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) =>
        html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)">/g, (tag, file: string) => {
          const css = ctx.bundle?.[file];
          return css?.type === 'asset' ? `<style>${String(css.source)}</style>` : tag;
        }),
    },
  };
}
