#!/usr/bin/env node
// Entry of `pnpm fuzz`: bundles the runner and the child from TypeScript sources (workspace
// packages from their src/, so coverage maps to packages/<format>/src), then runs the runner.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
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
    b.onResolve({ filter: /^@relic3d\/fixtures\/[a-z0-9-]+$/ }, (a) => ({ path: path.join(root, 'packages/fixtures/src', `${a.path.slice('@relic3d/fixtures/'.length)}.ts`) }));
    b.onResolve({ filter: /^@relic3d\/kernels\/reference$/ }, () => ({ path: path.join(root, 'packages/kernels/src/reference.ts') }));
    b.onResolve({ filter: /^@relic3d\/[a-z0-9-]+(\/node)?$/ }, (a) => {
      const [, name, node] = /^@relic3d\/([a-z0-9-]+)(\/node)?$/.exec(a.path);
      if (name === 'test-harness' || name === 'config') return undefined;
      return { path: path.join(root, 'packages', name, 'src', node ? 'node.ts' : 'index.ts') };
    });
  },
};

/**
 * Bundles into `.cache/<content hash>/`, written once and renamed into place: concurrent runs (the
 * tests run several) never see a half-written bundle, and a run's coverage always maps through the
 * bundle its children ran. Returns that folder.
 */
export async function bundle() {
  // Loaded here, not at the top: the tests' runs reuse one bundle and never need esbuild.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: { child: path.join(here, 'src/child.ts'), main: path.join(here, 'src/main.ts') },
    // As deep as .cache/<hash>/, where the files go: the source map's relative paths stay right.
    outdir: path.join(cache, 'bundle'),
    write: false,
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
  const hash = createHash('sha256');
  for (const file of result.outputFiles) hash.update(file.path).update(file.contents);
  const dir = path.join(cache, hash.digest('hex').slice(0, 16));
  if (!existsSync(dir)) {
    const temp = `${dir}.${process.pid}.tmp`;
    mkdirSync(temp, { recursive: true });
    for (const file of result.outputFiles) writeFileSync(path.join(temp, path.basename(file.path)), file.contents);
    try {
      renameSync(temp, dir);
    } catch {
      rmSync(temp, { recursive: true, force: true }); // another run wrote the same bundle first
    }
  }
  // Bundles of older sources, unused for a week, go (each run touches its own).
  const now = new Date();
  utimesSync(dir, now, now);
  for (const name of readdirSync(cache)) {
    const other = path.join(cache, name);
    if (other !== dir && now.getTime() - statSync(other).mtimeMs > 7 * 86_400_000) rmSync(other, { recursive: true, force: true });
  }
  return dir;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // The tests bundle once for all their runs (test/bundle-once.ts) and name the folder here.
  const given = process.env.RELIC3D_FUZZ_BUNDLE;
  const dir = given && existsSync(path.join(given, 'main.mjs')) ? given : await bundle();
  const { cli } = await import(pathToFileURL(path.join(dir, 'main.mjs')).href);
  process.exitCode = await cli(process.argv.slice(2));
}
