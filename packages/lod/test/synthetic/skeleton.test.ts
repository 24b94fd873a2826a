// Skeleton, skinning and animation: bone association, weight records, ANM1 clips, upAxis z.
import { computeWorldMatrices, math, sampleAnimation } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { readLod } from '../../src/index.js';
import { ans1, lodFile, msl1, skl1, type MeshSpec } from '@relic3d/fixtures/lod';
import { valid, closeTo, bones2, manyBones } from './helpers.js';

describe('skeleton, skinning and animation', () => {
  it('single-bone association: byte ids below 255 bones, word ids from 255', () => {
    const mesh = (boneCount: number): MeshSpec => ({
      name: 's',
      mode: 2,
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
      uvSets: [[]],
      assoc: [0, boneCount - 1, 1],
      groups: [{ faceType: 1, name: 'g', materials: [''], vertex: [0, 1, 2] }],
      boneCount,
    });
    const small = readLod(lodFile([skl1(manyBones(254)), msl1([mesh(254)])])).meshes[0];
    expect(small.boneAssoc).toBeInstanceOf(Uint8Array);
    expect(Array.from(small.boneAssoc)).toEqual([0, 253, 1]);
    const bytes = lodFile([skl1(manyBones(300)), msl1([mesh(300)])]);
    const big = readLod(bytes).meshes[0];
    expect(big.boneAssoc).toBeInstanceOf(Uint16Array);
    expect(Array.from(big.boneAssoc)).toEqual([0, 299, 1]);
    const p = valid(bytes).meshes[0].primitives[0];
    expect(Array.from(p.attributes.JOINTS_0!).filter((_, i) => i % 4 === 0).sort((a, b) => a - b)).toEqual([0, 1, 299]);
  });

  it('weight type 1 with ≤ 127 bones: 5-byte records, the top bit closes a vertex', () => {
    const mesh: MeshSpec = {
      name: 'w',
      mode: 2,
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
      uvSets: [[]],
      weights: { bonesPerVertex: 3, perVertex: [[[0, 1]], [[0, 0.25], [1, 0.75]], [[0, 0.2], [1, 0.2], [1, 0.2]]] },
      groups: [{ faceType: 1, name: 'g', materials: [''], vertex: [0, 1, 2] }],
      boneCount: 2,
    };
    const bytes = lodFile([skl1(bones2), msl1([mesh])]);
    const w = readLod(bytes).meshes[0].weights!;
    expect([w.bonesPerVertex, w.recordSize]).toEqual([3, 5]);
    expect(Array.from(w.boneFields)).toEqual([0x80, 0x00, 0x81, 0, 1, 1]);
    expect(Array.from(w.vertexStart)).toEqual([0, 1, 3, 6]);
    closeTo(w.weights, [1, 0.25, 0.75, 0.2, 0.2, 0.2]);
    const p = valid(bytes).meshes[0].primitives[0];
    const byPosition = new Map<number, [number[], number[]]>();
    for (let v = 0; v < 3; v++) byPosition.set(p.attributes.POSITION[v * 3] + 2 * p.attributes.POSITION[v * 3 + 1], [Array.from(p.attributes.JOINTS_0!.subarray(v * 4, v * 4 + 4)), Array.from(p.attributes.WEIGHTS_0!.subarray(v * 4, v * 4 + 4))]);
    expect(byPosition.get(0)![0][0]).toBe(0);
    expect(byPosition.get(1)![0].slice(0, 2)).toEqual([1, 0]);
    closeTo(byPosition.get(1)![1], [0.75, 0.25, 0, 0]);
    // Duplicate bone 1 merges (0.4) and the sum 0.6 is normalised.
    expect(byPosition.get(2)![0].slice(0, 2)).toEqual([1, 0]);
    closeTo(byPosition.get(2)![1], [2 / 3, 1 / 3, 0, 0]);
  });

  it('weight type 1 with more than 127 bones: 6-byte records with a 15-bit bone index', () => {
    const mesh: MeshSpec = {
      name: 'w',
      mode: 2,
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
      uvSets: [[]],
      weights: { bonesPerVertex: 2, perVertex: [[[129, 1]], [[128, 0.5], [3, 0.5]], [[0, 1]]] },
      groups: [{ faceType: 1, name: 'g', materials: [''], vertex: [0, 1, 2] }],
      boneCount: 130,
    };
    const bytes = lodFile([skl1(manyBones(130)), msl1([mesh])]);
    const w = readLod(bytes).meshes[0].weights!;
    expect(w.recordSize).toBe(6);
    expect(Array.from(w.boneFields)).toEqual([0x8081, 128, 3, 0x8000]);
    expect(Array.from(w.vertexStart)).toEqual([0, 1, 3, 4]);
    const p = valid(bytes).meshes[0].primitives[0];
    expect(p.attributes.JOINTS_0![0]).toBe(129);
  });

  it('bones become joint nodes; ANM1 frames become clips with Euler → quaternion and ms → s', () => {
    const anim = {
      name: 'swing',
      interval: 40,
      mode: 2,
      frames: [
        [[1, 2, 3, 0, 0, 0], [0, 1, 0, 0, 0, 0]],
        [[1, 2, 3, 0.3, -0.2, 0.7], [0, 1, 0, 0, 0, Math.PI / 2]],
        [[1, 2, 4, 0, 0, 0], [0, 1, 0, 0, 0, Math.PI]],
      ],
    };
    const bytes = lodFile([skl1(bones2), ans1([anim])]);
    const a = readLod(bytes).animations[0];
    expect([a.animType, a.interval, a.mode, a.name, a.frameCount, a.boneCount]).toEqual([1, 40, 2, 'swing', 3, 2]);
    closeTo(a.bonesRotPos.subarray(6, 18), [0, 1, 0, 0, 0, 0, 1, 2, 3, 0.3, -0.2, 0.7]);
    const scene = valid(bytes);
    expect(scene.nodes.map((n) => [n.name, n.parent, n.joint])).toEqual([['root', -1, true], ['child', 0, true]]);
    // Bind pose = frame 0 of the first animation.
    expect(scene.nodes[0].translation).toEqual([1, 2, 3]);
    expect(scene.nodes[1].translation).toEqual([0, 1, 0]);
    const clip = scene.animations[0];
    expect(clip.name).toBe('swing');
    expect(clip.duration).toBeCloseTo(0.08, 6);
    expect(clip.extras).toMatchObject({ mode: 2, modeName: 'loop', interval: 40, loopDuration: 0.12 });
    closeTo(clip.channels[0].times, [0, 0.04, 0.08]);
    // GLScene's row-vector L = Rx·Ry·Rz is the column-vector Rz·Ry·Rx; check against explicit matrices.
    const rx = (t: number) => [1, 0, 0, 0, 0, Math.cos(t), Math.sin(t), 0, 0, -Math.sin(t), Math.cos(t), 0, 0, 0, 0, 1];
    const ry = (t: number) => [Math.cos(t), 0, -Math.sin(t), 0, 0, 1, 0, 0, Math.sin(t), 0, Math.cos(t), 0, 0, 0, 0, 1];
    const rz = (t: number) => [Math.cos(t), Math.sin(t), 0, 0, -Math.sin(t), Math.cos(t), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    const expected = math.multiply(rz(0.7), math.multiply(ry(-0.2), rx(0.3)));
    const pose = sampleAnimation(scene, 0, 0.04);
    const local = pose.locals.subarray(0, 16);
    for (const i of [0, 1, 2, 4, 5, 6, 8, 9, 10]) expect(local[i]).toBeCloseTo(expected[i], 5);
    closeTo(local.subarray(12, 15), [1, 2, 3]);
    // Child world origin at frame 2: parent translated to z = 4, child offset (0, 1, 0) unrotated by the parent.
    const world = computeWorldMatrices(scene, sampleAnimation(scene, 0, 0.08).locals);
    closeTo(world.subarray(16 + 12, 16 + 15), [1, 3, 4]);
    // Inverse bind matrices undo the bind pose.
    const ibm = scene.skins[0].inverseBindMatrices;
    const bindWorld = computeWorldMatrices(scene);
    closeTo(math.multiply(bindWorld.subarray(16, 32), ibm.subarray(16, 32)), math.identity());
  });

  it('upAxis z converts positions, bones and clips consistently', () => {
    const mesh: MeshSpec = { name: 's', mode: 2, positions: [0, 0, 5, 1, 0, 5, 0, 1, 5], uvSets: [[]], assoc: [1, 1, 1], groups: [{ faceType: 1, name: 'g', materials: [''], vertex: [0, 1, 2] }], boneCount: 2 };
    const anim = { name: 'a', interval: 100, mode: 2, frames: [[[0, 0, 1, 0, 0, 0], [0, 0, 4, 0, 0, 0]], [[0, 0, 1, 0, 0, Math.PI / 2], [0, 0, 4, 0, 0, 0]]] };
    const bytes = lodFile([skl1(bones2), msl1([mesh]), ans1([anim])]);
    const scene = valid(bytes, { upAxis: 'z' });
    expect(scene.extras.upAxis).toBe('z');
    closeTo(scene.meshes[0].primitives[0].attributes.POSITION.subarray(0, 3), [0, 5, 0]);
    closeTo(scene.nodes[0].translation!, [0, 1, 0]);
    // Rotation about file Z = rotation about scene Y: file point (1, 0, 5) → (0, 1, 5) → scene (0, 5, −1).
    const world = computeWorldMatrices(scene, sampleAnimation(scene, 0, 0.1).locals);
    const point = math.transformPoint(math.multiply(world.subarray(16, 32), scene.skins[0].inverseBindMatrices.subarray(16, 32)), 1, 5, 0);
    closeTo(point, [0, 5, -1]);
  });
});
