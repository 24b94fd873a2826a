// Issue #30: turbo hands out slots first come, first served, and each `transit` hop (a no-op) queues
// for one, so a deep package's tests waited behind every shallow one (Blender ready at ~45 s, started
// at 481 s). The deep, long tasks (their package turbo.json) wait for the kernels' build only and
// hash their dependencies' folders as globs instead: the same files must still reach their hashes.
import { readFileSync } from 'node:fs';
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
  inputs: Record<string, string>;
  dependencies: string[];
}

const dry = (tasks: string[]): DryTask[] => dryRun<DryTask>(tasks).tasks;
const tasks = dry(['build', 'check:base', 'check:scene', 'check:cli', 'test']);
// Every package's transit task: its files, as a dependent's hash got them through the transit chain.
const transits = new Map(dry(['transit']).filter((t) => t.task === 'transit').map((t) => [t.package, t]));

/** The tasks whose hops are flattened: the long suites at the top of the dependency graph. */
const FLAT = ['relic3d#test', '@relic3d/blender-suite#test', '@relic3d/viewer#build', '@relic3d/viewer#test', '@relic3d/fuzz#test', '@relic3d/gltf#test', '@relic3d/batch#test', '@relic3d/three#test', '@relic3d/formats#test'];

/** Workspace packages `name` depends on (dev ones too: turbo's `^` walks them), directly or not. */
function packageClosure(name: string, seen = new Set<string>()): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(root, transits.get(name)!.directory, 'package.json'), 'utf8'));
  for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies })) {
    if (transits.has(dep) && !seen.has(dep)) packageClosure(dep, seen.add(dep));
  }
  return seen;
}

/** Files (from the repo root) reaching `id`'s hash: its inputs and those of every task it waits for. */
function hashedFiles(list: DryTask[], id: string): Set<string> {
  const by = new Map(list.map((t) => [t.taskId, t]));
  const files = new Set<string>();
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length) {
    const task = by.get(queue.pop()!)!;
    for (const file of Object.keys(task.inputs)) files.add(path.normalize(path.join(task.directory, file)));
    for (const dep of task.dependencies) if (!seen.has(dep)) queue.push(dep), seen.add(dep);
  }
  return files;
}

/** Files of a dependency's folder (its transit task's) that do not reach `id`'s hash, by package. */
export function unhashed(list: DryTask[], id: string): Record<string, string[]> {
  const task = list.find((t) => t.taskId === id)!;
  const hashed = hashedFiles(list, id);
  const out: Record<string, string[]> = {};
  for (const dep of packageClosure(task.package)) {
    const transit = transits.get(dep)!;
    const missing = Object.keys(transit.inputs).map((f) => path.normalize(path.join(transit.directory, f))).filter((f) => !hashed.has(f));
    if (missing.length) out[dep] = missing;
  }
  return out;
}

describe('deep tasks without transit hops', () => {
  it('wait for no transit task but for their dependencies’ builds, so the build chain gets the slots first', () => {
    // In a run where they waited for the kernels' build only, gltf, Blender and the fuzzer took all three
    // slots at once and the format builds (and relic3d#build, its tests, the late checks) waited behind them.
    for (const id of FLAT) {
      const task = tasks.find((t) => t.taskId === id)!;
      expect(task.dependencies, id).toContain('@relic3d/kernels#build');
      expect(task.dependencies.filter((d) => d.endsWith('#transit')), id).toEqual([]);
      const builds = [...packageClosure(task.package)].filter((p) => tasks.some((t) => t.taskId === `${p}#build` && t.command !== '<NONEXISTENT>'));
      for (const dep of task.dependencies.filter((d) => d.endsWith('#build') && d !== `${task.package}#build` && !/(config|fixtures|test-harness|scene-facts)#build$/.test(d))) {
        expect(builds, `${id} waits for ${dep}, a package outside its hash: it would rerun on its change`).toContain(dep.split('#')[0]);
      }
    }
    expect(tasks.find((t) => t.taskId === '@relic3d/blender-suite#test')!.dependencies).toContain('relic3d#build');
  });

  it('start the viewer first: its build and tests wait for the kernels’ build only', () => {
    // The viewer's e2e suite is the longest task (619 of 1,637 CPU-s in a forced run) and builds from
    // sources; behind ^build it started after every format's tests (at 1,492 s of a 3,929-s run), and
    // relic3d's tests waited for its slot until 2,562 s. Longest first: it takes one slot early.
    const waits = (id: string) => tasks.find((t) => t.taskId === id)!.dependencies.slice().sort();
    expect(waits('@relic3d/viewer#build')).toEqual(['@relic3d/kernels#build']);
    expect(waits('@relic3d/viewer#test')).toEqual(['@relic3d/kernels#build', '@relic3d/viewer#build']);
  });

  it('hash every file of every package they depend on, as the transit chain did', () => {
    expect(transits.size).toBeGreaterThan(20);
    for (const id of [...FLAT, '@relic3d/lod#test', '@relic3d/published#test']) expect(unhashed(tasks, id), id).toEqual({});
    expect([...packageClosure('relic3d')]).toEqual(expect.arrayContaining(['@relic3d/lod', '@relic3d/kernels', '@relic3d/test-harness']));
  });

  it('fails a deep task whose globs leave out a dependency’s folder or its tests', () => {
    const drop = (prefix: string) => tasks.map((t) => (t.taskId === 'relic3d#test' ? { ...t, inputs: Object.fromEntries(Object.entries(t.inputs).filter(([f]) => !path.normalize(path.join(t.directory, f)).startsWith(prefix))) } : t));
    expect(Object.keys(unhashed(drop('packages/lod/'), 'relic3d#test'))).toEqual(['@relic3d/lod']);
    // lod's src still reaches relic3d#test through lod's build; its tests only through the globs.
    const tests = unhashed(drop('packages/lod/test/'), 'relic3d#test')['@relic3d/lod'];
    expect(tests.length).toBeGreaterThan(5);
    expect(tests.every((f) => f.startsWith('packages/lod/test/'))).toBe(true);
  });
});
