import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The API server (and, in local mode, the Google emulator under /__google) runs on port 3000 in development.
const apiServer = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // `source` makes workspace packages resolve to their TypeScript sources, so no package build is needed first.
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/__google': apiServer,
    },
  },
  build: { outDir: 'dist' },
});
