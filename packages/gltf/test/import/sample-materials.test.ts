// A glTF-Transform sample → fromGltf: materials (factors, maps, texture transform, emissive
// strength, unlit, samplers), embedded images, cameras, lights and extras, against the document.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Document } from '@gltf-transform/core';
import type { Scene } from '@relic3d/core';
import { images, readSample } from './sample.js';

let doc: Document, scene: Scene;
beforeAll(async () => ({ doc, scene } = await readSample()));
const material = (name: string) => scene.materials.find((m) => m.name === name)!;
const texture = (index: number | undefined) => scene.textures[index!];

describe('glTF-Transform sample: materials, textures, cameras, lights', () => {
  it('reads the PBR factors and every map, with texture transform, strengths and texture sets', () => {
    const skin = material('Skin');
    const g = doc.getRoot().listMaterials()[0];
    expect(skin).toMatchObject({
      baseColorFactor: g.getBaseColorFactor(),
      metallicFactor: g.getMetallicFactor(),
      roughnessFactor: g.getRoughnessFactor(),
      emissiveFactor: g.getEmissiveFactor(),
      emissiveStrength: 3,
      alphaMode: 'OPAQUE',
      doubleSided: false,
      extras: { shader: 'skin' },
    });
    expect(skin.baseColorTexture!.transform).toEqual({ offset: [0.5, 0], scale: [2, 2], rotation: expect.closeTo(0.3, 6) });
    expect(skin.normalTexture!.strength).toBeCloseTo(0.8, 6);
    expect(skin.unlit).toBeUndefined();
    const cloth = material('Cloth');
    expect(cloth).toMatchObject({ alphaMode: 'MASK', alphaCutoff: expect.closeTo(0.3, 6), doubleSided: true, unlit: true });
    expect(cloth.occlusionTexture).toMatchObject({ texCoord: 1, strength: expect.closeTo(0.6, 6) });
    expect(cloth.baseColorTexture!.texCoord).toBeUndefined();
  });

  it('embeds each image with its MIME type, named after the image, with wrap modes from the sampler', () => {
    const named = (m: string, slot: 'baseColorTexture' | 'normalTexture' | 'occlusionTexture') => texture(material(m)[slot]!.texture);
    expect(named('Skin', 'baseColorTexture')).toEqual({ name: 'skin', uri: 'skin.png', image: { mimeType: 'image/png', data: images.skin } });
    expect(named('Skin', 'normalTexture')).toMatchObject({ name: 'skin_normal', uri: 'skin_normal.png', image: { data: images.skinNormal } });
    expect(named('Cloth', 'baseColorTexture')).toMatchObject({ uri: 'cloth.png', wrapS: 'CLAMP_TO_EDGE', wrapT: 'MIRRORED_REPEAT', image: { data: images.cloth } });
    expect(named('Cloth', 'occlusionTexture')).toMatchObject({ uri: 'cloth_ao.png', image: { data: images.clothAo } });
    expect(named('Cloth', 'occlusionTexture').wrapS).toBeUndefined();
    expect(scene.textures).toHaveLength(4);
  });

  it('reads both cameras; a perspective camera without zfar stays infinite', () => {
    const byNode = (name: string) => scene.cameras[scene.nodes.find((n) => n.name === name)!.camera!];
    expect(byNode('Camera')).toEqual({ name: 'Eye', type: 'perspective', yfov: expect.closeTo(0.8, 6), aspectRatio: 1.5, znear: expect.closeTo(0.05, 6) });
    expect(byNode('Ortho')).toEqual({ name: 'Top', type: 'orthographic', xmag: 4, ymag: 3, znear: expect.closeTo(0.1, 6), zfar: 50 });
  });

  it('reads KHR_lights_punctual lights on their nodes', () => {
    const byNode = (name: string) => scene.lights[scene.nodes.find((n) => n.name === name)!.light!];
    expect(byNode('Spot')).toEqual({
      name: 'Spot',
      type: 'spot',
      color: [1, expect.closeTo(0.9, 6), expect.closeTo(0.8, 6)],
      intensity: 5,
      range: 10,
      innerConeAngle: expect.closeTo(0.2, 6),
      outerConeAngle: expect.closeTo(0.6, 6),
    });
    expect(byNode('Sun')).toEqual({ name: 'Sun', type: 'directional', color: [1, 1, 1], intensity: 2, extras: { sky: true } });
  });

  it('keeps the scene extras, and the asset (generator) under extras.asset', () => {
    expect(scene.extras).toEqual({ level: 3, tags: ['a', 'b'], asset: { generator: expect.stringContaining('glTF-Transform') } });
  });
});
