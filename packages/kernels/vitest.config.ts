import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

// One module graph per worker, not one per test file (issue #30): tests that need a fresh module import it
// after vi.resetModules(), spies and kernel modes are restored after their test or file.
// staging/ holds the format-side skin-weight layouts until they move into their format packages.
export default defineProject(relicProject('kernels', import.meta.dirname, { include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'staging/**/*.test.ts'], isolate: false }, { oneWorker: true, sharedTransforms: true }));
