import { defineConfig } from 'vitest/config';

// One root config; each package is a project with its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'tooling/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
    // 2-core machines: two workers, and corpus suites are heavy.
    maxWorkers: 2,
  },
});
