import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

// One Blender process serves a whole test file (src/run-blender.ts); its startup hook converts and
// imports the corpus, so the hook's limit is long.
export default defineProject(relicProject('blender', import.meta.dirname, { testTimeout: 120_000, hookTimeout: 1_200_000 }));
