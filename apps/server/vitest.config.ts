import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    // One module graph per worker, shared by the files it runs, instead of importing the whole server
    // again for every file: the files' imports took 160 s of worker time, 19 s shared (docs/performance.md,
    // "The test suite"). A file must therefore leave modules as it found them: nothing here mocks a module
    // (src/test/module-isolation.test.ts keeps it so, here and in the Google emulator), and state kept in modules is per app or meant to be
    // shared (the emulators' RSA keys).
    isolate: false,
    include: ['src/**/*.test.ts'],
    // Integration tests start real HTTP servers and databases; give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
