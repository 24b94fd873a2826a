#!/usr/bin/env node
// Entry of `pnpm fuzz`: bundles the runner and the child from TypeScript sources (workspace
// packages from their src/, so coverage maps to packages/<format>/src), then runs the runner.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const cache = path.join(here, '.cache');

/** @relic3d/* imports resolve to sources, as in the tests (tooling/config/vitest.base.js). */
const sources = {
  name: 'relic3d-sources',
  setup(b) {
    b.onResolve({ filter: /^@relic3d\/test-harness(\/byte-writer)?$/ }, (a) => ({ path: path.join(root, 'tooling/test-harness/src', a.path.endsWith('byte-writer') ? 'byte-writer.ts' : 'index.ts') }));
    b.onResolve({ filter: /^@relic3d\/[a-z0-9-]+(\/node)?$/ }, (a) => {
      const [, name, node] = /^@relic3d\/([a-z0-9-]+)(\/node)?$/.exec(a.path);
      if (name === 'test-harness' || name === 'config') return undefined;
      return { path: path.join(root, 'packages', name, 'src', node ? 'node.ts' : 'index.ts') };
    });
  },
};

export async function bundle() {
  await build({
    entryPoints: { child: path.join(here, 'src/child.ts'), main: path.join(here, 'src/main.ts') },
    outdir: cache,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'external',
    sourcesContent: false,
    // gltf-validator (dart2js, CommonJS) and typescript load from node_modules at run time.
    external: ['gltf-validator', 'typescript'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    plugins: [sources],
    logLevel: 'warning',
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bundle();
  const { cli } = await import(pathToFileURL(path.join(cache, 'main.mjs')).href);
  process.exitCode = await cli(process.argv.slice(2));
}
