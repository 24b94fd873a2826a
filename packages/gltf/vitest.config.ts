import { defineProject } from 'vitest/config';
import { relicProject } from '@relic3d/config/vitest';

export default defineProject(relicProject('gltf', import.meta.dirname));
