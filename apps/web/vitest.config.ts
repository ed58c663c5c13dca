import { webTestProject } from './vitest.shared';

// The files that mock run in vitest.isolated.config.ts (vitest.shared.ts says why).
export default webTestProject(false);
