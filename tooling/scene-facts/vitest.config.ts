import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

export default defineProject(relicProject('scene-facts', import.meta.dirname, {}, { oneWorker: true, sharedTransforms: true }));
