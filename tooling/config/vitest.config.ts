import { defineConfig } from 'vitest/config';
import { relicProject } from './vitest.base.js';

// One module graph per worker (isolate: false): TypeScript, ESLint and typescript-eslint load once
// per worker instead of once per test file (issue #30: most of this suite's CPU was their loading).
// turbo's plans that several files read are made once per run (test/turbo-dry.ts). One worker run alone:
// a second loaded TypeScript, ESLint and oxlint's configs again (30.1 → 27.6 and 30.5 → 22.9 CPU-s, interleaved, load ~20).
export default defineConfig(relicProject('config', import.meta.dirname, { isolate: false, globalSetup: ['./test/turbo-dry.ts'] }, { oneWorker: true }));
