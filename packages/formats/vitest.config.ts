import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

// No module-level state in these tests (no vi.mock, spies restored after each test): one module graph per
// worker instead of one per test file, as importing the sources again was most of the run (issue #30).
export default defineProject(relicProject('formats', import.meta.dirname, { isolate: false }, { sharedTransforms: true }));
