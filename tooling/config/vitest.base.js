// Shared vitest project settings; the root vitest.config.ts lists every project.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Workspace packages resolve to their sources, so tests never run against a stale build. */
export const sourceAliases = [
  { find: /^@relic3d\/scene-facts$/, replacement: path.join(root, 'tooling/scene-facts/src/index.ts') },
  { find: /^@relic3d\/test-harness$/, replacement: path.join(root, 'tooling/test-harness/src/index.ts') },
  { find: /^@relic3d\/fixtures\/([a-z0-9-]+)$/, replacement: path.join(root, 'packages/fixtures/src/$1.ts') },
  { find: /^@relic3d\/kernels$/, replacement: path.join(root, 'packages/kernels/src/index.ts') },
  { find: /^@relic3d\/kernels\/reference$/, replacement: path.join(root, 'packages/kernels/src/reference.ts') },
  { find: /^@relic3d\/([a-z0-9-]+)$/, replacement: path.join(root, 'packages/$1/src/index.ts') },
  { find: /^@relic3d\/([a-z0-9-]+)\/node$/, replacement: path.join(root, 'packages/$1/src/node.ts') },
  { find: /^relic3d$/, replacement: path.join(root, 'packages/relic3d/src/index.ts') },
  { find: /^relic3d\/node$/, replacement: path.join(root, 'packages/relic3d/src/node.ts') },
];

/**
 * One vitest project per package.
 * @param {string} name project name
 * @param {string} dir the package folder (import.meta.dirname of its config)
 * @param {Record<string, unknown>} [test] extra test options
 */
export function relicProject(name, dir, test = {}) {
  return {
    resolve: { alias: sourceAliases },
    test: {
      name,
      root: dir,
      include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
      environment: 'node',
      testTimeout: 60_000,
      hookTimeout: 60_000,
      ...test,
      // Typed and primitive arrays compared in a loop, as vitest would decide them (vitest-equality.js).
      // RELIC3D_FILE_CPU=log records each test file's CPU (file-cpu.js; first, to span the others).
      // Each file gets its own temporary folder and fails if it leaves a relic3d-* folder in it (temp-guard.js).
      setupFiles: [
        ...(process.env.RELIC3D_FILE_CPU ? [path.join(root, 'tooling/config/file-cpu.js')] : []),
        path.join(root, 'tooling/config/temp-guard.js'),
        path.join(root, 'tooling/config/vitest-equality.js'),
        ...(/** @type {string[]} */ (test.setupFiles) ?? []),
      ],
    },
  };
}
