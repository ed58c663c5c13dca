import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace's unit and integration tests (the browser journeys are Playwright's).
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    projects: ['packages/contract', 'packages/google-emulator', 'apps/server', 'apps/web', 'deploy'],
  },
});
