import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

// Transforms shared with the other packages (vitest.base.js): 10.5-11.5 -> 6.1 CPU-s for its imports
// alone (Blender absent, cache warm, load 33). One Blender process serves a whole test file (src/run-blender.ts); its startup hook converts and
// imports the corpus, so the hook's limit is long. A test writes Blender's export in five formats
// (Woman4's 142 s clip, sampled by Blender at 24 fps, takes minutes on a loaded machine).
export default defineProject(relicProject('blender', import.meta.dirname, { testTimeout: 600_000, hookTimeout: 1_800_000 }, { sharedTransforms: true }));
