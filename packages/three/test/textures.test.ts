// The default image decoder: BMP, TGA and DDS through core's decoders in any runtime (here Node).
import { describe, expect, it } from 'vitest';
import { addNode, createScene, defaultMaterial, type Scene } from '@relic3d/core';
import { toThree } from '../src/index.js';
import { bmp24, ddsHeader, dxt1, pixel, tga } from '@relic3d/fixtures/images';

function texturedScene(uris: string[]): Scene {
  const scene = createScene('test');
  addNode(scene, { name: 'quad', mesh: 0 });
  scene.meshes.push({ name: 'quad', primitives: [{ attributes: { POSITION: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]) }, material: 0 }] });
  uris.forEach((uri, i) => {
    scene.textures.push({ uri });
    scene.materials.push({ ...defaultMaterial(`m${i}`), baseColorTexture: { texture: i } });
  });
  return scene;
}

const pixels = (image: unknown) => image as { width: number; height: number; data: Uint8ClampedArray };

describe('toThree: default image decoder', () => {
  it('decodes DDS (DXT1), TGA and BMP companions into pixels, found by the path the model writes', async () => {
    const files: Record<string, Uint8Array> = { 'Texture/Mvr_Aibatt-01.dds': dxt1(), 'skin.tga': tga(2, 24, true), 'wood.bmp': bmp24() };
    const scene = texturedScene(['Texture/Mvr_Aibatt-01.dds', 'skin.tga', 'wood.bmp']);
    const result = toThree(scene, { resolve: (name) => files[name] });
    await result.ready;
    expect(result.warnings).toEqual([]);
    const [dds, targa, bitmap] = result.textures.map((t) => pixels(t.image));
    // DXT1 block: colour 0 pure red, colour 1 pure blue; each row uses indices 0, 1, 2, 3 left to right.
    expect([dds.width, dds.height]).toEqual([4, 4]);
    expect(pixel({ width: 4, rgba: new Uint8Array(dds.data.buffer) }, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(pixel({ width: 4, rgba: new Uint8Array(dds.data.buffer) }, 1, 3)).toEqual([0, 0, 255, 255]);
    // 2×2 TGA and BMP: top row red, green; bottom row blue, white (top row first, as glTF UVs expect).
    for (const image of [targa, bitmap]) {
      const p = { width: 2, rgba: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.length) };
      expect([pixel(p, 0, 0), pixel(p, 1, 0), pixel(p, 0, 1)]).toEqual([[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]]);
    }
    // The maps are attached once decoded.
    expect(result.materials.every((m) => (m as unknown as { map: unknown }).map)).toBe(true);
  });

  it('says why a texture is not shown: a browser-only type here, a DDS variant not read, no image at all', async () => {
    const files: Record<string, Uint8Array> = {
      'photo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      'bc7.dds': ddsHeader(0x4, 'DX10'),
      'notes.dds': new TextEncoder().encode('not an image at all'),
    };
    const result = toThree(texturedScene(['photo.png', 'bc7.dds', 'notes.dds']), { resolve: (name) => files[name] });
    await result.ready;
    expect(result.warnings.map((w) => w.message)).toEqual([
      "texture 'photo.png' could not be decoded (PNG needs a browser)",
      "texture 'bc7.dds' could not be decoded (DDS in a variant the decoder does not read)",
      "texture 'notes.dds' is not an image type relic3d knows",
    ]);
    expect(result.materials.some((m) => (m as unknown as { map: unknown }).map)).toBe(false);
  });
});
