// glTF as a sixth input of the CLI and parseFile: every corpus model written as a .glb (parseFile →
// toGlb, textures embedded), then `detect`, `info --json` and parseFile read it back with the
// counts the legacy scene has (describeScene, the summary `info` prints, of the scene the .glb was
// made from: parsed once per worker by write/corpus-writes.ts, which the writer suites share); the built bin does the same for a few, for files glTF-Transform
// compressed (meshopt, Draco) and for a .gltf whose .bin and images sit beside it. The bin runs once
// per behaviour (detect, info of a Draco file, a convert of a meshopt file, a refusal); the rest runs
// the same runCli in-process.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateScene } from '@relic3d/core';
import { toGlb, toGltf } from '@relic3d/gltf';
import { compressGlb } from '@relic3d/fixtures/gltf-compressed';
import { readManifest } from '@relic3d/test-harness';
import { describeScene } from '../src/info.js';
import { folderResolver, parseFile } from '../src/node.js';
import { corpus, hasCorpus, run } from './cli-helpers.js';
import { tmp } from './run-cli.js';
import { corpusScene } from './write/corpus-writes.js';

const FOLDERS = ['ms3d', 'ase', 'o3d', 'mdl', 'lod'];
const COMPANION = /\.(chr|ani|jpe?g|png|bmp|tga|dds|txt|tsv)$/i;
const models = hasCorpus ? FOLDERS.flatMap((folder) => readManifest(folder).filter((e) => !COMPANION.test(e.file)).map((e) => [folder, e.file] as const)) : [];
const bin = path.resolve(import.meta.dirname, '../bin/relic3d.js');
const built = existsSync(path.resolve(import.meta.dirname, '../dist/cli.js'));

/** The facts `info --json` (describeScene) gives that a .glb must keep (materials no primitive uses are not written, so not their count). */
const kept = (info: Record<string, any>) => ({
  meshes: info.meshes,
  triangles: info.triangles,
  joints: info.joints,
  lods: info.lods,
  animations: info.animations.map((a: Record<string, unknown>) => a.name),
});

describe.runIf(hasCorpus)('every corpus model as a .glb, read like the five', () => {
  const dir = tmp('gltf-in');
  const glbOf = (folder: string, file: string) => path.join(dir, folder, `${file}.glb`);

  beforeAll(async () => {
    for (const [folder, file] of models) {
      const input = corpus(folder, file);
      const scene = await corpusScene(`${folder}/${file}`);
      mkdirSync(path.join(dir, folder), { recursive: true });
      writeFileSync(glbOf(folder, file), await toGlb(scene, { resolve: folderResolver(path.dirname(input)) }));
    }
  }, 300_000);

  it('finds the corpus models', () => expect(models.length).toBeGreaterThanOrEqual(95));

  it.each(models)('%s/%s', async (folder, file) => {
    const glb = glbOf(folder, file);
    const detected = await run('detect', glb);
    expect([detected.code, detected.stdout]).toEqual([0, `${glb}: gltf (glTF 2.0)\n`]);
    const fromGlb = await run('info', glb, '--json');
    expect(fromGlb.code).toBe(0);
    const info = JSON.parse(fromGlb.stdout);
    expect(info.format).toBe('gltf');
    expect(kept(info)).toEqual(kept(describeScene(await corpusScene(`${folder}/${file}`))));
    const scene = await parseFile(glb);
    expect(scene.format).toBe('gltf');
    expect(validateScene(scene)).toEqual([]);
  });
});

/** Runs the built `relic3d` bin. */
function relic3d(...args: string[]) {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The bin when `spawned`, else the same CLI in-process (no child: ~0.3 CPU-s less each). */
const cliOf = (spawned: boolean) => (spawned ? async (...args: string[]) => relic3d(...args) : run);

describe.runIf(hasCorpus && built)('the built relic3d bin with glTF in', () => {
  const dir = tmp('gltf-bin');
  // [folder, file, facts from the MANIFEST notes]
  const cases = [
    ['ms3d', 'glscene__Woman4.ms3d', { triangles: 3450, materials: 2, joints: 31 }],
    ['o3d', 'mvr_AiBatt.o3d', { joints: 14, triangles: 496 }],
  ] as const;

  it.each(cases)('%s/%s: detect, info --json and convert to every writer from a .glb, a meshopt .glb and a Draco .glb', async (folder, file, facts) => {
    // The bin for the first model: detect once, info of the Draco file (its bundle loads that decoder), and one
    // convert from the meshopt file (the meshopt decoder; read back below with the model's triangles and joints).
    // The plain and meshopt files' info runs in-process: the bin's info path is the Draco run's.
    const first = file === cases[0][1];
    const input = corpus(folder, file);
    const glb = await toGlb(await parseFile(input), { resolve: folderResolver(path.dirname(input)) });
    const files = {
      plain: glb,
      meshopt: await compressGlb(glb, 'meshopt'),
      draco: await compressGlb(glb, 'draco'),
    };
    for (const [kind, bytes] of Object.entries(files)) {
      const name = path.join(dir, `${kind}-${file}.glb`);
      writeFileSync(name, bytes);
      expect((await cliOf(first && kind === 'plain')('detect', name)).stdout).toBe(`${name}: gltf (glTF 2.0)\n`);
      const info = await cliOf(first && kind === 'draco')('info', name, '--json');
      expect(info.code, info.stderr).toBe(0);
      expect(JSON.parse(info.stdout)).toMatchObject({ format: 'gltf', ...facts });
    }
    // glTF in, each legacy writer out, read back by its reader with the same triangles and joints.
    for (const ext of ['.ms3d', '.o3d', '.lod']) {
      const out = path.join(dir, `${path.parse(file).name}${ext}`);
      const converted = await cliOf(first && ext === '.o3d')('convert', path.join(dir, `meshopt-${file}.glb`), out);
      expect(converted.code, converted.stderr).toBe(0);
      const back = JSON.parse((await run('info', out, '--json')).stdout);
      expect([back.triangles, back.joints]).toEqual([facts.triangles, facts.joints]);
    }
  }, 300_000);

  it('reads a .gltf with its .bin beside it, and refuses one whose .bin lies outside the folder', async () => {
    const input = corpus('ms3d', 'glscene__Woman4.ms3d');
    const { json, resources } = await toGltf(await parseFile(input), { basename: 'woman', resolve: folderResolver(path.dirname(input)) });
    const inside = path.join(dir, 'gltf', 'inside');
    mkdirSync(inside, { recursive: true });
    for (const [uri, data] of Object.entries(resources)) writeFileSync(path.join(inside, uri), data);
    writeFileSync(path.join(inside, 'woman.gltf'), JSON.stringify(json));
    const info = await run('info', path.join(inside, 'woman.gltf'), '--json');
    expect(info.code, info.stderr).toBe(0);
    expect(JSON.parse(info.stdout)).toMatchObject({ format: 'gltf', triangles: 3450, joints: 31 });
    // The same JSON one folder down, naming ../woman.bin: the folder given is the limit.
    const below = path.join(inside, 'below');
    mkdirSync(below, { recursive: true });
    const escaping = structuredClone(json) as { buffers: { uri: string }[] };
    escaping.buffers[0].uri = '../woman.bin';
    writeFileSync(path.join(below, 'woman.gltf'), JSON.stringify(escaping));
    const refused = relic3d('info', path.join(below, 'woman.gltf'));
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/MISSING_COMPANION|woman\.bin/);
  }, 120_000);
});
