// The feature scene exported to .glb: nodes, lights, attributes, morphs, skin, clips, materials, images, cameras, LODs, extras.
import { describe, expect, it } from 'vitest';
import { validateScene } from '@relic3d/core';
import { toGlb, type Lod } from '../../src/index.js';
import { featureScene } from '../scenes.js';
import { wood, exportScene, byName, close } from './helpers.js';

describe('feature scene → .glb', () => {
  const scene = featureScene();

  it('is a valid scene to start with', () => {
    expect(validateScene(scene)).toEqual([]);
  });

  it('passes the Khronos validator and keeps every node, mesh, skin, clip, camera and light', async () => {
    const { doc } = await exportScene(scene);
    const root = doc.getRoot();
    expect(root.listNodes().map((n) => n.getName())).toEqual(scene.nodes.map((n) => n.name));
    expect(root.listMeshes().map((m) => m.getName())).toEqual(['quad', 'strip', 'lod0', 'lod1', 'lod2', 'lines']);
    expect(root.listSkins()).toHaveLength(1);
    expect(root.listAnimations().map((a) => a.getName())).toEqual(['move', 'spin', 'morph', 'early']);
    expect(root.listCameras().map((c) => c.getType())).toEqual(['perspective', 'orthographic']);
    expect(root.listExtensionsUsed().map((e) => e.extensionName)).toContain('KHR_lights_punctual');
    expect(byName(doc, 'bulbNode').getExtension<import('@gltf-transform/extensions').Light>('KHR_lights_punctual')?.getRange()).toBe(10);
    expect(root.getDefaultScene()?.getName()).toBe('features');
  });

  it('writes KHR_lights_punctual as its spec lays it out: a root light list, nodes pointing into it', async () => {
    const { glb } = await exportScene(scene);
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + new DataView(glb.buffer, glb.byteOffset).getUint32(12, true))));
    const lights = json.extensions.KHR_lights_punctual.lights as Record<string, any>[];
    expect(lights.map((l) => [l.name, l.type])).toEqual([['sun', 'directional'], ['bulb', 'point'], ['spot', 'spot']]);
    expect(lights[0]).toMatchObject({ color: [1, 1, 0.9], intensity: 3 });
    expect(lights[0].range).toBeUndefined(); // directional lights have no range
    expect(lights[1]).toMatchObject({ color: [1, 0.5, 0.2], intensity: 20, range: 10 });
    // The scene's inner 0.6 > outer 0.4 is impossible; the outer cone is kept, the inner put below it.
    expect(lights[2].spot.outerConeAngle).toBeCloseTo(0.4, 6);
    expect(lights[2].spot.innerConeAngle).toBeLessThan(0.4);
    const nodeLight = (name: string) => json.nodes.find((n: { name: string }) => n.name === name).extensions.KHR_lights_punctual.light;
    expect(['sunNode', 'bulbNode', 'spotNode'].map(nodeLight)).toEqual([0, 1, 2]);
    // Unlit: an empty KHR_materials_unlit object on the material.
    expect(json.materials.find((m: { name: string }) => m.name === 'unlit').extensions.KHR_materials_unlit).toEqual({});
  });

  it('writes the hierarchy with matrices split into TRS and unit rotations', async () => {
    const { doc } = await exportScene(scene);
    const matrixNode = byName(doc, 'matrixNode');
    expect(matrixNode.getParentNode()?.getName()).toBe('root');
    close(matrixNode.getTranslation(), [1, 2, 3]);
    close(matrixNode.getScale(), [2, 2, 2]);
    close(matrixNode.getRotation(), [0, 0, 0, 1]);
    close(byName(doc, 'quad').getRotation(), [0, 0, 0, 1]); // was (0,0,0,2)
    expect(byName(doc, 'spine').getParentNode()?.getName()).toBe('hips');
  });

  it('keeps every attribute, fixing normals, tangent signs and colours on copies', async () => {
    const { doc } = await exportScene(scene);
    const prim = doc.getRoot().listMeshes()[0].listPrimitives()[0];
    expect(prim.listSemantics().sort()).toEqual(['COLOR_0', 'NORMAL', 'POSITION', 'TANGENT', 'TEXCOORD_0', 'TEXCOORD_1']);
    close(prim.getAttribute('NORMAL')!.getArray()!, [0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
    close(prim.getAttribute('TANGENT')!.getArray()!, [1, 0, 0, 1, 1, 0, 0, -1, 1, 0, 0, 1, 1, 0, 0, 1]);
    close(prim.getAttribute('COLOR_0')!.getArray()!.slice(8), [0, 0, 1, 1, 0, 1, 1, 1]);
    expect(Array.from(prim.getIndices()!.getArray()!)).toEqual([0, 1, 2, 0, 2, 3]);
    // The source scene is untouched.
    expect(scene.meshes[0].primitives[0].attributes.NORMAL![2]).toBe(2);
  });

  it('keeps morph targets, their names and default weights', async () => {
    const { doc } = await exportScene(scene);
    const mesh = doc.getRoot().listMeshes()[0];
    const targets = mesh.listPrimitives()[0].listTargets();
    expect(targets).toHaveLength(2);
    close(targets[0].getAttribute('POSITION')!.getArray()!, [0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
    close(targets[1].getAttribute('NORMAL')!.getArray()!, [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0]);
    expect(mesh.getWeights()).toEqual([0.25, 0]);
    expect(mesh.getExtras()).toMatchObject({ targetNames: ['lift', 'bend'] });
    expect(byName(doc, 'quad').getWeights()).toEqual([0.5, 0.5]);
  });

  it('writes the skin with its joints, inverse binds and skeleton; merges duplicate joints', async () => {
    const { doc } = await exportScene(scene);
    const skin = doc.getRoot().listSkins()[0];
    expect(skin.listJoints().map((j) => j.getName())).toEqual(['hips', 'spine']);
    expect(skin.getSkeleton()?.getName()).toBe('hips');
    close(skin.getInverseBindMatrices()!.getArray()!.slice(16), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1]);
    expect(byName(doc, 'skinned').getSkin()).toBe(skin);
    const prim = doc.getRoot().listMeshes()[1].listPrimitives()[0];
    const joints = prim.getAttribute('JOINTS_0')!.getArray()!;
    const weights = prim.getAttribute('WEIGHTS_0')!.getArray()!;
    // Vertex 4 was joints (1, 1) at 0.5 + 0.5: one influence of weight 1.
    expect(Array.from(joints.slice(16, 20))).toEqual([1, 0, 0, 0]);
    close(weights.slice(16, 20), [1, 0, 0, 0]);
    expect(Array.from(joints.slice(8, 12))).toEqual([0, 1, 0, 0]);
  });

  it('writes every clip: LINEAR, STEP, CUBICSPLINE rotations (unit), weights, negative starts shifted', async () => {
    const { doc, warnings } = await exportScene(scene);
    const [move, spin, morph, early] = doc.getRoot().listAnimations();
    expect(move.listChannels().map((c) => [c.getTargetNode()?.getName(), c.getTargetPath()])).toEqual([
      ['root', 'translation'],
      ['spine', 'scale'],
    ]);
    expect(move.listSamplers().map((s) => s.getInterpolation())).toEqual(['LINEAR', 'STEP']);
    const cubic = spin.listSamplers()[0];
    expect(cubic.getInterpolation()).toBe('CUBICSPLINE');
    close(cubic.getOutput()!.getArray()!, [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
    expect(morph.listChannels()[0].getTargetPath()).toBe('weights');
    close(morph.listSamplers()[0].getOutput()!.getArray()!, [0, 0, 1, 0.5]);
    close(early.listSamplers()[0].getInput()!.getArray()!, [0, 1]);
    expect(early.getExtras()).toMatchObject({ note: 'starts before 0' });
    expect(warnings.map((w) => w.code)).toContain('GLTF_ANIMATION_SHIFTED');
  });

  it('maps materials: PBR factors clamped, legacy colours in extras, emissive strength, unlit, texture transform', async () => {
    const { doc } = await exportScene(scene);
    const material = (name: string) => doc.getRoot().listMaterials().find((m) => m.getName() === name)!;
    const [textured, unlit, bright] = [material('textured'), material('unlit'), material('bright')];
    expect(textured.getName()).toBe('textured');
    expect(textured.getExtras()).toMatchObject({
      twoSided: false,
      legacy: { shininess: 32, diffuse: [0.8, 0.8, 0.8, 1] },
      otherTextures: { specular: { uri: '..\\textures\\wood.png', strength: 0.3 } },
      unresolvedTextures: { emissiveTexture: { uri: 'missing.tga', problem: 'missing' }, occlusionTexture: { uri: 'old.bmp', problem: 'unsupported bmp' } },
    });
    expect(textured.getExtension<import('@gltf-transform/extensions').EmissiveStrength>('KHR_materials_emissive_strength')?.getEmissiveStrength()).toBe(4);
    const transform = textured.getBaseColorTextureInfo()!.getExtension<import('@gltf-transform/extensions').Transform>('KHR_texture_transform')!;
    expect(transform.getOffset()).toEqual([0.5, 0]);
    expect(transform.getScale()).toEqual([2, 2]);
    expect(transform.getRotation()).toBeCloseTo(Math.PI / 2);
    expect(textured.getBaseColorTextureInfo()!.getWrapS()).toBe(33071);
    expect(textured.getBaseColorTextureInfo()!.getWrapT()).toBe(33648);
    expect(textured.getNormalTextureInfo()!.getTexCoord()).toBe(1);
    expect(textured.getNormalScale()).toBe(0.5);
    expect(textured.getEmissiveTexture()).toBeNull();
    expect(textured.getOcclusionTexture()).toBeNull();
    expect(unlit.getExtension('KHR_materials_unlit')?.extensionName).toBe('KHR_materials_unlit');
    expect(unlit.getAlphaMode()).toBe('MASK');
    expect(unlit.getAlphaCutoff()).toBe(0.25);
    expect(unlit.getDoubleSided()).toBe(true);
    expect(bright.getBaseColorFactor()).toEqual([1, 0.5, 0.5, 1]);
  });

  it('embeds resolved and in-file images; a missing or unsupported texture is a warning', async () => {
    const { doc, warnings } = await exportScene(scene);
    const images = doc.getRoot().listTextures();
    expect(images.map((t) => t.getMimeType())).toEqual(['image/png', 'image/png']);
    expect(images[1].getImage()).toEqual(wood);
    expect(images[1].getExtras()).toMatchObject({ original: 'wood', uri: '..\\textures\\wood.png' });
    const codes = warnings.map((w) => w.code);
    expect(codes).toContain('GLTF_TEXTURE_MISSING');
    expect(codes).toContain('GLTF_TEXTURE_UNSUPPORTED');
    expect(warnings.every((w) => w.format === 'gltf')).toBe(true);
  });

  it('writes cameras and lights glTF can hold, fixing impossible values with a warning', async () => {
    const { doc, warnings } = await exportScene(scene);
    const [persp, ortho] = doc.getRoot().listCameras();
    expect([persp.getYFov(), persp.getAspectRatio(), persp.getZNear(), persp.getZFar()]).toEqual([0.8, 1.5, 0.1, 100]);
    expect([ortho.getXMag(), ortho.getYMag()]).toEqual([2, 1]);
    expect(ortho.getZFar()).toBeGreaterThan(ortho.getZNear());
    const spot = byName(doc, 'spotNode').getExtension<import('@gltf-transform/extensions').Light>('KHR_lights_punctual')!;
    expect(spot.getInnerConeAngle()).toBeLessThan(spot.getOuterConeAngle());
    expect(warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['GLTF_CAMERA_FIXED', 'GLTF_LIGHT_FIXED']));
  });

  it('links LOD levels with MSFT_lod and screen coverage; level 0 stays in the tree', async () => {
    const { doc, glb } = await exportScene(scene);
    const level0 = byName(doc, 'level0');
    expect(level0.getParentNode()?.getName()).toBe('lodHost');
    const lod = level0.getExtension<Lod>('MSFT_lod')!;
    expect(lod.listLods().map((n) => n.getName())).toEqual(['level1', 'level2']);
    expect(byName(doc, 'level1').getParentNode()).toBeNull();
    expect(level0.getExtras()).toMatchObject({ MSFT_screencoverage: [0.5, 0.2, 0.01] });
    // Raw JSON: the extension is declared and lists node indices.
    const jsonLength = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
    expect(json.extensionsUsed).toContain('MSFT_lod');
    const names = json.nodes.map((n: { name: string }) => n.name);
    expect(json.nodes[names.indexOf('level0')].extensions.MSFT_lod.ids).toEqual([names.indexOf('level1'), names.indexOf('level2')]);
  });

  it('with { lod } exports one level: the others keep their nodes but lose their meshes', async () => {
    const { doc } = await exportScene(scene, { lod: 1 });
    expect(byName(doc, 'level0').getMesh()).toBeNull();
    expect(byName(doc, 'level1').getMesh()?.getName()).toBe('lod1');
    expect(byName(doc, 'level2').getMesh()).toBeNull();
    expect(byName(doc, 'level1').getParentNode()?.getName()).toBe('lodHost');
    expect(doc.getRoot().listExtensionsUsed().map((e) => e.extensionName)).not.toContain('MSFT_lod');
    const past = await exportScene(scene, { lod: 9 });
    expect(byName(past.doc, 'level2').getMesh()?.getName()).toBe('lod2');
  });

  it('with { animation } exports one clip, by name or index; an unknown clip is an error', async () => {
    expect((await exportScene(scene, { animation: 'spin' })).doc.getRoot().listAnimations().map((a) => a.getName())).toEqual(['spin']);
    expect((await exportScene(scene, { animation: 2 })).doc.getRoot().listAnimations().map((a) => a.getName())).toEqual(['morph']);
    await expect(toGlb(scene, { animation: 'dance' })).rejects.toThrow(/"dance" not found.*"move", "spin"/);
  });

  it('puts colliders and the source format in the scene extras', async () => {
    const { doc } = await exportScene(scene);
    const extras = doc.getRoot().getDefaultScene()!.getExtras() as Record<string, any>;
    expect(extras.relic3d).toEqual({ format: 'test', version: 7 });
    expect(extras.big).toEqual([1, 2, 3]);
    const spineIndex = doc.getRoot().listNodes().indexOf(byName(doc, 'spine'));
    expect(extras.colliders[0]).toEqual({ name: 'box', node: spineIndex, nodeName: 'spine', shape: { type: 'box', size: [1, 2, 3] }, translation: [0, 0.5, 0] });
    expect(extras.colliders[1].shape).toEqual({ type: 'trimesh', positions: [0, 0, 0, 1, 0, 0, 0, 1, 0], indices: [0, 1, 2] });
  });
});
