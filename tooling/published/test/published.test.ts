// What a user installs: the packed tarballs of every public package, installed together into an
// empty project (src/install.ts). Nothing here resolves through the workspace.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { corpusNotice, readManifest } from '@relic3d/test-harness';
import { declaredExports, typeErrors, type Condition } from '../src/declared.js';
import { specifier } from '../src/packages.js';
import { describeRun, run } from '../src/run.js';

const published = inject('published');
const { dir, packages } = published;
const skip = Boolean(published.skipped);
const specs = packages.flatMap((pkg) => pkg.entries.map((entry) => specifier(pkg.name, entry)));

/**
 * Export names of every entry as Node loads it from the consumer project, per condition. An entry
 * whose declarations declare nothing (`export {}`) is a worker script: it is started in a
 * worker_threads Worker, its only use, and must post its first message (workerpool's 'ready').
 */
async function runtimeExports(condition: Condition, workerScripts: readonly string[]): Promise<Record<string, Loaded>> {
  const file = path.join(dir, condition === 'import' ? 'runtime-exports.mjs' : 'runtime-exports.cjs');
  const load = condition === 'import' ? 'await import(spec)' : 'require(spec)';
  const where = condition === 'import' ? 'new URL(import.meta.resolve(spec))' : 'require.resolve(spec)';
  const workerThreads = condition === 'import' ? "await import('node:worker_threads')" : "require('node:worker_threads')";
  writeFileSync(
    file,
    `${condition === 'import' ? '' : '(async () => {\n'}const { Worker } = ${workerThreads};
const [specs, workerScripts] = JSON.parse(process.argv[2]);
const started = (spec) => new Promise((resolve, reject) => {
  const worker = new Worker(${where});
  const timer = setTimeout(() => reject(new Error('no message from the worker in 20 s')), 20000);
  worker.once('message', (message) => { clearTimeout(timer); worker.terminate(); resolve(message); });
  worker.once('error', (e) => { clearTimeout(timer); reject(e); });
});
const out = {};
for (const spec of specs) {
  try {
    out[spec] = workerScripts.includes(spec) ? { names: [], workerMessage: await started(spec) } : { names: Object.keys(${load}).sort() };
  } catch (e) { out[spec] = { error: String(e && e.stack || e) }; }
}
process.stdout.write(JSON.stringify(out));
process.exit(0);
${condition === 'import' ? '' : '})();\n'}`,
  );
  const result = await run(process.execPath, [file, JSON.stringify([specs, workerScripts])], { cwd: dir });
  if (result.code !== 0) throw new Error(describeRun(`node ${file}`, result));
  return JSON.parse(result.stdout);
}

interface Loaded {
  names?: string[];
  workerMessage?: unknown;
  error?: string;
}

describe.skipIf(skip)('published packages (packed, installed into an empty project)', () => {
  const runtime: Partial<Record<Condition, Record<string, Loaded>>> = {};
  const declared: Partial<Record<Condition, Map<string, string[]>>> = {};

  beforeAll(async () => {
    console.log(`relic3d: packed and installed ${packages.length} packages in ${published.seconds.toFixed(1)} s`);
    for (const condition of ['import', 'require'] as const) {
      declared[condition] = declaredExports(dir, specs, condition);
      const workerScripts = specs.filter((spec) => declared[condition]!.get(spec)!.length === 0);
      runtime[condition] = await runtimeExports(condition, workerScripts);
    }
  });

  it('packs every public package, each with at least one entry point', () => {
    expect(packages.map((p) => p.name)).toEqual(
      expect.arrayContaining(['relic3d', '@relic3d/core', '@relic3d/gltf', '@relic3d/three', '@relic3d/batch']),
    );
    for (const pkg of packages) expect(pkg.entries.length, pkg.name).toBeGreaterThan(0);
  });

  it('ships no source maps and no sources (lean packages)', () => {
    for (const pkg of packages) {
      const installed = path.join(dir, 'node_modules', pkg.name);
      const files = readdirSync(installed, { recursive: true, encoding: 'utf8' });
      expect(files.filter((f) => f.endsWith('.map')), pkg.name).toEqual([]);
      expect(files.filter((f) => /(^|[\\/])src[\\/]/.test(f) || /\.ts$/.test(f.replace(/\.d\.c?ts$/, ''))), pkg.name).toEqual([]);
    }
  });

  it('a CJS entry loads relic3d packages on demand with require(), never import() (the ESM copies: a second core, whose errors are not instanceof the consumer\'s)', () => {
    const dynamicImports: string[] = [];
    for (const pkg of packages) {
      const installed = path.join(dir, 'node_modules', pkg.name);
      for (const file of readdirSync(installed, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.cjs'))) {
        const found = readFileSync(path.join(installed, file), 'utf8').match(/\bimport\(\s*["']@relic3d\/[^"']+["']\s*\)/g) ?? [];
        dynamicImports.push(...found.map((call) => `${pkg.name}/${file}: ${call}`));
      }
    }
    expect(dynamicImports).toEqual([]);
  });

  describe.each(['import', 'require'] as const)('%s', (condition) => {
    it.each(specs)(`%s: the runtime exports exactly the names its declarations declare`, (spec) => {
      const loaded = runtime[condition]![spec]!;
      expect(loaded.error, `${condition} '${spec}' failed`).toBeUndefined();
      const names = declared[condition]!.get(spec)!;
      if (names.length === 0) expect(loaded.workerMessage, `${spec} declares nothing, so it must be a worker script`).toBe('ready');
      else expect(loaded.names).toEqual(names);
    });
  });

  it("relic3d/node has the README's names at runtime in both module systems (issue 17, item 1)", () => {
    for (const condition of ['import', 'require'] as const) {
      expect(runtime[condition]!['relic3d/node']!.names).toEqual(
        expect.arrayContaining(['parseFile', 'folderResolver', 'toGlb', 'FormatError', 'validateScene', 'parse', 'ms3d']),
      );
    }
  });

  describe('the relic3d bin', () => {
    const bin = () => path.join(dir, 'node_modules/.bin/relic3d');

    it('--help lists every command; --version is the package version', async () => {
      const help = await run(bin(), ['--help'], { cwd: dir });
      expect(help.code, describeRun('relic3d --help', help)).toBe(0);
      expect(help.stdout).toMatch(/^Usage: relic3d /);
      for (const command of ['detect', 'info', 'convert', 'batch']) expect(help.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
      const version = await run(bin(), ['--version'], { cwd: dir });
      expect(version.stdout.trim()).toBe(packages.find((p) => p.name === 'relic3d')!.version);
    });

    it('an unknown command is a usage error (exit 2)', async () => {
      const result = await run(bin(), ['frobnicate'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("unknown command 'frobnicate'");
    });

    describe.runIf(corpusNotice('ms3d'))('on corpus files', () => {
      const woman4 = () => readManifest('ms3d').find((e) => e.file === 'glscene__Woman4.ms3d')!;

      it('info prints what the MANIFEST measured for Woman4.ms3d', async () => {
        // MANIFEST: "v4, 1789v/3450t/10g/2m, ..., 31 joints"
        const [, triangles, groups, materials] = /\d+v\/(\d+)t\/(\d+)g\/(\d+)m/.exec(woman4().note)!;
        const joints = /(\d+) joints/.exec(woman4().note)![1];
        const result = await run(bin(), ['info', woman4().path], { cwd: dir });
        expect(result.code, describeRun('relic3d info', result)).toBe(0);
        expect(result.stdout).toMatch(/^format +ms3d \(version 4\)$/m);
        expect(result.stdout).toMatch(new RegExp(`^meshes +1 \\(${groups} primitives, \\d+ vertices, ${triangles} triangles\\)$`, 'm'));
        expect(result.stdout).toMatch(new RegExp(`^materials +${materials} `, 'm'));
        expect(result.stdout).toMatch(new RegExp(`^joints +${joints}$`, 'm'));
      });

      it('convert writes a .glb and batch converts a folder in worker threads', async () => {
        const work = path.join(dir, 'bin-work');
        mkdirSync(path.join(work, 'in'), { recursive: true });
        const jeep = readManifest('ms3d').find((e) => e.file === 'assimp__jeep1.ms3d')!;
        for (const entry of [woman4(), jeep]) writeFileSync(path.join(work, 'in', entry.file), readFileSync(entry.path));

        const converted = await run(bin(), ['convert', 'in/glscene__Woman4.ms3d', 'woman4.glb'], { cwd: work });
        expect(converted.code, describeRun('relic3d convert', converted)).toBe(0);
        const glb = readFileSync(path.join(work, 'woman4.glb'));
        expect(glb.toString('latin1', 0, 4)).toBe('glTF');
        expect(glb.readUInt32LE(8)).toBe(glb.length);

        const batch = await run(bin(), ['batch', 'in', '--out', 'out', '--jobs', '1'], { cwd: work });
        expect(batch.code, describeRun('relic3d batch', batch)).toBe(0);
        expect(readdirSync(path.join(work, 'out')).sort()).toEqual(['assimp__jeep1.glb', 'glscene__Woman4.glb']);
      });
    });
  });

  describe('a TypeScript consumer type-checks', () => {
    // Every entry point imported, plus typed use of the main APIs. The first check also compiles
    // the .d.ts files themselves (skipLibCheck off: a type from a devDependency would show here);
    // the others are about resolution and skip them, which keeps them fast.
    const usage = `
import { parse, detect, toGlb, FormatError, validateScene, type Scene, type Resolver } from 'relic3d';
import { parseFile, folderResolver } from 'relic3d/node';
import { runCli, EXIT } from 'relic3d/cli';
import { decodeBatch } from '@relic3d/batch';
import { toThree } from '@relic3d/three';
import { parseO3dFile } from '@relic3d/o3d/node';
import { ByteReader } from '@relic3d/core';

export async function use(bytes: Uint8Array): Promise<number> {
  const resolve: Resolver = folderResolver('.');
  const scene: Scene = await parseFile('Woman4.ms3d', { resolve });
  const glb: Uint8Array = await toGlb(await parse(bytes, { fileName: 'a.ms3d' }), { resolve });
  const issues: string[] = validateScene(scene).map((issue) => String(issue));
  const name: string | undefined = detect(bytes)?.name;
  const o3d: Scene = await parseO3dFile('Model/mvr_AiBatt.o3d', { motions: ['stand'] });
  for await (const result of decodeBatch([{ name: 'a.ms3d', bytes }], { concurrency: 0 })) if (result.error) return EXIT.FAILED;
  const three = toThree(scene);
  const u32: number = new ByteReader(bytes, { format: 'demo' }).u32();
  try { parse(new Uint8Array(0)); } catch (e) { if (e instanceof FormatError) return e.offset; }
  return glb.length + issues.length + (name?.length ?? 0) + o3d.nodes.length + three.meshes.length + u32 + (await runCli(['--help'], { out() {}, err() {}, isTTY: false }));
}
`;
    const everyEntry = specs.map((spec, i) => `import * as entry${i} from '${spec}';\nexport const names${i} = Object.keys(entry${i});`).join('\n');

    function check(file: string, compilerOptions: ts.CompilerOptions): string[] {
      const written = path.join(dir, 'consumer', file);
      mkdirSync(path.dirname(written), { recursive: true });
      writeFileSync(written, `${everyEntry}\n${usage}`);
      // Third-party declarations are not ours to fix: their files are left unchecked (typeErrors), and
      // so are TypeScript's own lib files (lib.dom.d.ts and lib.es5.d.ts were ~5 of the check's ~6
      // CPU-s); a clash of ours with them is still reported in our file.
      return typeErrors([written], { skipLibCheck: true, types: ['node'], ...compilerOptions }, /node_modules[\\/](@types|three|@gltf-transform|typescript[\\/]lib)[\\/]/);
    }

    it('with moduleResolution node16, as an ES module (.mts), our .d.ts files included', () => {
      const node16 = { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 };
      expect(check('esm.mts', { ...node16, skipLibCheck: false })).toEqual([]);
    });

    it('with moduleResolution node16, as CommonJS (.cts: the require condition and the .d.cts files)', () => {
      expect(check('cjs.cts', { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 })).toEqual([]);
    });

    it('with moduleResolution bundler', () => {
      expect(check('bundler.ts', { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler })).toEqual([]);
    });
  });
});


