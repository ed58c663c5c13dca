import { webTestProject } from './vitest.shared';

// The web app's test files that mock modules or globals, each in a module graph of its own (vitest.shared.ts).
export default webTestProject(true);
