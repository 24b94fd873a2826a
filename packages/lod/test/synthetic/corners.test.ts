// Corners found in review: BoneID order, interleaved UV sets, huge counts, morph budgets, wide and bad weight records.
import { describe, expect, it } from 'vitest';
import { readLod } from '../../src/index.js';
import { Bytes, ans1, chunk, lodFile, mmd1, msl1, skl1, type MeshSpec } from '@relic3d/fixtures/lod';
import { valid, closeTo, bones2, manyBones } from './helpers.js';

describe('corners found in review', () => {
  it('ANM1 frame entries belong to bones by BoneID, not by list position', () => {
    const bones = [
      { id: 1, parent: -1, name: 'root' },
      { id: 0, parent: 1, name: 'child' },
    ];
    // Entry 0 → BoneID 0 ('child', listed second), entry 1 → BoneID 1 ('root', listed first).
    const anim = { name: 'a', interval: 100, mode: 2, frames: [[[0, 5, 0, 0, 0, 0], [7, 0, 0, 0, 0, 0]], [[0, 6, 0, 0, 0, 0], [8, 0, 0, 0, 0, 0]]] };
    const scene = valid(lodFile([skl1(bones), ans1([anim])]));
    expect(scene.nodes.map((n) => [n.name, n.parent, n.translation])).toEqual([['root', -1, [7, 0, 0]], ['child', 0, [0, 5, 0]]]);
    const byNode = new Map(scene.animations[0].channels.filter((c) => c.path === 'translation').map((c) => [c.node, Array.from(c.values)]));
    expect(byNode.get(0)).toEqual([7, 0, 0, 8, 0, 0]);
    expect(byNode.get(1)).toEqual([0, 5, 0, 0, 6, 0]);
    expect(scene.skins[0].joints).toEqual([0, 1]);
  });

  it('two UV sets stored interleaved whose first UV is (0, 0) are read interleaved (counts-first does not read to the end)', () => {
    const mesh: MeshSpec = {
      name: 'lm',
      mode: 3,
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
      uvSets: [[0, 0, 1, 0, 0, 1], [0.5, 0.5, 1, 1]],
      uvLayout: 'interleaved',
      groups: [{ faceType: 2, name: 'g', materials: ['', ''], vertex: [0, 1, 2], smooth: [], uv: [[0, 1, 2], [0, 1, 1]] }],
      boneCount: 0,
      count: 5, // a Count mismatch: its warning must be reported once, not once per attempt
    };
    const warnings: string[] = [];
    const bytes = lodFile([msl1([mesh])]);
    const m = readLod(bytes, { onWarning: (w) => warnings.push(w.code) }).meshes[0];
    expect(m.texCoordLayout).toBe('interleaved');
    expect(Array.from(m.texCoords[0])).toEqual([0, 0, 1, 0, 0, 1]);
    expect(Array.from(m.texCoords[1])).toEqual([0.5, 0.5, 1, 1]);
    expect(warnings).toEqual(['LOD_COUNT_MISMATCH']);
    expect(valid(bytes).meshes[0].primitives[0].attributes.TEXCOORD_1!.length).toBe(6);
  });

  it('an ANM1 under a skeleton of 0 bones: a huge Count allocates nothing', () => {
    const anm = chunk('ANM1', 2_000_000_000, new Bytes().u8(1).i32(100).u8(2).str('a'));
    const scene = valid(lodFile([skl1([]), chunk('ANS1', 1, [anm])]));
    expect(scene.animations.map((a) => [a.name, a.channels.length, a.extras!.frameCount])).toEqual([['a', 0, 2_000_000_000]]);
  });

  it('MMD1 frames for a mesh with no faces (huge frame count) stay in extras', () => {
    const empty: MeshSpec = { name: 'e', mode: 3, positions: [], uvSets: [[]], groups: [], boneCount: 0 };
    const mmd = mmd1([{ meshIndex: 0, meshName: 'e', collectionName: '', frames: [] }]);
    new DataView(mmd.buffer).setInt32(12 + 4, 50_000_000, true); // MMFramesCount
    const scene = valid(lodFile([msl1([empty]), mmd]));
    expect(scene.warnings.map((w) => w.code)).toEqual(['LOD_MORPH_MESH']);
    expect(scene.animations).toEqual([]);
    expect(scene.extras.morphFrames).toMatchObject({ meshes: [{ frameCount: 50_000_000, vertexCount: 0 }] });
  });

  it('MMD1 frames whose morph targets would dwarf the file stay in extras', () => {
    const point: MeshSpec = { name: 'p', mode: 3, positions: [0, 0, 0], uvSets: [[]], groups: [{ faceType: 2, name: 'g', materials: [''], vertex: [0, 0, 0], smooth: [] }], boneCount: 0 };
    const frames = (n: number) => Array.from({ length: n }, (_, f) => [0, 0, f]);
    // 2,000 frames of one vertex: 2,000 targets of 1 vertex plus 2,000² one-hot weight keys fit the budget.
    const small = valid(lodFile([msl1([point]), mmd1([{ meshIndex: 0, meshName: 'p', collectionName: '', frames: frames(2000) }])]));
    expect(small.meshes[0].primitives[0].targets!.length).toBe(2000);
    expect(small.animations[0].channels[0].values.length).toBe(2000 * 2000);
    // 8,000 frames (96 KB) would need 64 M weight keys: refused.
    const big = valid(lodFile([msl1([point]), mmd1([{ meshIndex: 0, meshName: 'p', collectionName: '', frames: frames(8000) }])]));
    expect(big.warnings.map((w) => w.code)).toEqual(['LOD_MORPH_SIZE']);
    expect(big.meshes[0].primitives[0].targets).toBeUndefined();
    expect(big.animations).toEqual([]);
  });

  it('weight records: one very wide vertex keeps its 4 heaviest bones; other vertices stay 4-wide', () => {
    const n = 50;
    const perVertex: [number, number][][] = Array.from({ length: n }, (_, v) => [[v % 5, 1]]);
    perVertex[7] = Array.from({ length: 3000 }, (_, k) => [k % 5, (k % 5) + 1] as [number, number]);
    const positions = Array.from({ length: n * 3 }, (_, i) => i);
    const mesh: MeshSpec = { name: 'w', mode: 2, positions, uvSets: [[]], weights: { bonesPerVertex: 100000, perVertex }, groups: [{ faceType: 1, name: 'g', materials: [''], vertex: [7, 8, 9] }], boneCount: 5 };
    const bytes = lodFile([skl1(manyBones(5)), msl1([mesh])]);
    expect(readLod(bytes).meshes[0].weights!.vertexStart[8]).toBe(7 + 3000);
    const p = valid(bytes).meshes[0].primitives[0];
    expect(p.attributes.JOINTS_0!.length).toBe(3 * 4);
    const v7 = [0, 1, 2].find((v) => p.attributes.POSITION[v * 3] === 21)!;
    expect(Array.from(p.attributes.JOINTS_0!.subarray(v7 * 4, v7 * 4 + 4))).toEqual([4, 3, 2, 1]);
    closeTo(p.attributes.WEIGHTS_0!.subarray(v7 * 4, v7 * 4 + 4), [5 / 14, 4 / 14, 3 / 14, 2 / 14]);
  });

  it('weight records: a bone past the skeleton goes to bone 0 (warned), a NaN weight counts as 0', () => {
    const mesh: MeshSpec = {
      name: 'w',
      mode: 2,
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
      uvSets: [[]],
      weights: { bonesPerVertex: 2, perVertex: [[[5, 0.5], [0, 0.5]], [[1, NaN], [0, 1]], [[1, 1]]] },
      groups: [{ faceType: 1, name: 'g', materials: [''], vertex: [0, 1, 2] }],
      boneCount: 2,
    };
    const scene = valid(lodFile([skl1(bones2), msl1([mesh])]));
    expect(scene.warnings.map((w) => w.code)).toEqual(['LOD_BONE_RANGE']);
    const p = scene.meshes[0].primitives[0];
    const at = (x: number, y: number) => [0, 1, 2].find((v) => p.attributes.POSITION[v * 3] === x && p.attributes.POSITION[v * 3 + 1] === y)!;
    for (const v of [at(0, 0), at(1, 0)]) {
      expect(Array.from(p.attributes.JOINTS_0!.subarray(v * 4, v * 4 + 4))).toEqual([0, 0, 0, 0]);
      expect(Array.from(p.attributes.WEIGHTS_0!.subarray(v * 4, v * 4 + 4))).toEqual([1, 0, 0, 0]);
    }
    expect(p.attributes.JOINTS_0![at(0, 1) * 4]).toBe(1);
  });

  it('weight records: the reader counts the faults the scene would scan for (bones past SKL1, NaN, ±∞), against the bones read before the mesh', () => {
    const mesh = (perVertex: [number, number][][]): MeshSpec => ({
      name: 'w',
      mode: 2,
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0],
      uvSets: [[]],
      weights: { bonesPerVertex: 2, perVertex },
      groups: [{ faceType: 1, name: 'g', materials: [''], vertex: [0, 1, 2] }],
      boneCount: 2,
    });
    const faulty = mesh([[[5, 0.5], [0, 0.5]], [[1, NaN], [0, Infinity]], [[1, -Infinity]]]);
    const clean = mesh([[[1, 0.25], [0, -0]], [[1, 1e-45], [0, 1]], [[1, 1]]]);
    expect(readLod(lodFile([skl1(bones2), msl1([faulty])])).meshes[0].weights!.checked).toEqual({ boneCount: 2, faults: 4 });
    expect(readLod(lodFile([skl1(bones2), msl1([clean])])).meshes[0].weights!.checked).toEqual({ boneCount: 2, faults: 0 });
    // Read before its skeleton, every record is a fault against 0 bones: the scene scans against its 2 and keeps bone 1.
    const late = lodFile([msl1([clean]), skl1(bones2)]);
    expect(readLod(late).meshes[0].weights!.checked).toEqual({ boneCount: 0, faults: 5 });
    const p = valid(late).meshes[0].primitives[0];
    expect(new Set(p.attributes.JOINTS_0!)).toEqual(new Set([0, 1]));
    expect(valid(late).warnings.map((w) => w.code)).not.toContain('LOD_BONE_RANGE');
  });
});
