import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

// The three e2e files (each a Chromium, mostly waiting on it) run side by side on one viewer build. A
// project with its own maxWorkers needs its own groupOrder in a root run of every project. One module
// graph per worker (issue #30: each unit file imported its sources again); the tests restore what
// they change (fetch, spies), and each e2e file's session starts its own server, browser and pages.
export default defineProject(relicProject('viewer', import.meta.dirname, { testTimeout: 120_000, hookTimeout: 240_000, maxWorkers: 3, isolate: false, sequence: { groupOrder: 2 }, globalSetup: ['test/e2e/build.ts'] }));
