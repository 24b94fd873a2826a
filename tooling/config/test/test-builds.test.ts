// Issue #30: a test task waits for the builds its tests run (dist/, the relic3d bin) and for no
// other: tests import sources (vitest.base.js aliases), so most start once the kernels' WASM is
// generated (@relic3d/kernels#transit depends on its build), not after the whole build chain.
// What a suite runs built is read from its files: a `dist` path segment or the bin in a string.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dryRun } from './turbo-dry.js';

const root = path.resolve(import.meta.dirname, '../../..');

interface DryTask {
  taskId: string;
  task: string;
  package: string;
  directory: string;
  command: string;
  dependencies: string[];
}

const tasks = dryRun<DryTask>(['build', 'check:base', 'check:scene', 'check:cli', 'test']).tasks;

/** Workspace folder → package name, for every folder with a package.json. */
const folders = new Map<string, { name: string; builds: boolean; published: boolean }>();
for (const group of ['packages', 'apps', 'tooling']) {
  for (const dir of readdirSync(path.join(root, group))) {
    const file = path.join(root, group, dir, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    folders.set(`${group}/${dir}`, { name: manifest.name, builds: !!manifest.scripts?.build, published: !manifest.private });
  }
}

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !/node_modules|[\\/]\.cache[\\/]/.test(path.join(e.parentPath, e.name)))
    .map((e) => path.join(e.parentPath, e.name))
    .filter(keep);
}

const CODE = /\.(ts|mts|js|mjs)$/;

/**
 * The files a folder's tests run: test/, src/**\/*.test.ts, every src/ and bin/ file of a folder
 * without a build (its src is test support), and files of other folders they import relatively.
 */
function testFiles(folder: string): string[] {
  const dir = path.join(root, folder);
  const builds = folders.get(folder)?.builds;
  const own = [
    ...filesUnder(path.join(dir, 'test'), (f) => CODE.test(f)),
    ...filesUnder(path.join(dir, 'src'), (f) => (builds ? /\.test\.ts$/.test(f) : CODE.test(f))),
    ...(builds ? [] : filesUnder(path.join(dir, 'bin'), (f) => CODE.test(f))),
  ];
  const outside = new Set<string>();
  for (const file of own) {
    for (const m of readFileSync(file, 'utf8').matchAll(/from '(\.\.?\/[^']+)'/g)) {
      const target = path.resolve(path.dirname(file), m[1]).replace(/\.js$/, '.ts');
      if (!target.startsWith(dir + path.sep) && existsSync(target)) outside.add(target);
    }
  }
  return [...own, ...outside];
}

/**
 * Workspace folders whose built output `file` runs: `<folder>/dist` or `../dist` in a string
 * (a bare `dist` segment is the file's own folder's), and `bin/relic3d.js` (it runs dist/cli.js).
 */
export function builtOutputsRead(file: string, text: string): string[] {
  const ownFolder = path.relative(root, file).split(path.sep).slice(0, 2).join('/');
  const found = new Set<string>();
  for (const m of text.matchAll(/(?:['"`/]|\b)([a-z0-9-]+)?\/?\bdist(?=['"`/])/g)) {
    const named = m[1] && [...folders.keys()].find((f) => f.endsWith(`/${m[1]}`));
    found.add(named || ownFolder);
  }
  if (/bin\/relic3d\.js/.test(text)) found.add('packages/relic3d');
  return [...found];
}

/** The builds a folder's tests need: each read folder's build, or, read from a folder with none (tarballs packed from dist), every published package's. */
function buildsNeeded(folder: string): string[] {
  const needed = new Set<string>();
  for (const file of testFiles(folder)) {
    for (const read of builtOutputsRead(file, readFileSync(file, 'utf8'))) {
      const p = folders.get(read);
      if (!p) continue;
      if (p.builds) needed.add(`${p.name}#build`);
      else for (const q of folders.values()) if (q.builds && q.published) needed.add(`${q.name}#build`);
    }
  }
  return [...needed].sort();
}

/** The deep, long suites that wait for their dependencies' builds to order the run (flat-inputs.test.ts). */
const ORDERED = ['@relic3d/blender-suite#test', '@relic3d/fuzz#test', '@relic3d/gltf#test', '@relic3d/three#test', '@relic3d/formats#test'];

/** Build tasks (no-ops too) of the workspace packages `name` depends on (dev ones too), directly or not: their files are in its hash. */
function packageBuilds(name: string, seen = new Set<string>()): string[] {
  const byName = new Map([...folders].map(([dir, p]) => [p.name, dir]));
  const manifest = JSON.parse(readFileSync(path.join(root, byName.get(name)!, 'package.json'), 'utf8'));
  for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) if (byName.has(dep) && !seen.has(dep)) packageBuilds(dep, seen.add(dep));
  return [...seen].map((dep) => `${dep}#build`);
}

/** Every task `id` waits for, directly or not. */
function closure(list: DryTask[], id: string, seen = new Set<string>()): Set<string> {
  for (const dep of list.find((t) => t.taskId === id)?.dependencies ?? []) if (!seen.has(dep)) closure(list, dep, seen.add(dep));
  return seen;
}

/**
 * Problems of a test task: a needed build it does not wait for, or a build it waits for needlessly.
 * `ordering`: builds it may wait for to leave their slots to the build chain (the deep, long suites,
 * flat-inputs.test.ts): builds of packages whose files its hash has anyway, so no extra rerun.
 */
export function buildProblems(list: DryTask[], testId: string, needed: string[], ordering: string[] = []): string[] {
  const waits = closure(list, testId);
  const allowed = new Set(['@relic3d/kernels#build', ...closure(list, '@relic3d/kernels#build'), ...ordering]);
  for (const build of needed) for (const dep of closure(list, build)) allowed.add(dep);
  const missing = needed.filter((b) => !waits.has(b)).map((b) => `${testId} runs ${b}'s output but does not wait for it`);
  const extra = [...waits].filter((d) => d.endsWith('#build') && !needed.includes(d) && !allowed.has(d)).map((b) => `${testId} waits for ${b} it does not run`);
  return [...missing, ...extra];
}

describe('test tasks and the builds they run', () => {
  // tooling/config's tests name outputs as globs and probes (these lines too); they run no build.
  const tests = tasks.filter((t) => t.task === 'test' && t.command !== '<NONEXISTENT>' && t.directory !== 'tooling/config');

  it('reads which built output each suite runs', () => {
    const needs = Object.fromEntries(tests.map((t) => [t.package, buildsNeeded(t.directory)]));
    // The bin and the batch workers (relic3d), the workers (batch), the built viewer (e2e), the tarballs (published).
    expect(needs['relic3d']).toEqual(expect.arrayContaining(['relic3d#build', '@relic3d/batch#build']));
    expect(needs['@relic3d/batch']).toEqual(['@relic3d/batch#build']);
    expect(needs['@relic3d/viewer']).toEqual(['@relic3d/viewer#build']);
    expect(needs['@relic3d/published']).toEqual(expect.arrayContaining(['relic3d#build', '@relic3d/core#build', '@relic3d/three#build']));
    // Source-only suites: the format packages, gltf, the fuzzer and Blender (relic3d from sources).
    for (const name of ['@relic3d/ms3d', '@relic3d/o3d', '@relic3d/gltf', '@relic3d/fuzz', '@relic3d/blender-suite', '@relic3d/three']) expect(needs[name], name).toEqual([]);
  });

  it('every test task waits for the builds it runs, and for no other build than the kernels’ WASM', () => {
    expect(tests.length).toBeGreaterThan(15);
    const problems = tests.flatMap((t) => buildProblems(tasks, t.taskId, buildsNeeded(t.directory), ORDERED.includes(t.taskId) ? packageBuilds(t.package) : []));
    expect(problems).toEqual([]);
    // Sources importing the kernels need their generated WASM, through transit.
    expect(closure(tasks, '@relic3d/ms3d#test')).toContain('@relic3d/kernels#build');
  });

  it('fails a task that runs dist without the dependency, and one that waits for a build it does not run', () => {
    const relic = tasks.find((t) => t.taskId === 'relic3d#test')!;
    const cut = tasks.map((t) => (t === relic ? { ...t, dependencies: ['relic3d#transit'] } : t));
    expect(buildProblems(cut, 'relic3d#test', ['relic3d#build'])).toEqual(["relic3d#test runs relic3d#build's output but does not wait for it"]);
    const ms3d = tasks.find((t) => t.taskId === '@relic3d/ms3d#test')!;
    const padded = tasks.map((t) => (t === ms3d ? { ...t, dependencies: [...t.dependencies, '@relic3d/gltf#build'] } : t));
    expect(buildProblems(padded, '@relic3d/ms3d#test', [])).toContain('@relic3d/ms3d#test waits for @relic3d/gltf#build it does not run');
    // An ordering wait is allowed for builds of packages the suite hashes anyway, not for others.
    expect(packageBuilds('@relic3d/gltf')).toEqual(expect.arrayContaining(['@relic3d/ms3d#build', '@relic3d/core#build']));
    expect(packageBuilds('@relic3d/gltf')).not.toContain('relic3d#build');
    const gltf = tasks.find((t) => t.taskId === '@relic3d/gltf#test')!;
    const beyond = tasks.map((t) => (t === gltf ? { ...t, dependencies: [...t.dependencies, 'relic3d#build'] } : t));
    expect(buildProblems(beyond, '@relic3d/gltf#test', [], packageBuilds('@relic3d/gltf'))).toContain('@relic3d/gltf#test waits for relic3d#build it does not run');
    // A planted reference is read as one.
    expect(builtOutputsRead(path.join(root, 'packages/lod/test/x.test.ts'), "spawn(node, [path.join(dir, '../dist/cli.js')])")).toEqual(['packages/lod']);
    expect(builtOutputsRead(path.join(root, 'packages/lod/test/x.test.ts'), "const w = '../../batch/dist/worker.js';")).toEqual(['packages/batch']);
  });
});
