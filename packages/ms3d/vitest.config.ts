import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

// Each test file keeps its own module graph (isolate): with one graph per worker, lod's peak-memory and
// hardening time budgets ran 2-2.5× slower and failed (issue #30 measurement).
export default defineProject(relicProject('ms3d', import.meta.dirname));
