import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { webTestProjects } from './apps/web/vitest.shared';

/**
 * Vitest hands the workers the files of the projects in the order of the projects' names, each project's
 * files by size (the workers share the projects). The web app's isolated project came last, and its three
 * slowest files (10-13 s each, a fresh DOM and React per file) ended the stage with one worker idle. Handed
 * out first, its long files meet both workers fresh, and the stage ends on short files instead.
 */
class IsolatedWebFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) => (spec.project.name === 'web-isolated' ? 0 : 1);
    return sorted.sort((a, b) => first(a) - first(b));
  }
}

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
    sequence: { sequencer: IsolatedWebFirst },
  },
});
