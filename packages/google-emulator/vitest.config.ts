import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'google-emulator', include: ['src/**/*.test.ts'] },
});
