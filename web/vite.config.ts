import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server runs on SERVER_PORT in development (scripts/dev.mjs starts both).
const serverTarget = `http://localhost:${process.env.SERVER_PORT ?? 3001}`;

export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 3000),
    proxy: {
      '/api': serverTarget,
      // Clan mark layers are drawn by the server; default_clan.png itself is served from web/public.
      '/clan-logos': {
        target: serverTarget,
        bypass: (request) => (request.url?.endsWith('/default_clan.png') ? request.url : undefined),
      },
      '/socket.io': { target: serverTarget, ws: true },
    },
  },
});
