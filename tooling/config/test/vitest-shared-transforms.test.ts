// The projects that share one transform cache (vitest.base.js `sharedTransforms`) and run one worker alone
// (`oneWorker`): their cache key leaves out their own vitest.config.ts, so that file may set test options only;
// the cache folder is git-ignored (so neither committed nor a turbo input); a project without the options is
// configured as before.
import { execFileSync } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .js config module without declarations
import { relicProject, transformCache } from '../vitest.base.js';

interface Project {
  resolve: { alias: unknown[] };
  plugins?: { name: string; configResolved(config: { configFileDependencies: string[] }): void }[];
  test: Record<string, unknown> & { experimental?: { fsModuleCache?: boolean; fsModuleCachePath?: string } };
}
const project = relicProject as (name: string, dir: string, test?: object, run?: object) => Project;

const root = path.resolve(import.meta.dirname, '../../..');
const sharing = ['packages', 'tooling', 'apps']
  .flatMap((group) => readdirSync(path.join(root, group)).map((dir) => path.join(root, group, dir)))
  .filter((dir) => existsSync(path.join(dir, 'vitest.config.ts')));

async function loadConfig(dir: string): Promise<Project> {
  return ((await import(path.join(dir, 'vitest.config.ts'))) as { default: Project }).default;
}

describe('shared transforms', () => {
  it('a sharing project keys its cache by the repo root and the shared config files only', () => {
    const dir = path.join(root, 'packages/mdl');
    const p = project('mdl', dir, { isolate: false }, { sharedTransforms: true });
    expect(p.test.root).toBe(root);
    expect(p.test.dir).toBe(dir);
    expect(p.test.experimental).toEqual({ fsModuleCache: true, fsModuleCachePath: transformCache });
    const deps = [path.join(dir, 'vitest.config.ts'), path.join(root, 'tooling/config/vitest.base.js')];
    for (const plugin of p.plugins ?? []) plugin.configResolved({ configFileDependencies: deps });
    expect(deps).toEqual([path.join(root, 'tooling/config/vitest.base.js')]);
  });

  it('the cache folder is under the repo and git-ignored', () => {
    expect(path.relative(root, transformCache).split(path.sep).slice(0, 2)).toEqual(['node_modules', '.vitest-transforms']);
    const ignored = execFileSync('git', ['check-ignore', path.join(transformCache, 'entry')], { cwd: root, encoding: 'utf8' });
    expect(ignored.trim()).toBe(path.join(transformCache, 'entry'));
  });

  it('a project without the options is configured as before: its own root, its workers, no cache, no plugin', () => {
    const dir = path.join(root, 'tooling/fuzz');
    const p = project('fuzz', dir, { isolate: false });
    expect(p.test.root).toBe(dir);
    expect(Object.keys(p)).toEqual(['resolve', 'test']);
    for (const key of ['dir', 'experimental', 'fileParallelism']) expect(p.test).not.toHaveProperty(key);
  });

  it('every sharing package config sets test options only (nothing that changes a transform)', async () => {
    const shared = project('x', root, {}, { sharedTransforms: true });
    let count = 0;
    for (const dir of sharing) {
      const config = await loadConfig(dir);
      if (!config.test.experimental?.fsModuleCache) continue;
      count++;
      expect(Object.keys(config), dir).toEqual(['resolve', 'plugins', 'test']);
      expect(config.resolve, dir).toEqual(shared.resolve);
      expect(config.plugins?.map((p) => p.name), dir).toEqual(shared.plugins?.map((p) => p.name));
    }
    // core, kernels, the five formats, formats, res, three, scene-facts, test-harness, gltf, batch, relic3d, blender
    expect(count).toBe(16);
  });
});

describe('one worker alone', () => {
  it('a light project run from its own folder takes one worker; a root run keeps the root’s', () => {
    const dir = path.join(root, 'packages/mdl');
    const cwd = process.cwd();
    try {
      process.chdir(dir);
      expect(project('mdl', dir, {}, { oneWorker: true }).test.fileParallelism).toBe(false);
      expect(project('mdl', dir, {}).test).not.toHaveProperty('fileParallelism');
      process.chdir(root);
      expect(project('mdl', dir, {}, { oneWorker: true }).test).not.toHaveProperty('fileParallelism');
    } finally {
      process.chdir(cwd);
    }
  });
});
