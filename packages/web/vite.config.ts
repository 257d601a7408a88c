import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

// The dev server forwards every server call to the tscloud server (packages/server, default port 8080).
const server = process.env.TSCLOUD_SERVER ?? 'http://127.0.0.1:8080';

// The build variant: VITE_TSCLOUD_* when given, else the server's own TSCLOUD_EDITION / TSCLOUD_MARKETPLACE /
// SUPPORT_EMAIL, so `npm start` with one set of variables builds the matching web app.
const variant = (name: string, serverName: string) =>
  JSON.stringify(process.env[`VITE_${name}`] ?? process.env[serverName] ?? '');

/**
 * Big libraries in chunks of their own (docs/web.md "Delivery"): each is cached apart from the app code that changes
 * with every release, and the charts and the SQL editor load only with the pages that show them.
 */
const VENDOR_CHUNKS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'charts', test: /node_modules[\\/](echarts|zrender)[\\/]/ },
  { name: 'sql-editor', test: /node_modules[\\/](@codemirror|@lezer|codemirror|crelt|style-mod|w3c-keyname)[\\/]/ },
];

/**
 * Packages of antd's that are plain ES modules but do not say so (no `sideEffects` in their package.json), so the
 * bundler keeps every module they import: antd's Input alone then brought rc-field-form and async-validator (14 kB
 * gzip) onto the sign-in page through one re-export. None of their modules does anything when imported.
 */
const SIDE_EFFECT_FREE = /node_modules[\\/](@rc-component[\\/][\w-]+|@ant-design[\\/](colors|cssinjs|cssinjs-utils|fast-color))[\\/]/;

/**
 * antd's ConfigProvider imports its tooltip UniqueProvider (the popup engine: trigger, portal, resize observer, 8 kB
 * gzip) for an option the app does not use (`tooltip.unique`), so every page, the sign-in page included, loaded it.
 * Its import from ConfigProvider is pointed at a lazy stand-in that loads the real one if the option is ever set.
 */
const LAZY_UNIQUE_PROVIDER = fileURLToPath(new URL('./src/app/LazyTooltipUniqueProvider.tsx', import.meta.url));
const lazyTooltipUniqueProvider: Plugin = {
  name: 'tscloud-lazy-tooltip-unique-provider',
  enforce: 'pre',
  resolveId(source, importer) {
    const fromConfigProvider = importer !== undefined && /antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer);
    return fromConfigProvider && source === '../tooltip/UniqueProvider' ? LAZY_UNIQUE_PROVIDER : null;
  },
};

/**
 * Each lazy import carries the list of chunks to preload with it (Vite's modulePreload). The lists are trimmed of the
 * chunks the importing chunk imports statically: those are loaded before it runs, so the browser skips them anyway,
 * and on the entry the lists of every page were 0.5 kB gzip of the sign-in page's scripts (docs/web.md "Delivery").
 */
let writtenBundle: Rollup.OutputBundle = {};
const rememberBundle: Plugin = {
  name: 'tscloud-remember-bundle',
  enforce: 'pre',
  // Runs before Vite writes the preload lists (its import analysis is a later plugin) and hands over the same object.
  generateBundle(_options, bundle) {
    writtenBundle = bundle;
  },
};
function loadedWith(host: string, seen = new Set<string>()): Set<string> {
  const chunk = writtenBundle[host];
  if (seen.has(host) || chunk?.type !== 'chunk') return seen;
  seen.add(host);
  for (const imported of chunk.imports) loadedWith(imported, seen);
  return seen;
}

export default defineConfig({
  // The server sends these .br/.gz files to browsers that accept them (packages/server/src/http/web-app.ts).
  plugins: [lazyTooltipUniqueProvider, rememberBundle, react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  define: {
    'import.meta.env.VITE_TSCLOUD_EDITION': variant('TSCLOUD_EDITION', 'TSCLOUD_EDITION'),
    'import.meta.env.VITE_TSCLOUD_MARKETPLACE': variant('TSCLOUD_MARKETPLACE', 'TSCLOUD_MARKETPLACE'),
    'import.meta.env.VITE_TSCLOUD_SUPPORT_EMAIL': variant('TSCLOUD_SUPPORT_EMAIL', 'SUPPORT_EMAIL'),
  },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/uc/api': { target: server, changeOrigin: true },
      // The server's variant (contracts' web-variant.ts); without a server the build-time values apply.
      '/variant.js': { target: server, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    // .vite/manifest.json: which chunks each entry and page loads, read by the bundle budget test.
    manifest: true,
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId }) => {
        const loaded = loadedWith(hostId);
        return deps.filter((dep) => !loaded.has(dep));
      },
    },
    // The charts chunk (echarts core, tree-shaken: line and bar charts, canvas renderer for the dashboard, SVG for
    // the console's result charts) is 609 kB before compression, 206 kB gzip.
    chunkSizeWarningLimit: 650,
    rolldownOptions: {
      output: { codeSplitting: { groups: VENDOR_CHUNKS } },
      // Every other module: as its package.json says (undefined).
      treeshake: { moduleSideEffects: (id) => (SIDE_EFFECT_FREE.test(id) ? false : undefined) },
    },
  },
});
