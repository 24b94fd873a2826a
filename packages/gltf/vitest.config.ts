import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

// One module graph per worker: the corpus suites share each model's parse and .glb (test/corpus-scenes.ts).
export default defineProject(relicProject('gltf', import.meta.dirname, { isolate: false }, { sharedTransforms: true }));
