import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

// One module graph per worker (issue #30: each file paid the sources' import again); the files share
// no module state, and pass in any order (--sequence.shuffle).
// One worker run alone: a second imported the sources again (20.7 vs 22.3 CPU-s, run side by side).
export default defineProject(relicProject('batch', import.meta.dirname, { isolate: false }, { oneWorker: true, sharedTransforms: true }));
