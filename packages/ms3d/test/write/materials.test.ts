// Materials and textures (docs/formats/ms3d.md §2.5): legacy colours kept exactly, PBR factors
// converted back as the reader converts them, texture paths, embedded images written beside the model.
import { linearToSrgb } from '@relic3d/core';
import { sceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { fieldsOf } from './fields.js';
import { material, meshScene, quadPrimitive, refusal, roundTrip } from './helpers.js';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const quadWith = (...materials: ReturnType<typeof material>[]) => {
  const scene = meshScene('box', materials.map((_, i) => quadPrimitive(i)));
  scene.materials.push(...materials);
  return scene;
};

describe('materials', () => {
  it('writes the legacy colours, shininess and transparency exactly (a round trip keeps them)', () => {
    const legacy = { ambient: [0.1, 0.2, 0.3, 1], diffuse: [0.4, 0.5, 0.6, 0.9], specular: [0.7, 0.8, 0.9, 1], emissive: [0.05, 0, 0, 1], shininess: 42, opacity: 0.75 } as const;
    const m = fieldsOf(roundTrip(quadWith(material('legacy', { legacy: { ...legacy, ambient: [...legacy.ambient], diffuse: [...legacy.diffuse], specular: [...legacy.specular], emissive: [...legacy.emissive] } }))).bytes).materials[0];
    expect(m.ambient).toEqual(legacy.ambient.map(Math.fround));
    expect(m.diffuse).toEqual(legacy.diffuse.map(Math.fround));
    expect(m.specular).toEqual(legacy.specular.map(Math.fround));
    expect(m.emissive).toEqual(legacy.emissive.map(Math.fround));
    expect([m.shininess, m.transparency]).toEqual([42, 0.75]);
  });

  it('derives MilkShape colours from PBR factors (the inverse of the reader)', () => {
    const m = fieldsOf(roundTrip(quadWith(material('pbr', { baseColorFactor: [0.5, 0.25, 1, 0.5], roughnessFactor: 0.5, emissiveFactor: [1, 0, 0], emissiveStrength: 2, alphaMode: 'BLEND' }))).bytes).materials[0];
    expect(m.diffuse).toEqual([linearToSrgb(0.5), linearToSrgb(0.25), 1, 0.5].map(Math.fround));
    expect(m.ambient).toEqual([0.2, 0.2, 0.2, 1].map(Math.fround));
    // roughness = sqrt(2 / (n + 2)) → n = 2 / 0.25 − 2 = 6; specular grey 1 − roughness.
    expect(m.shininess).toBe(6);
    expect(m.specular).toEqual([0.5, 0.5, 0.5, 1]);
    expect(m.emissive).toEqual([2, 0, 0, 1]);
    expect(m.transparency).toBe(0.5);
  });

  it("a blended textured material gets the HASALPHA mode bit; the MS3D reader's stored mode is kept", () => {
    const scene = quadWith(material('a', { alphaMode: 'BLEND', baseColorTexture: { texture: 0 } }), material('b', { extras: { mode: 0x80, sphereMap: true } }), material('c', { extras: { mode: 0x80 } }));
    scene.textures.push({ uri: 'hair.tga' });
    // 'c' has a `mode` from some other format (no MS3D reader mark): not MilkShape's mode byte.
    expect(fieldsOf(roundTrip(scene).bytes).materials.map((m) => m.mode)).toEqual([0x40, 0x80, 0]);
  });

  it('keeps relative texture paths (MilkShape backslashes too), takes the base name of absolute ones (warned)', () => {
    const scene = quadWith(material('a', { baseColorTexture: { texture: 0 } }), material('b', { baseColorTexture: { texture: 1 }, otherTextures: { alphamap: { texture: 2 } } }));
    scene.textures.push({ uri: './jeep1.jpg', extras: { path: '.\\jeep1.jpg' } }, { uri: 'C:\\art\\wood.bmp' }, { uri: '../maps/alpha.tga' });
    const trip = roundTrip(scene);
    expect(fieldsOf(trip.bytes).materials.map((m) => [m.texture, m.alphamap])).toEqual([['.\\jeep1.jpg', ''], ['wood.bmp', '../maps/alpha.tga']]);
    expect(trip.warnings).toEqual(['MS3D_WRITE_TEXTURE_PATH']);
    expect(sceneFacts(trip.back).textures).toEqual(['alpha.tga', 'jeep1.jpg', 'wood.bmp']);
  });

  it('writes embedded images beside the model and references them by name', () => {
    const scene = quadWith(material('a', { baseColorTexture: { texture: 0 } }), material('b', { baseColorTexture: { texture: 1 } }), material('c', { baseColorTexture: { texture: 2 } }));
    scene.textures.push({ name: 'skin', image: { mimeType: 'image/png', data: PNG } }, { uri: 'textures/skin.png', image: { data: PNG } }, { uri: `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}` });
    const trip = roundTrip(scene);
    expect(Object.keys(trip.files)).toEqual(['box.ms3d', 'skin.png', 'skin_2.png', 'box_texture2.png']);
    for (const name of ['skin.png', 'skin_2.png', 'box_texture2.png']) expect(trip.files[name]).toEqual(PNG);
    expect(fieldsOf(trip.bytes).materials.map((m) => m.texture)).toEqual(['skin.png', 'skin_2.png', 'box_texture2.png']);
    // The image is a copy: the scene is not shared with the output.
    expect(trip.files['skin.png']).not.toBe(scene.textures[0].image!.data);
  });

  it('warns the maps MS3D cannot hold', () => {
    const scene = quadWith(material('a', { normalTexture: { texture: 0 }, occlusionTexture: { texture: 0 } }));
    scene.textures.push({ uri: 'n.png' });
    expect(roundTrip(scene).warnings).toEqual(['MS3D_WRITE_TEXTURES', 'MS3D_WRITE_TEXTURES']);
  });

  it("does not write the reader's default material: its groups stay at material −1", () => {
    const scene = quadWith(material('real'), { ...material('ms3d default'), extras: { ms3dDefault: true } });
    const f = fieldsOf(roundTrip(scene).bytes);
    expect(f.materials.map((m) => m.name)).toEqual(['real']);
    expect(f.groups.map((g) => g.material)).toEqual([0, -1]);
  });

  it('leaves out unused materials past 128 (warned) and refuses more than 128 used ones', () => {
    const scene = quadWith(material('used'));
    for (let i = 0; i < 140; i++) scene.materials.push(material(`spare${i}`));
    const trip = roundTrip(scene);
    expect(trip.warnings).toEqual(['MS3D_WRITE_MATERIALS_UNUSED']);
    expect(fieldsOf(trip.bytes).materials.map((m) => m.name)).toEqual(['used']);
    const many = quadWith(...Array.from({ length: 130 }, (_, i) => material(`m${i}`)));
    const error = refusal(() => roundTrip(many));
    expect([error.code, error.limit, error.value, error.max]).toEqual(['OVER_LIMIT', 'materials', 130, 128]);
  });
});
