import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server the dev proxy forwards /api (and the WebSocket under it) to. */
const apiTarget =
  process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, changeOrigin: true, ws: true } },
  },
  build: { manifest: true, sourcemap: false, chunkSizeWarningLimit: 800 },
});
