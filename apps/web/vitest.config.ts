import { defineConfig } from 'vitest/config';
import { webTestProjects } from './vitest.shared';

// The web app's two test projects (vitest.shared.ts says why two); the repository's root config lists the same.
export default defineConfig({ test: { projects: webTestProjects() } });
