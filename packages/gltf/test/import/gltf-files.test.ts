// .gltf JSON with its resources: external buffers and images through the resolver (URIs decoded),
// data URIs without one; a buffer that cannot be read is a FormatError, an image a warning.
import { describe, expect, it } from 'vitest';
import { isFormatError, validateScene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { fromGltf } from '../../src/index.js';
import { images, sampleGlb, sampleGltf } from './sample.js';

const text = (json: unknown) => new TextEncoder().encode(JSON.stringify(json));
const dataUri = (mime: string, bytes: Uint8Array) => `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (e) {
    return e as Error & { code: string; format: string };
  }
  throw new Error('expected a FormatError');
}

describe('.gltf files and their resources', () => {
  it('reads external buffers and images through the resolver, by their decoded URIs', async () => {
    const { json, resources } = await sampleGltf();
    // A URI with an escaped space, as glTF writes file names.
    const files: Record<string, Uint8Array> = { ...resources, 'my skin.png': resources[json.images[0].uri] };
    json.images[0].uri = 'my%20skin.png';
    const asked: string[] = [];
    const scene = await fromGltf(text(json), { resolve: (name) => (asked.push(name), files[name]) });
    expect(validateScene(scene)).toEqual([]);
    expect(asked).toContain('sample.bin');
    expect(asked).toContain('my skin.png');
    const { glb } = await sampleGlb();
    // The same scene as from the .glb, but for texture paths: external images keep theirs.
    expect(compareSceneFacts(sceneFacts(await fromGltf(glb)), sceneFacts(scene), { skip: ['textures'] })).toEqual([]);
    const uris = json.images.map((image: { uri: string }) => decodeURIComponent(image.uri));
    expect(scene.textures.map((t) => t.uri).sort()).toEqual([...uris].sort());
    for (const texture of scene.textures) expect(texture.image?.data).toEqual(files[texture.uri!]);
  });

  it('reads data URIs without a resolver', async () => {
    const { json, resources } = await sampleGltf();
    json.buffers[0].uri = dataUri('application/octet-stream', resources['sample.bin']);
    json.images.forEach((image: { uri: string }) => (image.uri = dataUri('image/png', resources[image.uri])));
    const scene = await fromGltf(text(json));
    expect(validateScene(scene)).toEqual([]);
    expect(scene.warnings.map((w) => w.code)).not.toContain('GLTF_IMAGE_MISSING');
    const names = scene.textures.map((t) => t.uri).sort();
    expect(names).toEqual(['cloth.png', 'cloth_ao.png', 'skin.png', 'skin_normal.png']);
    expect(scene.textures.find((t) => t.uri === 'skin.png')!.image).toEqual({ mimeType: 'image/png', data: images.skin });
  });

  it('refuses a .gltf whose buffer cannot be read (no resolver, or not found) with MISSING_COMPANION', async () => {
    const { json, resources } = await sampleGltf();
    for (const resolve of [undefined, () => undefined, () => Promise.reject(new Error('disk on fire'))]) {
      const error = await rejection(fromGltf(text(json), { resolve }));
      expect(isFormatError(error)).toBe(true);
      expect(error).toMatchObject({ format: 'gltf', code: 'MISSING_COMPANION' });
      expect(error.message).toContain('sample.bin');
    }
    // With the buffer but without the images: uri-only textures and a warning per image.
    const scene = await fromGltf(text(json), { resolve: (name) => (name.endsWith('.bin') ? resources[name] : undefined) });
    expect(validateScene(scene)).toEqual([]);
    expect(scene.warnings.filter((w) => w.code === 'GLTF_IMAGE_MISSING')).toHaveLength(4);
    expect(scene.textures.every((t) => t.uri && !t.image)).toBe(true);
  });

  it('accepts an ArrayBuffer, a BOM and leading white space', async () => {
    const { json, resources } = await sampleGltf();
    json.buffers[0].uri = dataUri('application/octet-stream', resources['sample.bin']);
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x20, 0x0a, ...text(json)]);
    const scene = await fromGltf(bytes.buffer, { resolve: (name) => resources[name] });
    expect(scene.nodes.length).toBe(json.nodes.length);
  });
});
