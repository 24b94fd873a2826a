import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

// staging/ holds the format-side skin-weight layouts until they move into their format packages.
export default defineProject(relicProject('kernels', import.meta.dirname, { include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'staging/**/*.test.ts'] }));
