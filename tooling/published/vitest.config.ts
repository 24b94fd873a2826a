import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

// Packs and installs the public packages once for both suites (src/install.ts).
export default defineProject(
  relicProject('published', import.meta.dirname, {
    globalSetup: ['./src/install.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
  }),
);
