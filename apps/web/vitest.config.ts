import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    conditions: ['source'],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    // jsdom by default. A file that needs no DOM starts with `// @vitest-environment node`: a jsdom
    // environment costs over a second per file on 2 cores (the web project ran in 216 s instead of 266 s
    // once 47 more such files said so; 50 do).
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Vitest globals are off, so Testing Library cannot register its own cleanup.
    setupFiles: ['./src/testing/setup.ts'],
  },
});
