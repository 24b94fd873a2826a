// What else a scene holds: colliders, lights, levels of detail, cameras, morph targets, other primitive modes.
import { addNode, math, type Light } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { readLod } from '../../src/index.js';
import { closeTo, codes, meshScene, roundTrip, triangle } from './helpers.js';

const TRI = [0, 0, 0, 1, 0, 0, 0, 1, 0];

describe('colliders', () => {
  it('a collider on a bone is a COL1 record (scale in [0][3] [1][3] [2][3]); one off the skeleton a static PHS1 geom', () => {
    const scene = meshScene('body', [triangle(TRI)]);
    const bone = addNode(scene, { name: 'hip', joint: true, translation: [0, 1, 0] });
    scene.skins.push({ joints: [bone], inverseBindMatrices: math.invert(math.fromTRS([0, 1, 0])) as Float32Array });
    scene.colliders.push(
      { name: 'hipBox', shape: { type: 'box', size: [1, 2, 3] }, node: bone, translation: [0, 0.5, 0] },
      { name: 'hipCapsule', shape: { type: 'capsule', radius: 0.25, height: 1 }, node: bone, rotation: math.quatFromAxisAngle([1, 0, 0], Math.PI / 2) },
      { name: 'floor', shape: { type: 'sphere', radius: 2 }, translation: [5, 0, 0] },
      { name: 'cone', shape: { type: 'cone', radius: 1, height: 2 }, node: 0 },
      { name: 'hull', shape: { type: 'convex', positions: Float32Array.from(TRI) } },
    );
    const { result, file, back } = roundTrip(scene);
    expect(codes(result)).toEqual(['LOD_WRITE_BIND_CLIP', 'LOD_WRITE_COLLIDER_SHAPE', 'LOD_WRITE_NODE_BONES']);
    const raw = readLod(file);
    const set = raw.colliderSets[0];
    // The mesh node 'body' is bone 0 (every mesh of a skeletal file is bound), 'hip' bone 1.
    expect(raw.skeleton!.bones.map((b) => b.name)).toEqual(['body', 'hip']);
    expect([set.name, set.colliders.map((c) => [c.name, c.boneId, c.type])]).toEqual(['colliders', [['hipBox', 1, 3], ['hipCapsule', 1, 1]]]);
    expect([set.colliders[0].matrix[3], set.colliders[0].matrix[7], set.colliders[0].matrix[11], set.colliders[0].matrix[13]]).toEqual([1, 2, 3, 0.5]);
    expect(raw.physics!.geoms.map((g) => [g.name, g.type, g.bodyIndex, Array.from(g.position), Array.from(g.scale)])).toEqual([
      ['floor', 2, -1, [5, 0, 0], [2, 2, 2]],
      ['cone', 5, -1, [0, 0, 0], [1, 2, 1]],
    ]);
    expect(sceneFacts(back).colliders).toEqual(['box', 'capsule', 'cone', 'sphere']);
    const capsule = back.colliders.find((c) => c.name === 'hipCapsule')!;
    expect(capsule.shape).toEqual({ type: 'capsule', radius: 0.25, height: 1 });
    closeTo(capsule.rotation!, math.quatFromAxisAngle([1, 0, 0], Math.PI / 2));
  });
});

describe('physics records from extras (any file, a glTF included)', () => {
  it('a body named by a non-string is written unnamed; records of the wrong shape are left out with a warning (fuzz find: TypeError)', () => {
    const scene = meshScene('body', [triangle(TRI)]);
    const body = { type: 1, name: { a: 1 }, position: [1, 2, 3], rotation: [0, 0, 0, 1], scale: [1, 1, 1] };
    scene.extras.physics = { bodies: [body, { name: 'broken', position: 'x' }], geoms: [null], joints: [{ position: [0, 0, 0] }] };
    const { result, file } = roundTrip(scene);
    expect(codes(result)).toContain('LOD_WRITE_PHYSICS_DROPPED');
    expect(result.warnings.find((w) => w.code === 'LOD_WRITE_PHYSICS_DROPPED')!.message).toMatch(/^3 physics record/);
    const raw = readLod(file);
    expect(raw.physics!.bodies.map((b) => [b.name, Array.from(b.position)])).toHaveLength(1);
    expect(raw.physics!.bodies[0].name).toBe('');
  });
});

describe('lights', () => {
  it('point, spot and directional lights at their nodes become one LIG1 scheme of eight OpenGL lights', () => {
    const scene = meshScene('room', [triangle(TRI)]);
    const lights: Light[] = [
      { name: 'bulb', type: 'point', color: [1, 0.5, 0.25], intensity: 2 },
      { name: 'torch', type: 'spot', color: [1, 1, 1], intensity: 1, outerConeAngle: Math.PI / 6 },
      { name: 'sun', type: 'directional', color: [1, 1, 0.9], intensity: 1 },
    ];
    scene.lights.push(...lights);
    addNode(scene, { name: 'bulb', light: 0, translation: [1, 2, 3] });
    addNode(scene, { name: 'torch', light: 1, translation: [0, 5, 0], rotation: math.quatFromAxisAngle([1, 0, 0], -Math.PI / 2) });
    addNode(scene, { name: 'sun', light: 2 });
    const { result, file, back } = roundTrip(scene);
    expect(codes(result)).toEqual([]);
    const s = readLod(file).lightSchemes;
    expect(s.map((x) => [x.name, x.lights.length, x.lights.filter((l) => l.enabled).length])).toEqual([['lights', 8, 3]]);
    const [bulb, torch, sun] = s[0].lights;
    expect([bulb.style, Array.from(bulb.position), Array.from(bulb.diffuse), bulb.spotCutOff]).toEqual([1, [1, 2, 3], [2, 1, 0.5, 1], 180]);
    expect([torch.style, +torch.spotCutOff.toFixed(4)]).toEqual([0, 30]);
    closeTo(torch.spotDirection, [0, -1, 0]);
    closeTo(sun.spotDirection, [0, 0, -1]);
    expect(back.lights.map((l) => l.type)).toEqual(['point', 'spot', 'directional']);
  });

  it('more than eight lights are split into schemes with a warning (GLScene uses one at a time)', () => {
    const scene = meshScene('many', [triangle(TRI)]);
    for (let i = 0; i < 9; i++) {
      scene.lights.push({ type: 'point', color: [1, 1, 1], intensity: 1 });
      addNode(scene, { name: `l${i}`, light: i });
    }
    const { result, file } = roundTrip(scene);
    expect(codes(result)).toEqual(['LOD_WRITE_LIGHTS']);
    expect(readLod(file).lightSchemes.map((x) => [x.name, x.lights.filter((l) => l.enabled).length])).toEqual([['lights', 8], ['lights 2', 1]]);
  });
});

describe('what the format has no place for', () => {
  it('levels of detail: the most detailed is written; cameras: warned', () => {
    const scene = meshScene('near', [triangle(TRI)]);
    scene.meshes.push({ name: 'far', primitives: [{ ...triangle([0, 0, 0, 2, 0, 0, 0, 2, 0]), material: 0 }] });
    const far = addNode(scene, { name: 'far', mesh: 1 });
    const group = addNode(scene, { name: 'lod group', lods: [{ node: 0 }, { node: far, distance: 10 }] });
    scene.nodes[group].children.push(0, far);
    scene.cameras.push({ type: 'perspective', znear: 0.1, yfov: 1 });
    const { result, back } = roundTrip(scene);
    expect(codes(result)).toEqual(['LOD_WRITE_CAMERAS', 'LOD_WRITE_LOD_LEVELS']);
    expect(back.nodes.filter((n) => n.mesh !== undefined).map((n) => n.name)).toEqual(['near']);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { skip: ['lodLevels'] })).toEqual([]);
  });

  it('points and lines are not triangles: warned and left out; colours and tangents are warned', () => {
    const scene = meshScene('mixed', [triangle(TRI, { COLOR_0: new Float32Array(12).fill(1), TANGENT: new Float32Array(12) }), { ...triangle(TRI), mode: 'LINES' }]);
    const { result, file } = roundTrip(scene);
    expect(codes(result)).toEqual(['LOD_WRITE_ATTRIBUTE_DROPPED', 'LOD_WRITE_PRIMITIVE_MODE']);
    expect(result.warnings.find((w) => w.code === 'LOD_WRITE_ATTRIBUTE_DROPPED')!.message).toContain('TANGENT, COLOR_0');
    expect(readLod(file).meshes[0].faceGroups.length).toBe(1);
  });
});

describe('morph targets', () => {
  it('targets become MMD1 frames; a clip playing them one after another becomes a MAN1 animation', () => {
    const p = triangle(TRI);
    p.targets = [{ POSITION: Float32Array.from([0, 0, 1, 0, 0, 1, 0, 0, 1]) }, { POSITION: Float32Array.from([0, 0, 2, 0, 0, 2, 0, 0, 2]) }];
    const scene = meshScene('blob', [p]);
    scene.meshes[0].weights = [0, 0];
    scene.animations.push({ name: 'swell', duration: 0.1, channels: [{ node: 0, path: 'weights', interpolation: 'LINEAR', times: Float32Array.of(0, 0.1), values: Float32Array.of(1, 0, 0, 1) }] });
    const { result, file, back } = roundTrip(scene);
    expect(codes(result)).toEqual(['LOD_WRITE_MORPHS']);
    const raw = readLod(file);
    expect(raw.morphFrames!.meshes.map((m) => [m.meshName, m.collectionName, m.frameCount, m.vertexCount])).toEqual([['blob', 'blob', 2, 3]]);
    expect(Array.from(raw.morphFrames!.meshes[0].vertices.subarray(9, 18))).toEqual([0, 0, 2, 1, 0, 2, 0, 1, 2]);
    expect(raw.morphCollections!.collections[0].animations).toEqual([{ name: 'swell', mode: 2, interval: 100, frameCount: 2 }]);
    expect(back.animations.map((c) => [c.name, c.duration])).toEqual([['blob/swell', 0.1]]);
    expect(sceneFacts(back).morphTargets).toBe(2);
    // Posed by the clip: frame 0 is target 0 (+1 in z), frame 1 target 1 (+2).
    const f = sceneFacts(back);
    expect([f.posed['blob/swell'][0]!.max[2], f.posed['blob/swell'][2]!.max[2]].map((v) => +v.toFixed(3))).toEqual([1.25, 1.75]);
  });
});
