// glTF as the sixth input: registered with the five, found by content (a .glb's header, a .gltf's
// JSON keys), parsed with fromGltf (a .gltf's .bin through the resolver), and never mistaken for
// another JSON or a legacy file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, registeredFormats, requireFormat } from '@relic3d/core';
import { toGlb, toGltf } from '@relic3d/gltf';
import { corpusNotice, corpusRoot } from '@relic3d/test-harness';
import { formats, gltfFormat, inputExtensions, inputFormats, isGltf } from '../src/index.js';

const text = (s: string) => new TextEncoder().encode(s);

describe('glTF among the input formats', () => {
  it('comes after the five, which keep their writers’ order; all six are registered', () => {
    expect(inputFormats.map((f) => f.id)).toEqual(['ms3d', 'ase', 'o3d', 'mdl', 'lod', 'gltf']);
    expect(formats.map((f) => f.id)).toEqual(['ms3d', 'ase', 'o3d', 'mdl', 'lod']);
    expect(inputExtensions).toEqual(['.ms3d', '.ase', '.o3d', '.mdl', '.lod', '.glb', '.gltf']);
    expect(registeredFormats()).toContain(gltfFormat);
  });

  it('knows a .glb by its header and a .gltf by its JSON keys, whatever the name', () => {
    expect(isGltf(Uint8Array.from([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0, 20, 0, 0, 0]))).toBe(true);
    expect(isGltf(Uint8Array.from([0x67, 0x6c, 0x54, 0x46, 1, 0, 0, 0, 20, 0, 0, 0]))).toBe(false); // glTF 1.0 binary
    expect(isGltf(text('\uFEFF \n{"asset":{"version":"2.0"}}'))).toBe(true);
    expect(isGltf(text('{"bufferViews":[],'))).toBe(true); // a sniffed head
    expect(isGltf(text('{"name":"package","version":"1.0.0"}'))).toBe(false);
    expect(isGltf(text('*3DSMAX_ASCIIEXPORT 200\n'))).toBe(false);
    expect(detectFormat(text('{"asset":{"version":"2.0"}}'), 'model.bin')?.id).toBe('gltf');
    expect(() => requireFormat(text('{"name":"x"}'), 'x.gltf')).toThrow(/UNKNOWN|glTF/);
  });
});

describe.skipIf(!corpusNotice('ms3d'))('with the corpus', () => {
  const file = path.join(corpusRoot(), 'ms3d', 'glscene__Woman4.ms3d');

  it('detects and parses a .glb relic3d wrote from a MilkShape model, with its triangles and joints', async () => {
    const bytes = new Uint8Array(readFileSync(file));
    const scene = await requireFormat(bytes, 'Woman4.ms3d').parse(bytes, { fileName: 'Woman4.ms3d', kernels: 'js' });
    const glb = await toGlb(scene);
    const format = requireFormat(glb, 'woman.glb');
    expect(format).toBe(gltfFormat);
    const back = await format.parse(glb, { fileName: 'woman.glb' });
    expect(back.format).toBe('gltf');
    // The MANIFEST's Woman4.ms3d: 1 mesh group set, a skeleton of joints (same count either way).
    const triangles = (s: typeof scene) => s.meshes.reduce((n, m) => n + m.primitives.reduce((k, p) => k + (p.indices?.length ?? 0) / 3, 0), 0);
    expect(triangles(back)).toBe(triangles(scene));
    expect(back.skins.map((s) => s.joints.length)).toEqual(scene.skins.map((s) => s.joints.length));
  });

  it('parses a .gltf with its .bin through the resolver, and says which file is missing without it', async () => {
    const bytes = new Uint8Array(readFileSync(file));
    const scene = await requireFormat(bytes, 'Woman4.ms3d').parse(bytes, { fileName: 'Woman4.ms3d', kernels: 'js' });
    const { json, resources } = await toGltf(scene, { basename: 'woman' });
    const gltf = text(JSON.stringify(json));
    expect(requireFormat(gltf, 'woman.gltf')).toBe(gltfFormat);
    const back = await gltfFormat.parse(gltf, { fileName: 'woman.gltf', resolve: (name) => resources[name] });
    expect(back.meshes.length).toBe(scene.meshes.length);
    await expect(gltfFormat.parse(gltf, { fileName: 'woman.gltf', resolve: () => undefined })).rejects.toMatchObject({ code: 'MISSING_COMPANION', format: 'gltf' });
  });
});
