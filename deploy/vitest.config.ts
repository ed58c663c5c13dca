import { defineProject } from 'vitest/config';

export default defineProject({
  // The checks import the server's config module and the contract from their TypeScript sources.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: { name: 'deploy', include: ['*.test.ts'] },
});
