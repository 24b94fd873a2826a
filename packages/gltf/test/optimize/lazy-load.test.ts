// Importing @relic3d/gltf must not load what only optimisation needs: @gltf-transform/functions
// loads sharp (a native libvips) on Node as it is imported. Shared objects of a fresh process tell
// (the test files share one process, where another suite may have loaded sharp already): the
// package's sources are bundled with esbuild, its dependencies left to Node, and imported by a new
// node; the second test shows the check sees sharp when it is loaded.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const pkg = path.resolve(import.meta.dirname, '../..');
const packages = path.resolve(pkg, '..');
// Inside the package's node_modules, so that Node finds its dependencies from the bundle.
const folder = mkdtempSync(path.join(pkg, 'node_modules', '.lazy-load-'));
const bundle = path.join(folder, 'gltf.mjs');

beforeAll(async () => {
  await build({
    entryPoints: [path.join(pkg, 'src/index.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    plugins: [
      {
        // Workspace packages from their sources, as the tests import them; everything else stays an import.
        name: 'sources-bundled-dependencies-external',
        setup(b) {
          b.onResolve({ filter: /^@relic3d\/[a-z0-9-]+(\/node)?$/ }, (a) => {
            const [, name, node] = /^@relic3d\/([a-z0-9-]+)(\/node)?$/.exec(a.path)!;
            return { path: path.join(packages, name, 'src', node ? 'node.ts' : 'index.ts') };
          });
          b.onResolve({ filter: /^[^./]/ }, (a) => ({ path: a.path, external: true }));
        },
      },
    ],
  });
}, 120_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Imports `specifier` in a new node and returns the native imaging libraries it then has loaded. */
function nativeImagingAfter(specifier: string): { exports: string[]; libs: string[] } {
  const script = `const m = await import(${JSON.stringify(specifier)});
const libs = (process.report.getReport().sharedObjects ?? []).filter((lib) => /vips|sharp/i.test(lib));
process.stdout.write(JSON.stringify({ exports: Object.keys(m), libs }));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: pkg, encoding: 'utf8', timeout: 120_000 });
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout) as { exports: string[]; libs: string[] };
}

describe('optimisation costs nothing until it is used', () => {
  it('importing the package loads no sharp / libvips', () => {
    const { exports, libs } = nativeImagingAfter(pathToFileURL(bundle).href);
    expect(exports).toContain('optimizeGlb');
    expect(libs).toEqual([]);
  });

  it('(the check works: @gltf-transform/functions itself loads them)', () => {
    expect(nativeImagingAfter('@gltf-transform/functions').libs.length).toBeGreaterThan(0);
  });
});
