import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Proofs that measure the server's latency under attack (`*.proof.ts`). They run alone, after every
 * other test file, in a phase of their own in `npm test`: beside other test files on two cores, their
 * latencies would be the other files' as much as the server's.
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server-proofs',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.proof.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
