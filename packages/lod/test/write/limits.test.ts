// Hostile scenes: over the format's limits, broken data, nothing at all. A typed refusal naming
// the limit and the numbers, or a warning and a file that reads back cleanly; never a broken file.
import { addNode, createScene, defaultMaterial, math, type Scene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { readLod, writeLod } from '../../src/index.js';
import { codes, lodOf, meshScene, refusal, roundTrip, triangle } from './helpers.js';

const TRI = [0, 0, 0, 1, 0, 0, 0, 1, 0];

/** `n` joints in a chain, a strip of triangles whose vertices blend two neighbouring joints. */
function manyJoints(n: number, influences: 1 | 2): Scene {
  const scene = createScene('test');
  scene.materials.push(defaultMaterial('m'));
  const joints: number[] = [];
  for (let j = 0; j < n; j++) joints.push(addNode(scene, { name: `j${j}`, joint: true, translation: j ? [0, 1, 0] : [0, 0, 0] }, j ? joints[j - 1] : -1));
  const ibm = new Float32Array(n * 16);
  for (let j = 0; j < n; j++) ibm.set(math.invert(math.fromTRS([0, j, 0]))!, j * 16);
  scene.skins.push({ joints, inverseBindMatrices: ibm });
  const vertices = 2 * n;
  const POSITION = new Float32Array(vertices * 3), JOINTS_0 = new Uint16Array(vertices * 4), WEIGHTS_0 = new Float32Array(vertices * 4);
  for (let v = 0; v < vertices; v++) {
    const j = v >> 1;
    POSITION.set([v & 1, j, 0], v * 3);
    JOINTS_0.set([j, Math.max(0, j - 1), 0, 0], v * 4);
    WEIGHTS_0.set(influences === 1 || j === 0 ? [1, 0, 0, 0] : [0.75, 0.25, 0, 0], v * 4);
  }
  const indices: number[] = [];
  for (let j = 0; j + 1 < n; j++) indices.push(2 * j, 2 * j + 1, 2 * j + 2, 2 * j + 1, 2 * j + 3, 2 * j + 2);
  scene.meshes.push({ name: 'strip', primitives: [{ attributes: { POSITION, JOINTS_0, WEIGHTS_0 }, indices: Uint32Array.from(indices), material: 0 }] });
  addNode(scene, { name: 'strip', mesh: 0, skin: 0 });
  scene.animations.push({ name: 'still', duration: 1, channels: [{ node: joints[0], path: 'translation', interpolation: 'LINEAR', times: Float32Array.of(0, 1), values: Float32Array.of(0, 0, 0, 0, 0, 0) }] });
  return scene;
}

describe('limits', () => {
  it('32,768 joints: refused, BoneID is a Smallint (32,767 at most)', () => {
    const e = refusal(() => writeLod(manyJoints(32768, 1)));
    expect([e.code, e.limit, e.value, e.max]).toEqual(['OVER_LIMIT', 'bones (BoneID is a Smallint)', 32768, 32767]);
    expect(e.message).toContain('by 1');
  });

  it('200 joints, two per vertex: one bone per vertex (GLScene misreads weight records past 127 bones), byte bone ids', () => {
    const scene = manyJoints(200, 2);
    const { result, file, back } = roundTrip(scene);
    expect(codes(result)).toEqual(['LOD_WRITE_WEIGHTS_REDUCED']);
    const raw = readLod(file);
    expect([raw.skeleton!.bones.length, raw.meshes[0].weightType, raw.meshes[0].boneAssoc.BYTES_PER_ELEMENT]).toEqual([200, 0, 1]);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { only: ['vertices', 'triangles', 'joints', 'jointParents', 'bounds'] })).toEqual([]);
  });

  it('100 joints, two per vertex: weight records kept; 300 joints, one per vertex: word bone ids', () => {
    const hundred = roundTrip(manyJoints(100, 2));
    expect(codes(hundred.result)).toEqual([]);
    expect(readLod(hundred.file).meshes[0].weights!.recordSize).toBe(5);
    expect(compareSceneFacts(sceneFacts(manyJoints(100, 2)), sceneFacts(hundred.back), { tolerance: 1e-5 })).toEqual([]);
    const three = roundTrip(manyJoints(300, 1));
    expect(readLod(three.file).meshes[0].boneAssoc.BYTES_PER_ELEMENT).toBe(2);
    expect(compareSceneFacts(sceneFacts(manyJoints(300, 1)), sceneFacts(three.back), { tolerance: 1e-5 })).toEqual([]);
  });

  it('a clip so long its frames would pass the Integer Size of ANM1: refused before sampling', () => {
    const scene = manyJoints(4, 1);
    // Keys a second apart over 463 days: 4·10⁷ frames × 4 bones × 24 bytes.
    scene.animations[0].duration = 4e7;
    scene.animations[0].channels[0].times = Float32Array.of(0, 1);
    const e = refusal(() => writeLod(scene));
    expect([e.code, e.limit, e.max]).toEqual(['OVER_LIMIT', 'ANM1 chunk bytes (frames × bones × 24)', 0x7fffffff]);
  });

  it('NaN and infinite positions are written as 0, with a warning; the file reads back', () => {
    const { result, file } = roundTrip(meshScene('bad', [triangle([NaN, 0, 0, 1, Infinity, 0, 0, 1, -Infinity])]));
    expect(codes(result)).toEqual(['LOD_WRITE_NOT_FINITE']);
    expect(result.warnings[0].message).toMatch(/^3 /);
    expect(Array.from(readLod(file).meshes[0].positions)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  });

  it('NaN keys, transforms, light colours and collider sizes are written as 0, with a warning', () => {
    const scene = manyJoints(3, 1);
    scene.animations[0].channels.push({ node: 1, path: 'rotation', interpolation: 'LINEAR', times: Float32Array.of(0, 0.5, 1), values: Float32Array.of(0, 0, 0, 1, NaN, 0, 0, 1, 0, 0, 0, 1) });
    scene.lights.push({ type: 'point', color: [NaN, 1, 1], intensity: 1 });
    addNode(scene, { name: 'lamp', light: 0 });
    scene.colliders.push({ shape: { type: 'sphere', radius: Infinity }, node: 0 });
    const { result, back } = roundTrip(scene);
    expect(codes(result)).toEqual(['LOD_WRITE_NOT_FINITE']);
    expect(back.lights[0].color).toEqual([0, 1, 1]);
    expect(back.colliders[0].shape).toEqual({ type: 'sphere', radius: 0 });
  });

  it('zero-area triangles are kept (the format holds them)', () => {
    const scene = meshScene('flat', [triangle([0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1, 0], {}, [0, 1, 2, 0, 1, 3])]);
    const { result, back } = roundTrip(scene);
    expect(codes(result)).toEqual([]);
    expect(sceneFacts(back).triangles).toBe(2);
  });

  it('indices past the vertices: refused naming the index and the largest valid one', () => {
    const e = refusal(() => writeLod(meshScene('broken', [triangle(TRI, {}, [0, 1, 7])])));
    expect([e.code, e.limit, e.value, e.max]).toEqual(['INVALID_SCENE', 'vertex index', 7, 2]);
    expect(e.message).toContain('broken');
  });

  it('an empty scene: a valid file with an empty LOD1, and a warning', () => {
    const result = writeLod(createScene('test'));
    expect(codes(result)).toEqual(['LOD_WRITE_EMPTY']);
    const file = lodOf(result);
    expect(file.length).toBe(20);
    expect(readLod(file).chunkOrder).toEqual([]);
  });

  it('a NUL inside a name: the reader stops there, so the rest is not written, with a warning', () => {
    const { result, back } = roundTrip(meshScene('head\0tail', [triangle(TRI)]));
    expect(codes(result)).toEqual(['LOD_WRITE_NAME_NUL']);
    expect(back.nodes[0].name).toBe('head');
  });

  it('never changes the scene it writes', () => {
    const scene = manyJoints(3, 2);
    scene.nodes[0].scale = [-1, 1, 1];
    scene.textures.push({ name: 'img', image: { data: Uint8Array.of(0x89, 0x50, 0x4e, 0x47) } });
    scene.materials[0].baseColorTexture = { texture: 0 };
    const before = structuredClone(scene);
    writeLod(scene, { upAxis: 'z', embedImages: true });
    expect(scene).toEqual(before);
  });
});
