// Shared vitest project settings; the root vitest.config.ts lists every project.
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
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
 * Whether vitest runs from this folder only (turbo's test task, `npx vitest run` there), not a root run of every project.
 * @param {string} dir the package folder
 * @param {string} [cwd] vitest's working folder
 */
export function runsAlone(dir, cwd = process.cwd()) {
  return realpathSync(cwd) === realpathSync(dir);
}

/**
 * The transformed-module cache every sharing project reads and writes (vitest's experimental.fsModuleCache),
 * git-ignored under node_modules. One folder per lockfile: vitest empties its folder when the lockfile it
 * recorded changes, which could pull it from under another task writing it; a new folder never needs that.
 */
export const transformCache = path.join(
  root,
  'node_modules/.vitest-transforms',
  createHash('sha1').update(readFileSync(path.join(root, 'pnpm-lock.yaml'))).digest('hex').slice(0, 12),
);

/**
 * vitest keys a cached transform by the root and the text of the config files; a project's own
 * vitest.config.ts sets test options only (vitest-shared-transforms.test.ts checks it), so only the
 * shared files key it, and one package's task reuses what another's transformed.
 */
const sharedConfigKey = {
  name: 'relic3d:shared-transform-key',
  /** @param {{ configFileDependencies: string[] }} config */
  configResolved(config) {
    const own = config.configFileDependencies.filter((file) => path.basename(file) === 'vitest.config.ts');
    for (const file of own) config.configFileDependencies.splice(config.configFileDependencies.indexOf(file), 1);
  },
};

/**
 * One vitest project per package.
 * @param {string} name project name
 * @param {string} dir the package folder (import.meta.dirname of its config)
 * @param {Record<string, unknown>} [test] extra test options
 * @param {{ oneWorker?: boolean, sharedTransforms?: boolean }} [run]
 *   oneWorker: a light suite run alone takes one worker, whatever the script's --maxWorkers: with isolate:
 *   false its files share one module graph, so the sources are imported once, not once per worker (issue
 *   #30); turbo runs three tasks on two cores, so a second worker bought only wall time. A root run of
 *   every project keeps the root's workers.
 *   sharedTransforms: the TypeScript sources (core, kernels, fixtures…) are transformed once for every
 *   such package's task, not once per task: vite's root is the repo's, the tests are found from `dir`.
 */
export function relicProject(name, dir, test = {}, run = {}) {
  const oneWorker = run.oneWorker && runsAlone(dir) ? { fileParallelism: false } : {};
  const shared = run.sharedTransforms
    ? { root, dir, experimental: { fsModuleCache: true, fsModuleCachePath: transformCache } }
    : { root: dir };
  return {
    resolve: { alias: sourceAliases },
    ...(run.sharedTransforms ? { plugins: [sharedConfigKey] } : {}),
    test: {
      name,
      ...shared,
      include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
      environment: 'node',
      testTimeout: 60_000,
      hookTimeout: 60_000,
      ...oneWorker,
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
