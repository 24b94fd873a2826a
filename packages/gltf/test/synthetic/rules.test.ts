// Materials, morph targets and splines glTF has rules for: emissive strength, texture transform, padded targets, CUBICSPLINE tangents.
import { describe, expect, it } from 'vitest';
import { type Document } from '@gltf-transform/core';
import { addNode, createScene, defaultMaterial, validateScene } from '@relic3d/core';
import { featureScene } from '../scenes.js';
import { sampleGltf } from '../gltf-bounds.js';
import { exportScene, close } from './helpers.js';

describe('materials, morph targets and splines glTF has rules for', () => {
  const triangle = () => new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  function oneMaterial(patch: Partial<ReturnType<typeof defaultMaterial>>) {
    const scene = createScene('test');
    scene.materials.push({ ...defaultMaterial('m'), ...patch });
    scene.meshes.push({ name: 't', primitives: [{ attributes: { POSITION: triangle() }, material: 0 }] });
    addNode(scene, { name: 't', mesh: 0 });
    return scene;
  }
  const strengthOf = (doc: Document) =>
    doc.getRoot().listMaterials()[0].getExtension<import('@gltf-transform/extensions').EmissiveStrength>('KHR_materials_emissive_strength')?.getEmissiveStrength();

  it('an emissive colour brighter than 1 keeps its hue and moves the peak into KHR_materials_emissive_strength', async () => {
    const { doc, glb } = await exportScene(oneMaterial({ emissiveFactor: [2, 1, 0] as never }));
    close(doc.getRoot().listMaterials()[0].getEmissiveFactor(), [1, 0.5, 0]);
    expect(strengthOf(doc)).toBe(2);
    // Raw JSON, as the extension's spec writes it: materials[0].extensions.KHR_materials_emissive_strength.emissiveStrength.
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + new DataView(glb.buffer, glb.byteOffset).getUint32(12, true))));
    expect(json.materials[0].extensions.KHR_materials_emissive_strength).toEqual({ emissiveStrength: 2 });
    expect(json.extensionsUsed).toContain('KHR_materials_emissive_strength');
    // Factor and strength multiply: a normalised factor with strength 3 and a peak of 2 gives 6.
    const both = await exportScene(oneMaterial({ emissiveFactor: [2, 2, 1] as never, emissiveStrength: 3 }));
    close(both.doc.getRoot().listMaterials()[0].getEmissiveFactor(), [1, 1, 0.5]);
    expect(strengthOf(both.doc)).toBe(6);
    // A strength below 1 fits in the factor; no extension.
    const dim = await exportScene(oneMaterial({ emissiveFactor: [1, 0.5, 0] as never, emissiveStrength: 0.5 }));
    close(dim.doc.getRoot().listMaterials()[0].getEmissiveFactor(), [0.5, 0.25, 0]);
    expect(strengthOf(dim.doc)).toBeUndefined();
  });

  it('KHR_texture_transform is written on the texture info as the extension spec lays it out', async () => {
    const { glb } = await exportScene(featureScene());
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + new DataView(glb.buffer, glb.byteOffset).getUint32(12, true))));
    const textured = json.materials.find((m: { name: string }) => m.name === 'textured');
    const transform = textured.pbrMetallicRoughness.baseColorTexture.extensions.KHR_texture_transform;
    expect(transform.offset).toEqual([0.5, 0]);
    expect(transform.scale).toEqual([2, 2]);
    expect(transform.rotation).toBeCloseTo(Math.PI / 2, 6);
    expect(json.extensionsUsed).toContain('KHR_texture_transform');
    // No transform where the scene has none.
    expect(textured.normalTexture.extensions?.KHR_texture_transform).toBeUndefined();
  });

  it('a scene breaking the equal-target rule still exports valid glTF: targets are padded', async () => {
    const scene = createScene('test');
    scene.meshes.push({
      name: 'two',
      primitives: [
        { attributes: { POSITION: triangle() }, targets: [{ name: 'up', POSITION: new Float32Array([0, 1, 0, 0, 1, 0, 0, 1, 0]) }, { name: 'out', POSITION: new Float32Array(9).fill(0.5) }] },
        { attributes: { POSITION: triangle() } },
      ],
    });
    addNode(scene, { name: 'two', mesh: 0, weights: [1, 0] });
    expect(validateScene(scene).map((i) => i.code)).toEqual(['TARGET_LENGTH']);
    const { doc, warnings } = await exportScene(scene);
    const [a, b] = doc.getRoot().listMeshes()[0].listPrimitives();
    expect(a.listTargets()).toHaveLength(2);
    expect(b.listTargets()).toHaveLength(2);
    expect(Array.from(b.listTargets()[1].getAttribute('POSITION')!.getArray()!)).toEqual(new Array(9).fill(0));
    expect(doc.getRoot().listMeshes()[0].getExtras()).toEqual({ targetNames: ['up', 'out'] });
    expect(warnings.map((w) => w.code)).toContain('GLTF_TARGETS_PADDED');
  });

  it('CUBICSPLINE keys keep their tangents: the reloaded glTF samples like the scene between uneven keys', async () => {
    const scene = createScene('test');
    const node = addNode(scene, { name: 'n' });
    // Keys at 0, 0.5 and 2 s (uneven spans, so tangents scaled by the wrong span would show).
    const times = new Float32Array([0, 0.5, 2]);
    // prettier-ignore
    const translation = new Float32Array([
      0, 0, 0,   0, 0, 0,   4, 0, -2,
      1, 2, 0,   1, 1, 1,  -3, 0, 5,
      2, 2, 2,   3, 0, 0,   0, 0, 0,
    ]);
    // Rotation keys of length 2 with tangents of the same scale: normalised together.
    // prettier-ignore
    const rotation = new Float32Array([
      0, 0, 0, 0,   0, 0, 0, 2,   0, 0, 2, 0,
      0, 0, 2, 0,   0, 0, 1.4142135, 1.4142135,   0, 0, 0, 0,
      0, 0, 0, 0,   0, 0, 2, 0,   0, 0, 0, 0,
    ]);
    scene.animations.push({
      name: 'curve',
      duration: 2,
      channels: [
        { node, path: 'translation', interpolation: 'CUBICSPLINE', times, values: translation },
        { node, path: 'rotation', interpolation: 'CUBICSPLINE', times, values: rotation },
      ],
    });
    expect(validateScene(scene)).toEqual([]);
    const { doc } = await exportScene(scene);
    const [tSampler, rSampler] = doc.getRoot().listAnimations()[0].listSamplers();
    close(tSampler.getOutput()!.getArray()!, Array.from(translation));
    close(rSampler.getOutput()!.getArray()!.slice(0, 12), [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0]);
    const { sampleChannel } = await import('@relic3d/core');
    for (const t of [0.1, 0.25, 0.4, 0.8, 1.3, 1.9]) {
      const expected = sampleChannel(scene.animations[0].channels[0], t, new Float32Array(3));
      close(sampleGltf(tSampler.getInput()!.getArray()!, tSampler.getOutput()!.getArray()!, 'CUBICSPLINE', 'translation', t), Array.from(expected), 4);
      const q = sampleChannel(scene.animations[0].channels[1], t, new Float32Array(4));
      close(sampleGltf(rSampler.getInput()!.getArray()!, rSampler.getOutput()!.getArray()!, 'CUBICSPLINE', 'rotation', t), Array.from(q), 4);
    }
  });
});
