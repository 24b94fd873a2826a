import { defineConfig } from 'vitest/config';
import SummaryReporter from './tooling/config/summary-reporter.js';

// One root config; each package is a project with its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'tooling/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
    // 2-core machines: two workers, and corpus suites are heavy.
    maxWorkers: 2,
    reporters: ['default', new SummaryReporter()],
  },
});
