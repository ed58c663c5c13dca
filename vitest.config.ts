import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { webTestProjects } from './apps/web/vitest.shared';

// One Vitest run covers every workspace's unit and integration tests (the browser journeys are Playwright's).
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    projects: [
      'packages/contract',
      'packages/google-emulator',
      'apps/server',
      // The web app's two projects, shared and isolated (apps/web/vitest.shared.ts).
      ...webTestProjects(),
      'deploy',
    ],
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine. Most files
    // here wait on servers, databases and browsers rather than compute, so two workers keep both cores busy
    // (docs/performance.md, "The test suite": 1006 s against 1436 s for the whole run on 2 cores).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
