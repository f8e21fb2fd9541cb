import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The client lives in web/ and builds to dist/web, which the API serves. In `npm run dev` the API
// runs on PORT+1 and Vite proxies /api to it.
export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss()],
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600 },
  server: {
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 5001}`, changeOrigin: false } },
  },
});
