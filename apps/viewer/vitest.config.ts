import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

export default defineProject(relicProject('viewer', import.meta.dirname, { testTimeout: 120_000, hookTimeout: 240_000 }));
