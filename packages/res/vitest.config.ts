import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

// One module graph per worker, not one per test file (issue #30): tests that need a fresh module import it
// after vi.resetModules(), spies and kernel modes are restored after their test or file. Its three
// files run in one worker (package.json's --maxWorkers=1): a second one only imported the sources again.
export default defineProject(relicProject('res', import.meta.dirname, { isolate: false }, { sharedTransforms: true }));
