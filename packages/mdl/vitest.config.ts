import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

// One module graph per worker, not one per test file (issue #30): tests that need a fresh module import it
// after vi.resetModules(), spies and kernel modes are restored after their test or file.
export default defineProject(relicProject('mdl', import.meta.dirname, { isolate: false }, { oneWorker: true, sharedTransforms: true }));
