import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

// Packs and installs the public packages once for both suites (src/install.ts). The files run one
// after another in one worker and one module graph (issue #30): TypeScript loads once, and the
// declarations its programs parse (lib, @types, the installed .d.ts: src/declared.ts) are parsed
// once for both suites. fileParallelism: false wins over the script's --maxWorkers; a project with
// one worker needs its own groupOrder in a root run of every project.
export default defineProject(
  relicProject('published', import.meta.dirname, {
    globalSetup: ['./src/install.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    isolate: false,
    fileParallelism: false,
    sequence: { groupOrder: 1 },
  }),
);
