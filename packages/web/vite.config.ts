import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server forwards every server call to the tscloud server (packages/server, default port 8080).
const server = process.env.TSCLOUD_SERVER ?? 'http://127.0.0.1:8080';

// The build variant: VITE_TSCLOUD_* when given, else the server's own TSCLOUD_EDITION / TSCLOUD_MARKETPLACE /
// SUPPORT_EMAIL, so `npm start` with one set of variables builds the matching web app.
const variant = (name: string, serverName: string) =>
  JSON.stringify(process.env[`VITE_${name}`] ?? process.env[serverName] ?? '');

export default defineConfig({
  plugins: [react()],
  define: {
    'import.meta.env.VITE_TSCLOUD_EDITION': variant('TSCLOUD_EDITION', 'TSCLOUD_EDITION'),
    'import.meta.env.VITE_TSCLOUD_MARKETPLACE': variant('TSCLOUD_MARKETPLACE', 'TSCLOUD_MARKETPLACE'),
    'import.meta.env.VITE_TSCLOUD_SUPPORT_EMAIL': variant('TSCLOUD_SUPPORT_EMAIL', 'SUPPORT_EMAIL'),
  },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/uc/api': { target: server, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2000,
  },
});
