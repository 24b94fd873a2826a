import { defineConfig } from 'vitest/config';
import { relicProject } from './vitest.base.js';

export default defineConfig(relicProject('config', import.meta.dirname));
