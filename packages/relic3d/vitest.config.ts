import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

export default defineProject(relicProject('relic3d', import.meta.dirname, { isolate: false }, { sharedTransforms: true }));
