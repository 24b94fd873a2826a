import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

// One module graph per worker: the corpus suites share each model's parse and .glb (test/corpus-scenes.ts).
// One worker run alone (issue #30): a second one exported the corpus and imported glTF-Transform and the
// validator again (71.8 vs 77.8 CPU-s, run side by side).
export default defineProject(relicProject('gltf', import.meta.dirname, { isolate: false }, { oneWorker: true, sharedTransforms: true }));
