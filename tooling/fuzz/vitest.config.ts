import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

export default defineProject(relicProject('fuzz', import.meta.dirname, { testTimeout: 300_000, globalSetup: ['./test/bundle-once.ts'] }));
