// Hostile values in a well-formed file: fixed or left out with a warning, and the scene is valid.
import { describe, expect, it } from 'vitest';
import type { Accessor, Document } from '@gltf-transform/core';
import { MSFTLod } from '../../src/index.js';
import { editedGlb, emptyDocument, glbOf, readWarned } from './hostile-helpers.js';

type Array_ = Accessor['getArray'] extends () => infer A ? NonNullable<A> : never;

/** A document with one node drawing a mesh of `prims` primitives made by `make`. */
function meshDocument(make: (doc: Document, accessor: (type: Parameters<Accessor['setType']>[0], array: Array_, normalized?: boolean) => Accessor) => void): Document {
  const { doc, buffer } = emptyDocument();
  make(doc, (type, array, normalized = false) => doc.createAccessor().setType(type).setArray(array).setNormalized(normalized).setBuffer(buffer));
  return doc;
}
const triangle = () => new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);

describe('values the scene cannot take as they are', () => {
  it('replaces NaN and Infinity in attributes by 0', async () => {
    const doc = meshDocument((d, a) => {
      const prim = d.createPrimitive().setAttribute('POSITION', a('VEC3', new Float32Array([NaN, 0, 0, 1, Infinity, 0, 0, 1, 0])));
      d.createScene().addChild(d.createNode('n').setMesh(d.createMesh().addPrimitive(prim)));
    });
    const { scene, codes } = await readWarned(glbOf(doc));
    expect(codes).toEqual(['GLTF_VALUES_FIXED']);
    expect(Array.from(scene.meshes[0].primitives[0].attributes.POSITION)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  });

  it('leaves out triangles whose indices are past the vertices, and a partial triangle', async () => {
    const doc = meshDocument((d, a) => {
      const prim = d.createPrimitive().setAttribute('POSITION', a('VEC3', triangle())).setIndices(a('SCALAR', new Uint32Array([0, 1, 2, 0, 1, 70000, 2, 1])));
      d.createScene().addChild(d.createNode('n').setMesh(d.createMesh().addPrimitive(prim)));
    });
    const { scene, codes } = await readWarned(glbOf(doc));
    expect(codes).toEqual(['GLTF_INDICES_FIXED']);
    expect(Array.from(scene.meshes[0].primitives[0].indices!)).toEqual([0, 1, 2]);
  });

  it('leaves out a primitive with no POSITION, an attribute of the wrong length, and nothing else', async () => {
    const doc = meshDocument((d, a) => {
      const empty = d.createPrimitive().setAttribute('NORMAL', a('VEC3', triangle()));
      const short = d.createPrimitive().setAttribute('POSITION', a('VEC3', triangle())).setAttribute('TEXCOORD_0', a('VEC2', new Float32Array(2)));
      d.createScene().addChild(d.createNode('n').setMesh(d.createMesh('m').addPrimitive(empty).addPrimitive(short)));
    });
    const { scene, codes } = await readWarned(glbOf(doc));
    expect(codes).toEqual(['GLTF_PRIMITIVE_DROPPED', 'GLTF_ATTRIBUTE_DROPPED']);
    expect(scene.meshes[0].primitives).toHaveLength(1);
    expect(Object.keys(scene.meshes[0].primitives[0].attributes)).toEqual(['POSITION']);
  });

  it('fixes skin weights: sums, joints past the skin, eight influences folded into four, no skin at all', async () => {
    const doc = meshDocument((d, a) => {
      const joints = [d.createNode('j0'), d.createNode('j1')];
      const skin = d.createSkin().addJoint(joints[0]).addJoint(joints[1]);
      const positions = new Float32Array(12);
      const prim = d
        .createPrimitive()
        .setAttribute('POSITION', a('VEC3', positions))
        .setIndices(a('SCALAR', new Uint16Array([0, 1, 2, 1, 3, 2])))
        .setAttribute('JOINTS_0', a('VEC4', new Uint16Array([0, 1, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0])))
        .setAttribute('WEIGHTS_0', a('VEC4', new Float32Array([0.5, 0.2, 0, 0, 0.5, 0.5, 0, 0, 0, 0, 0, 0, 0.3, 0.1, 0, 0])))
        .setAttribute('JOINTS_1', a('VEC4', new Uint16Array([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1])))
        .setAttribute('WEIGHTS_1', a('VEC4', new Float32Array([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.2, 0.2, 0.1, 0.1])));
      const mesh = d.createMesh().addPrimitive(prim);
      const unskinned = d.createMesh().addPrimitive(prim.clone());
      d.createScene().addChild(joints[0]).addChild(joints[1]).addChild(d.createNode('skinned').setMesh(mesh).setSkin(skin)).addChild(d.createNode('plain').setMesh(unskinned));
    });
    const { scene, codes } = await readWarned(glbOf(doc));
    expect(codes).toEqual(['GLTF_INFLUENCES_REDUCED', 'GLTF_WEIGHTS_FIXED', 'GLTF_WEIGHTS_FIXED', 'GLTF_WEIGHTS_FIXED', 'GLTF_SKIN_MISSING']);
    const { JOINTS_0, WEIGHTS_0 } = scene.meshes[0].primitives[0].attributes;
    const w = Array.from(WEIGHTS_0!);
    expect(w.slice(0, 4).map((x) => +x.toFixed(6))).toEqual([0.714286, 0.285714, 0, 0]);
    expect(w.slice(4, 8)).toEqual([1, 0, 0, 0]); // joint 5 is past the 2-joint skin
    expect(w.slice(8, 12)).toEqual([1, 0, 0, 0]); // nothing left: bound to the first joint
    expect(Array.from(JOINTS_0!.subarray(12, 16))).toEqual([0, 1, 1, 1]); // the 4 strongest of 8
    expect(w.slice(12, 16).map((x) => +x.toFixed(6))).toEqual([0.375, 0.25, 0.25, 0.125]);
    expect(scene.meshes[1].primitives[0].attributes.JOINTS_0).toBeUndefined();
  });

  it('leaves out animation keys that are not finite or do not increase, and channels that do not fit', async () => {
    const doc = meshDocument((d, a) => {
      const node = d.createNode('n');
      d.createScene().addChild(node);
      const animation = d.createAnimation('a');
      const add = (path: 'translation' | 'weights', times: number[], values: number[]) => {
        const sampler = d.createAnimationSampler().setInput(a('SCALAR', new Float32Array(times))).setOutput(a(path === 'weights' ? 'SCALAR' : 'VEC3', new Float32Array(values)));
        animation.addSampler(sampler).addChannel(d.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler));
      };
      add('translation', [0, 1, 1, NaN, 0.5, 2], [0, 0, 0, 1, 1, 1, 9, 9, 9, 9, 9, 9, 9, 9, 9, NaN, 2, 2]);
      add('weights', [0, 1], [0, 1]);
    });
    const { scene, codes } = await readWarned(glbOf(doc));
    expect(codes).toEqual(['GLTF_KEYS_DROPPED', 'GLTF_VALUES_FIXED', 'GLTF_KEYS_DROPPED', 'GLTF_CHANNEL_DROPPED']);
    const [channel] = scene.animations[0].channels;
    expect(Array.from(channel.times)).toEqual([0, 1, 2]);
    expect(Array.from(channel.values)).toEqual([0, 0, 0, 1, 1, 1, 0, 2, 2]);
    expect(scene.animations[0].duration).toBe(2);
  });

  it('replaces node transforms, material factors, cameras and lights that are not usable', async () => {
    const { scene, codes } = await readWarned(
      editedGlb((j) => {
        j.nodes[1].translation = ['x', 0, 0];
        j.materials[0].pbrMetallicRoughness.baseColorFactor = [1, 1];
        j.materials[0].alphaMode = 'GLOW';
        j.cameras[0].perspective.yfov = -1;
        j.extensions.KHR_lights_punctual.lights[0].spot.outerConeAngle = 3;
        j.extensions.KHR_lights_punctual.lights.push({ type: 'area' });
      }),
    );
    expect(codes).toEqual(expect.arrayContaining(['GLTF_NODE_FIXED', 'GLTF_MATERIAL_FIXED', 'GLTF_CAMERA_FIXED', 'GLTF_LIGHT_FIXED', 'GLTF_LIGHT_DROPPED']));
    expect(scene.nodes[1].translation).toBeUndefined();
    expect(scene.materials[0]).toMatchObject({ baseColorFactor: [1, 1, 1, 1], alphaMode: 'OPAQUE' });
    expect(scene.cameras[0].yfov).toBeCloseTo(Math.PI / 4);
    expect(scene.lights).toHaveLength(2);
  });

  it('pads morph targets so every primitive of a mesh has as many, and drops weights that do not match', async () => {
    const doc = meshDocument((d, a) => {
      const withTarget = d.createPrimitive().setAttribute('POSITION', a('VEC3', triangle())).addTarget(d.createPrimitiveTarget().setAttribute('POSITION', a('VEC3', triangle())));
      const without = d.createPrimitive().setAttribute('POSITION', a('VEC3', triangle()));
      d.createScene().addChild(d.createNode('n').setWeights([1, 2, 3]).setMesh(d.createMesh().addPrimitive(withTarget).addPrimitive(without)));
    });
    const { scene, codes } = await readWarned(glbOf(doc));
    expect(codes).toEqual(['GLTF_TARGETS_PADDED', 'GLTF_WEIGHTS_COUNT']);
    expect(scene.meshes[0].primitives.map((p) => p.targets?.length)).toEqual([1, 1]);
    expect(scene.nodes[0].weights).toBeUndefined();
  });

  it('keeps nodes outside the scene as roots, and gives a root MSFT_lod group a host node', async () => {
    const { doc } = emptyDocument();
    const lods = doc.createExtension(MSFTLod);
    const near = doc.createNode('near'), far = doc.createNode('far');
    near.setExtension('MSFT_lod', lods.createLod().addLod(far));
    near.setExtras({ MSFT_screencoverage: [0.5, 0.1] });
    doc.createScene().addChild(near);
    doc.createNode('stray');
    const { scene, codes } = await readWarned(glbOf(doc));
    expect(codes).toEqual(['GLTF_NODE_OUTSIDE_SCENE']);
    const host = scene.nodes.find((n) => n.lods)!;
    expect(host.name).toBe('near LOD');
    expect(host.lods!.map((l) => [scene.nodes[l.node].name, l.screenCoverage])).toEqual([
      ['near', 0.5],
      ['far', 0.1],
    ]);
    expect(scene.roots.map((r) => scene.nodes[r].name)).toEqual(['near LOD', 'stray']);
  });

  it('replaces inverse bind matrices that are missing or not finite by identities', async () => {
    const { scene, codes } = await readWarned(editedGlb((j) => (j.accessors[j.skins[0].inverseBindMatrices].count = 2)));
    expect(codes).toContain('GLTF_SKIN_FIXED');
    expect(Array.from(scene.skins[0].inverseBindMatrices.subarray(32))).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  });
});
