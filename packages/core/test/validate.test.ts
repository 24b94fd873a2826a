import { describe, expect, it } from 'vitest';
import { addNode, assertValidScene, createScene, validateScene, type Scene, type ValidationCode } from '../src/index.js';
import { validScene } from './fixtures.js';

const codes = (scene: Scene) => validateScene(scene).map((i) => i.code);

describe('validateScene', () => {
  it('accepts a valid scene', () => {
    expect(validateScene(validScene())).toEqual([]);
    expect(() => assertValidScene(validScene())).not.toThrow();
  });

  const breakers: [string, ValidationCode, (s: Scene) => void][] = [
    ['attribute lengths disagree', 'ATTRIBUTE_LENGTH', (s) => (s.meshes[0].primitives[0].attributes.NORMAL = new Float32Array(9))],
    ['POSITION is not a multiple of 3', 'ATTRIBUTE_LENGTH', (s) => (s.meshes[0].primitives[0].attributes.POSITION = new Float32Array(13))],
    ['JOINTS_0 without WEIGHTS_0', 'ATTRIBUTE_LENGTH', (s) => delete s.meshes[0].primitives[0].attributes.WEIGHTS_0],
    ['an index is out of range', 'INDEX_RANGE', (s) => (s.meshes[0].primitives[0].indices = new Uint16Array([0, 1, 4]))],
    ['the triangle index count is not a multiple of 3', 'INDEX_COUNT', (s) => (s.meshes[0].primitives[0].indices = new Uint16Array([0, 1]))],
    ['weights do not sum to 1', 'WEIGHT_SUM', (s) => (s.meshes[0].primitives[0].attributes.WEIGHTS_0![0] = 0.5)],
    ['a weight is negative', 'WEIGHT_SUM', (s) => s.meshes[0].primitives[0].attributes.WEIGHTS_0!.set([1.5, -0.5], 0)],
    ['a joint is out of the skin range', 'JOINT_RANGE', (s) => (s.meshes[0].primitives[0].attributes.JOINTS_0![0] = 2)],
    ['a skinned mesh has no skin', 'JOINT_RANGE', (s) => delete s.nodes[3].skin],
    ['the node graph has a cycle', 'NODE_CYCLE', (s) => {
      s.nodes[0].parent = 2;
      s.nodes[2].children.push(0);
      s.roots = [];
    }],
    ['a child does not point back', 'NODE_LINK', (s) => s.nodes[0].children.push(2)],
    ['a root is not listed', 'NODE_LINK', (s) => (s.roots = [])],
    ['key times do not ascend', 'KEY_ORDER', (s) => (s.animations[0].channels[0].times = new Float32Array([1, 0]))],
    ['key times repeat', 'KEY_ORDER', (s) => (s.animations[0].channels[0].times = new Float32Array([0, 0]))],
    ['key values do not match the key count', 'KEY_VALUES', (s) => (s.animations[0].channels[0].values = new Float32Array(4))],
    ['a mesh reference is out of range', 'BAD_REFERENCE', (s) => (s.nodes[3].mesh = 5)],
    ['a material reference is out of range', 'BAD_REFERENCE', (s) => (s.meshes[0].primitives[0].material = 3)],
    ['a texture reference is out of range', 'BAD_REFERENCE', (s) => (s.materials[0].baseColorTexture = { texture: 0 })],
    ['inverse binds do not match the joints', 'SKIN_MATRICES', (s) => (s.skins[0].inverseBindMatrices = new Float32Array(16))],
    ['a position is NaN', 'NOT_FINITE', (s) => (s.meshes[0].primitives[0].attributes.POSITION[0] = NaN)],
    ['an alpha cut-off is infinite', 'NOT_FINITE', (s) => (s.materials[0].alphaCutoff = Infinity)],
    ['a colour factor is NaN', 'NOT_FINITE', (s) => (s.materials[0].baseColorFactor = [NaN, 1, 1, 1])],
    ['a morph target has the wrong length', 'TARGET_LENGTH', (s) => (s.meshes[0].primitives[0].targets![0].POSITION = new Float32Array(3))],
    ['a LOD level is not a child', 'LOD_LINK', (s) => (s.nodes[1].lods = [{ node: 0 }])],
  ];
  it.each(breakers)('reports %s', (_what, code, breakIt) => {
    const scene = validScene();
    breakIt(scene);
    expect(codes(scene)).toContain(code);
    expect(() => assertValidScene(scene)).toThrow(code);
  });

  it('accepts LOD levels that are children', () => {
    const scene = validScene();
    const a = addNode(scene, { name: 'lod0' }, 0);
    const b = addNode(scene, { name: 'lod1' }, 0);
    scene.nodes[0].lods = [{ node: a }, { node: b, distance: 10 }];
    expect(validateScene(scene)).toEqual([]);
  });
});

describe('validateScene on deep hierarchies', () => {
  it('accepts a 20,000-node chain and finds a cycle closed at its end', () => {
    const scene = validScene();
    let parent = 0;
    for (let i = 0; i < 20000; i++) parent = addNode(scene, { name: `j${i}` }, parent);
    expect(validateScene(scene)).toEqual([]);
    scene.nodes[0].parent = parent;
    scene.nodes[parent].children.push(0);
    scene.roots = [];
    expect(validateScene(scene).map((i) => i.code)).toContain('NODE_CYCLE');
  });
});

describe('validateScene on wide trees', () => {
  it('checks a node with 65,000 children and a scene with 65,000 roots in linear time', () => {
    const scene = createScene('wide');
    const hub = addNode(scene, { name: 'hub' });
    for (let i = 0; i < 65_000; i++) addNode(scene, { name: `c${i}` }, hub);
    for (let i = 0; i < 65_000; i++) addNode(scene, { name: `r${i}` });
    expect(validateScene(scene)).toEqual([]);
    scene.nodes[5].parent = 70_000;
    expect(validateScene(scene).map((issue) => issue.code)).toContain('NODE_LINK');
  });
});

