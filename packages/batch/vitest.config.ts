import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

// One module graph per worker (issue #30: each file paid the sources' import again); the files share
// no module state, and pass in any order (--sequence.shuffle).
export default defineProject(relicProject('batch', import.meta.dirname, { isolate: false }, { sharedTransforms: true }));
