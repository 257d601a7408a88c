import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server forwards every server call to the tscloud server (packages/server, default port 8080).
const server = process.env.TSCLOUD_SERVER ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
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
