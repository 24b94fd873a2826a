// Morph animation: MAN1 collection records and MMD1 frames as morph targets and weight clips.
import { describe, expect, it } from 'vitest';
import { readLod } from '../../src/index.js';
import { lodFile, man1, mmd1, msl1, type MeshSpec } from '@relic3d/fixtures/lod';
import { valid } from './helpers.js';

describe('morph animation (MAN1/MMD1)', () => {
  const collection = {
    name: 'coll',
    colliderName: 'hitbox',
    parentId: -1,
    parentBone: 0,
    proxyId: -1,
    bones: [{ name: 'tag_head', parentId: -1 }, { name: 'tag_hand', parentId: 0 }],
    animations: [
      { name: 'idle', mode: 2, interval: 100, frames: 2 },
      { name: 'jump', mode: 1, interval: 50, frames: 1 },
    ],
  };
  const frames = [
    [0, 0, 0, 1, 0, 0, 0, 1, 0],
    [0, 0, 1, 1, 0, 1, 0, 1, 1],
    [0, 0, 2, 1, 0, 2, 0, 1, 2],
  ];
  const triangle: MeshSpec = { name: 'tri', mode: 3, positions: frames[0], uvSets: [[]], groups: [{ faceType: 2, name: 'g', materials: [''], vertex: [0, 1, 2], smooth: [] }], boneCount: 0 };

  it.each([28, 32] as const)('MAN1 with %i-byte collection records', (recordSize) => {
    const file = readLod(lodFile([msl1([triangle]), man1([collection], recordSize)]));
    const m = file.morphCollections!;
    expect([m.morphCollType, m.recordSize]).toEqual([0, recordSize]);
    const c = m.collections[0];
    expect([c.name, c.colliderName, c.boneCount, c.animCount, c.parentId, c.parentBone, c.proxyId]).toEqual(['coll', 'hitbox', 2, 2, -1, 0, -1]);
    if (recordSize === 32) expect(c.gap).toBe(0x1234);
    expect(c.bones).toEqual([{ name: 'tag_head', parentId: -1 }, { name: 'tag_hand', parentId: 0 }]);
    expect(c.animations).toEqual([{ name: 'idle', mode: 2, interval: 100, frameCount: 2 }, { name: 'jump', mode: 1, interval: 50, frameCount: 1 }]);
    expect(c.matrices.length).toBe(2 * 3 * 12);
    expect(Array.from(c.matrices.subarray(9, 12))).toEqual([0, 0.5, 0]);
    expect(c.colliders.length).toBe(3 * 10);
    expect(Array.from(c.colliders.subarray(20, 30))).toEqual([-1, -1, -1, 1, 1, 1, 0, 0, 2, 2]);
  });

  it('MMD1 frames become morph targets and weight clips per collection animation', () => {
    const bytes = lodFile([msl1([triangle]), man1([collection]), mmd1([{ meshIndex: 0, meshName: 'tri', collectionName: 'coll', frames }])]);
    const file = readLod(bytes);
    const mm = file.morphFrames!.meshes[0];
    expect([file.morphFrames!.totalVertexCount, mm.frameCount, mm.vertexCount, mm.meshIndex, mm.meshName, mm.collectionName]).toEqual([9, 3, 3, 0, 'tri', 'coll']);
    expect(Array.from(mm.vertices.subarray(9, 18))).toEqual(frames[1]);
    const scene = valid(bytes);
    const p = scene.meshes[0].primitives[0];
    expect(p.targets!.length).toBe(3);
    const posZ = (k: number) => Array.from({ length: 3 }, (_, v) => p.targets![k].POSITION![v * 3 + 2]);
    expect([posZ(0), posZ(1), posZ(2)]).toEqual([[0, 0, 0], [1, 1, 1], [2, 2, 2]]);
    expect(scene.meshes[0].weights).toEqual([0, 0, 0]);
    const [idle, jump] = scene.animations;
    expect([idle.name, jump.name]).toEqual(['coll/idle', 'coll/jump']);
    expect(idle.channels[0].path).toBe('weights');
    expect(Array.from(idle.channels[0].times)).toEqual([0, 0.1].map(Math.fround));
    expect(Array.from(idle.channels[0].values)).toEqual([1, 0, 0, 0, 1, 0]);
    expect(Array.from(jump.channels[0].values)).toEqual([0, 0, 1]);
    expect(jump.extras).toMatchObject({ morph: true, modeName: 'playOnce', firstFrame: 2 });
  });
});
