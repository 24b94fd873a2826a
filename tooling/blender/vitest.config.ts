import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

// One Blender process serves a whole test file (src/run-blender.ts); its startup hook converts and
// imports the corpus, so the hook's limit is long. A test writes Blender's export in five formats
// (Woman4's 142 s clip, sampled by Blender at 24 fps, takes minutes on a loaded machine).
// sharedTransforms: relic3d's sources come from the packages' transform cache (vitest.base.js): the
// suite's imports took 6.1 CPU-s with it, 10.5 and 11.5 without (Blender absent, load 33).
export default defineProject(relicProject('blender', import.meta.dirname, { testTimeout: 600_000, hookTimeout: 1_800_000 }, { sharedTransforms: true }));
