// Corners glTF is strict about: skin roots, 32-bit indices, empty primitives, joint weights, image sniffing, throwing resolvers.
import { describe, expect, it } from 'vitest';
import { addNode, createScene, validateScene, type Warning } from '@relic3d/core';
import { sniffImage, toGlb } from '../../src/index.js';
import { candidateNames } from '../../src/images/names.js';
import { cleanSkinWeights } from '../../src/export/sanitize.js';
import { fakeBmp, featureScene, makePng } from '../scenes.js';
import { exportScene, byName } from './helpers.js';

describe('corners glTF is strict about', () => {
  it('puts an identity root above joints that have separate roots', async () => {
    const scene = createScene('test');
    const a = addNode(scene, { name: 'a', translation: [1, 0, 0] });
    const b = addNode(scene, { name: 'b', translation: [-1, 0, 0] });
    const body = addNode(scene, { name: 'body', mesh: 0, skin: 0 });
    scene.meshes.push({
      name: 'm',
      primitives: [{ attributes: { POSITION: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), JOINTS_0: new Uint16Array([0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0]), WEIGHTS_0: new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 0.5, 0.5, 0, 0]) } }],
    });
    const ibm = new Float32Array(32);
    ibm.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -1, 0, 0, 1]);
    ibm.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1], 16);
    scene.skins.push({ joints: [a, b], inverseBindMatrices: ibm });
    expect(validateScene(scene)).toEqual([]);
    const { doc, warnings } = await exportScene(scene);
    expect(warnings.map((w) => w.code)).toContain('GLTF_SKIN_ROOT_ADDED');
    const added = byName(doc, 'skeleton_root_0');
    expect(added.listChildren().map((n) => n.getName())).toEqual(['a', 'b']);
    expect(doc.getRoot().getDefaultScene()!.listChildren().map((n) => n.getName())).toEqual(['body', 'skeleton_root_0']);
    expect(body).toBe(2);
  });

  it('writes 32-bit indices when a 16-bit index buffer holds 65535 (the restart value)', async () => {
    const scene = createScene('test');
    const positions = new Float32Array(65536 * 3);
    for (let i = 0; i < 65536; i++) positions[i * 3] = i / 65536;
    positions[65535 * 3 + 1] = 1;
    scene.meshes.push({ name: 'big', primitives: [{ attributes: { POSITION: positions }, indices: new Uint16Array([0, 1, 65535]) }] });
    addNode(scene, { name: 'big', mesh: 0 });
    const { doc } = await exportScene(scene);
    const indices = doc.getRoot().listMeshes()[0].listPrimitives()[0].getIndices()!;
    expect(indices.getArray()).toBeInstanceOf(Uint32Array);
    expect(Array.from(indices.getArray()!)).toEqual([0, 1, 65535]);
  });

  it('drops empty primitives and meshes, skins without weights, textures without texture coordinates', async () => {
    const scene = createScene('test');
    scene.textures.push({ image: { data: makePng() } });
    scene.materials.push({ name: 'tex', baseColorFactor: [1, 1, 1, 1], metallicFactor: 0, roughnessFactor: 1, emissiveFactor: [0, 0, 0], alphaMode: 'OPAQUE', doubleSided: false, baseColorTexture: { texture: 0 } });
    scene.meshes.push({ name: 'empty', primitives: [{ attributes: { POSITION: new Float32Array(0) } }] });
    scene.meshes.push({ name: 'plain', primitives: [{ attributes: { POSITION: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]) }, material: 0 }] });
    addNode(scene, { name: 'e', mesh: 0 });
    addNode(scene, { name: 'p', mesh: 1 });
    const { doc, warnings } = await exportScene(scene);
    expect(byName(doc, 'e').getMesh()).toBeNull();
    const material = byName(doc, 'p').getMesh()!.listPrimitives()[0].getMaterial()!;
    expect(material.getBaseColorTexture()).toBeNull();
    expect(material.getExtras()).toMatchObject({ unresolvedTextures: { baseColorTexture: { problem: 'no texture coordinates' } } });
    expect(warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['GLTF_PRIMITIVE_EMPTY', 'GLTF_MATERIAL_TEXCOORD']));
  });

  it('cleans joint weights: merges duplicates, drops joints past the skin, renormalises', () => {
    const { joints, weights, fixed } = cleanSkinWeights(
      new Uint16Array([2, 2, 7, 0, 1, 0, 0, 0, 9, 0, 0, 0]),
      new Float32Array([0.25, 0.25, 0.5, 0, 2, 0, 0, 0, 1, 0, 0, 0]),
      3,
    );
    expect(Array.from(joints)).toEqual([2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(weights)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
    expect(fixed).toBe(3);
  });

  it('recognises images by content and tries Windows paths and base names', () => {
    expect(sniffImage(makePng())?.mimeType).toBe('image/png');
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))?.mimeType).toBe('image/jpeg');
    expect(sniffImage(fakeBmp())?.embeddable).toBe(false);
    expect(sniffImage(new Uint8Array([1, 2, 3]))).toBeUndefined();
    expect(candidateNames('.\\tex\\a.bmp')).toEqual(['.\\tex\\a.bmp', './tex/a.bmp', 'tex/a.bmp', 'a.bmp']);
  });

  it('a resolver that throws counts as a missing texture', async () => {
    const scene = featureScene();
    const warnings: Warning[] = [];
    const glb = await toGlb(scene, { resolve: () => { throw new Error('disk on fire'); }, onWarning: (w) => warnings.push(w) });
    expect(glb.byteLength).toBeGreaterThan(0);
    const missing = warnings.filter((w) => w.code === 'GLTF_TEXTURE_MISSING');
    expect(missing.map((w) => /disk on fire/.test(w.message))).toEqual([true, true, true]); // wood.png, missing.tga, old.bmp
  });
});
