// RelicLoader with glTF: every corpus model written as a .glb (textures embedded) loads through the
// registry with the triangles, joints and clips of the legacy file; so do files glTF-Transform
// compressed (meshopt, Draco), and a .gltf whose .bin and image sit in subfolders beside it
// (found by their path; a path that leaves the folder is not followed).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { requireFormat, type Resolver, type Scene } from '@relic3d/core';
import { inputFormats } from '@relic3d/formats';
import { toGlb, toGltf } from '@relic3d/gltf';
import { compressGlb } from '@relic3d/fixtures/gltf-compressed';
import { corpusFiles, type CorpusEntry } from '@relic3d/test-harness';
import { RelicLoader } from '../src/index.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'relic3d-gltf-loader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const COMPANION = /\.(chr|ani|jpe?g|png|bmp|tga|dds|txt|tsv)$/i;
const models = ['ms3d', 'ase', 'o3d', 'mdl', 'lod'].flatMap((folder) => corpusFiles(folder).filter((e) => !COMPANION.test(e.file)).map((e) => [`${folder}/${e.file}`, e] as const));

/** Companions beside the corpus file, by base name (corpus names carry a `<source>__` prefix), with a listing for Flyff motions. */
function corpusResolver(entry: CorpusEntry): Resolver {
  const folder = path.dirname(entry.path);
  const listing = readdirSync(folder);
  const prefix = /^(.*?__)/.exec(entry.file)?.[1] ?? '';
  const resolve = (name: string) => {
    const base = name.replace(/\\/g, '/').split('/').pop()!.toLowerCase();
    const hit = listing.find((f) => f.toLowerCase() === base || f.toLowerCase() === (prefix + base).toLowerCase());
    return hit ? new Uint8Array(readFileSync(path.join(folder, hit))) : undefined;
  };
  return Object.assign(resolve, { list: () => listing });
}

async function legacyScene(entry: CorpusEntry): Promise<{ scene: Scene; resolve: Resolver }> {
  const bytes = new Uint8Array(readFileSync(entry.path));
  const resolve = corpusResolver(entry);
  return { scene: await requireFormat(bytes, entry.file, inputFormats).parse(bytes, { fileName: entry.file, resolve }), resolve };
}

const triangles = (scene: Scene) => scene.nodes.reduce((n, node) => n + (node.mesh === undefined ? 0 : scene.meshes[node.mesh].primitives.reduce((k, p) => k + ((p.mode ?? 'TRIANGLES') === 'TRIANGLES' ? (p.indices?.length ?? p.attributes.POSITION.length / 3) / 3 : 0), 0)), 0);
const joints = (scene: Scene) => scene.skins.map((s) => s.joints.length);

async function load(file: string, bytes: Uint8Array) {
  writeFileSync(path.join(dir, file), bytes);
  return new RelicLoader().loadAsync(pathToFileURL(path.join(dir, file)).href);
}

describe.skipIf(!models.length)('RelicLoader opens every .glb the corpus converts to', () => {
  it('finds the corpus models', () => expect(models.length).toBeGreaterThanOrEqual(95));

  it.each(models)('%s', async (name, entry) => {
    const { scene, resolve } = await legacyScene(entry);
    const result = await load(`${name.replace(/\W/g, '_')}.glb`, await toGlb(scene, { resolve }));
    expect(result.format.id).toBe('gltf');
    expect(triangles(result.scene)).toBe(triangles(scene));
    expect(joints(result.scene)).toEqual(joints(scene));
    expect(result.clips.map((c) => c.name)).toEqual(scene.animations.map((a) => a.name));
    expect(result.skeletons.length).toBe(scene.skins.length);
  });
});

describe.skipIf(!corpusFiles('o3d').length)('RelicLoader with compressed and text glTF', () => {
  const entry = corpusFiles('o3d').find((e) => e.file === 'mvr_AiBatt.o3d')!;

  it.each(['meshopt', 'draco'] as const)('opens mvr_AiBatt as a %s .glb made by glTF-Transform (MANIFEST: 496 faces, 14 bones, stand + walk)', async (compression) => {
    const { scene, resolve } = await legacyScene(entry);
    const result = await load(`aibatt-${compression}.glb`, await compressGlb(await toGlb(scene, { resolve }), compression));
    expect([triangles(result.scene), joints(result.scene)]).toEqual([496, [14]]);
    expect(result.clips.map((c) => c.name).sort()).toEqual(['stand', 'walk']);
  });

  it('opens a .gltf whose .bin and image are in subfolders, and refuses one whose .bin is above its folder', async () => {
    const { scene, resolve } = await legacyScene(entry);
    const { json, resources } = await toGltf(scene, { basename: 'aibatt', resolve });
    const bin = Object.keys(resources).find((uri) => uri.endsWith('.bin'))!;
    const folder = path.join(dir, 'text', 'model');
    mkdirSync(path.join(folder, 'buffers'), { recursive: true });
    const moved = structuredClone(json) as { buffers: { uri: string }[] };
    moved.buffers[0].uri = `buffers/${bin}`;
    writeFileSync(path.join(folder, 'buffers', bin), resources[bin]);
    writeFileSync(path.join(folder, 'aibatt.gltf'), JSON.stringify(moved));
    const result = await new RelicLoader().loadAsync(pathToFileURL(path.join(folder, 'aibatt.gltf')).href);
    expect([result.format.id, triangles(result.scene), joints(result.scene)]).toEqual(['gltf', 496, [14]]);

    // The .bin one folder up, named '../aibatt.bin': the loader does not leave the model's folder.
    writeFileSync(path.join(dir, 'text', bin), resources[bin]);
    moved.buffers[0].uri = `../${bin}`;
    writeFileSync(path.join(folder, 'escaping.gltf'), JSON.stringify(moved));
    await expect(new RelicLoader().loadAsync(pathToFileURL(path.join(folder, 'escaping.gltf')).href)).rejects.toMatchObject({ code: 'MISSING_COMPANION', format: 'gltf' });
  });
});
