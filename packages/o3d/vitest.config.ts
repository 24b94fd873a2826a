import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

// Each test file keeps its own module graph (isolate): shared per worker, ms3d's and mdl's kernels-ready tests
// found the WASM kernels already active, and lod's memory and time budgets ran 2-2.5× slower and failed (issue #30).
export default defineProject(relicProject('o3d', import.meta.dirname));
