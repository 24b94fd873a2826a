// Audit additions: Ultra tag order, ATCH, extras, X rotations, warnings, counts, tangent handedness.
import { computeBounds } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { parseSync as parseMdl, readMdl } from '../../src/index.js';
import { sampleModel, writeMdl, type V3, type WFile, type WMesh, type WVertex } from '@relic3d/fixtures/mdl';
import { valid, errorOf, tri } from './helpers.js';

describe('audit additions', () => {
  const m3 = (z = 0): V3[] => [[0, 0, z], [1, 0, z], [0, 1, z]];

  it('Ultra PRIM, MSET and PICK in the real order, each read back field by field', () => {
    const morph = m3(2).map((p) => ({ position: p, normal: [0, 0, 1] as V3, tangent: [0, 1, 0] as V3, bitangent: [1, 0, 0] as V3 }));
    const mesh = tri('u', { primitiveFlags: [6], pick: [9, 8, 7], morphs: [morph] });
    const bytes = writeMdl({ variant: 'ultra', version: 301, root: { lods: [{ meshes: [mesh] }] } });
    // Independent check of the order on the bytes: PRIM, then MSET, MORP, then PICK.
    const text = new TextDecoder('latin1').decode(bytes);
    const at = (t: string) => text.indexOf(t);
    expect(at('PRIM')).toBeLessThan(at('MSET'));
    expect(at('MSET')).toBeLessThan(at('MORP'));
    expect(at('MORP')).toBeLessThan(at('PICK'));
    const raw = readMdl(bytes).root.lods[0].meshes[0];
    expect(Array.from(raw.primitiveFlags)).toEqual([6]);
    expect(Array.from(raw.pick)).toEqual([9, 8, 7]);
    expect(raw.morphs).toHaveLength(1);
    expect(raw.morphs[0].offset).toBe(at('MORP'));
    expect(Array.from(raw.morphs[0].position)).toEqual([0, 0, 2, 1, 0, 2, 0, 1, 2]);
    expect(Array.from(raw.morphs[0].normal.subarray(0, 3))).toEqual([0, 0, 1]);
    expect(Array.from(raw.morphs[0].tangent.subarray(0, 3))).toEqual([0, 1, 0]);
    expect(Array.from(raw.morphs[0].bitangent.subarray(0, 3))).toEqual([1, 0, 0]);
    const p = valid(parseMdl(bytes)).meshes[0].primitives[0];
    // Absolute morph → delta (0, 0, 2) in the file → (0, 0, −2) after the Z mirror.
    expect(Array.from(p.targets![0].POSITION!)).toEqual([0, 0, -2, 0, 0, -2, 0, 0, -2]);
    // Normal (0,0,1) − base (0,1,0), mirrored: (0, −1, −1).
    expect(Array.from(p.targets![0].NORMAL!.subarray(0, 3))).toEqual([0, -1, -1]);
    expect(Array.from((p.extras!.morphBitangents as Float32Array[])[0].subarray(0, 3))).toEqual([1, 0, 0]);
    expect(Array.from(p.extras!.primitiveFlags as Uint8Array)).toEqual([6]);
    expect(Array.from(p.extras!.pick as Uint8Array)).toEqual([9, 8, 7]);
  });

  it('an Ultra file with the documented MSET-before-PRIM order fails at the tag with both names', () => {
    const bytes = writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [tri()] }] } });
    const text = new TextDecoder('latin1').decode(bytes);
    const prim = text.indexOf('PRIM'), mset = text.indexOf('MSET');
    const swapped = bytes.slice();
    swapped.set(bytes.subarray(mset, mset + 8), prim);
    swapped.set(bytes.subarray(prim, prim + 8), mset);
    const e = errorOf(() => parseMdl(swapped));
    expect(e.message).toBe(`mdl: expected 'PRIM' at offset ${prim}, found 'MSET'`);
    expect(e.offset).toBe(prim);
    expect(e.code).toBe('BAD_TAG');
  });

  it('Ultra ATCH: a child attached to a bone hangs under that joint', () => {
    const file = sampleModel();
    file.root.children = [{ name: 'hat', attachBone: 1, lods: [{ meshes: [tri('hat')] }] }];
    const bytes = writeMdl({ ...file, variant: 'ultra', version: 302 });
    expect(readMdl(bytes).root.children[0].attachBone).toBe(1);
    expect(readMdl(bytes).root.attachBone).toBe(-1);
    const scene = valid(parseMdl(bytes));
    const hat = scene.nodes.findIndex((n) => n.name === 'hat');
    expect(scene.nodes[scene.nodes[hat].parent].name).toBe('top');
  });

  it('node colour and view distance go to extras', () => {
    const scene = valid(parseMdl(writeMdl({ variant: 'g3d', root: { color: [0.5, 0.25, 1, 0.75], lods: [{ viewDistance: 12.5, meshes: [tri()] }] } })));
    expect(scene.nodes[0].extras!.color).toEqual([0.5, 0.25, 1, 0.75]);
    expect(scene.nodes[scene.nodes[0].lods![0].node].extras!.viewDistance).toBe(12.5);
  });

  it('rotations about X keep their meaning after the Z mirror (node and animation keys)', () => {
    const s = Math.SQRT1_2;
    // File frame: +90° about X takes (0, 1, 0) to (0, 0, 1); mirrored that is (0, 0, −1).
    const node = valid(parseMdl(writeMdl({ variant: 'g3d', root: { rotation: [s, 0, 0, s], lods: [{ meshes: [tri('r', { vertices: [{ position: [0, 1, 0] }, { position: [0, 1, 0] }, { position: [0, 1, 0] }] })] }] } })));
    expect(node.nodes[0].rotation![0]).toBeCloseTo(-s, 6);
    const b = computeBounds(node);
    [0, 0, -1].forEach((v, c) => expect(b.min[c]).toBeCloseTo(v, 6));
    [0, 0, -1].forEach((v, c) => expect(b.max[c]).toBeCloseTo(v, 6));
    const w: WVertex = { position: [0, 1, 0], bones: [0, 0, 0, 0], weights: [255, 0, 0, 0] };
    const animated = valid(parseMdl(writeMdl({
      variant: 'g3d',
      root: {
        lods: [{ meshes: [tri('a', { vertices: [w, w, w] })] }],
        bones: [{ name: 'root' }],
        animations: [{ name: 'tilt', speed: 1, keyframes: 2, tracks: [{ boneId: 0, flags: 2, keys: [{ rotation: [0, 0, 0, 1] }, { rotation: [s, 0, 0, s] }] }] }],
      },
    })));
    const posed = computeBounds(animated, { animation: 'tilt', time: 1 / 60 });
    [0, 0, -1].forEach((v, c) => expect(posed.min[c]).toBeCloseTo(v, 5));
    [0, 0, -1].forEach((v, c) => expect(posed.max[c]).toBeCloseTo(v, 5));
  });

  it('unknown data stays in extras: G3D bytes past 80, partly zero tangents, weights without a skeleton', () => {
    const v = (x: number, y: number, tangent: V3): WVertex => ({ position: [x, y, 0], tangent, bones: [3, 0, 0, 0], weights: [255, 0, 0, 0] });
    const bytes = writeMdl({ variant: 'g3d', root: { lods: [{ meshes: [tri('x', { vertices: [v(0, 0, [1, 0, 0]), v(1, 0, [0, 0, 0]), v(0, 1, [0, 0, 1])] })] }] } });
    const scene = valid(parseMdl(bytes));
    const p = scene.meshes[0].primitives[0];
    expect(Array.from(p.extras!.vertexPadding as Uint8Array)).toEqual(new Array(12).fill(0xee));
    expect(p.attributes.TANGENT).toBeUndefined();
    expect(p.extras!.zeroTangents).toBe(1);
    expect(Array.from(p.extras!.tangents as Float32Array)).toEqual([1, 0, 0, 1, 0, 0, 0, 1, 0, 0, -1, 1]);
    expect(Array.from(p.extras!.boneIds as Uint16Array)).toEqual([3, 0, 0, 0, 3, 0, 0, 0, 3, 0, 0, 0]);
    expect(Array.from(p.extras!.boneWeights as Uint8Array)).toEqual([255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0]);
    expect(scene.warnings.map((w) => w.code)).toEqual(['MDL_WEIGHTS_WITHOUT_SKELETON']);
  });

  it('warnings for suspicious but readable content', () => {
    const codes = (file: WFile) => valid(parseMdl(writeMdl(file))).warnings.map((w) => w.code);
    const rig = sampleModel();
    rig.root.animations = [
      { name: 'slow', speed: 0, keyframes: 1, tracks: [{ boneId: 7, flags: 2, keys: [{ rotation: [0, 0, 0, 1] }] }] },
      { name: 'flags', speed: 1, keyframes: 1, tracks: [{ boneId: 0, flags: 8 | 1, keys: [{ position: [0, 0, 0] }] }] },
    ];
    expect(codes(rig)).toEqual(['MDL_UNKNOWN_KEY_FLAGS', 'MDL_BAD_SPEED', 'MDL_BAD_TRACK_BONE']);
    const slow = valid(parseMdl(writeMdl(rig))).animations[0];
    expect(slow.duration).toBeCloseTo(1 / 60, 9); // speed 1 used instead of 0
    // A denormal speed (found by the long fuzz run) made key 3 of 4 Infinity.
    const denormal = sampleModel();
    denormal.root.animations = [{ name: 'tiny', speed: 1e-40, keyframes: 4, tracks: [{ boneId: 0, flags: 2, keys: new Array(4).fill({ rotation: [0, 0, 0, 1] }) }] }];
    const tiny = valid(parseMdl(writeMdl(denormal)));
    expect(tiny.warnings.map((w) => w.code)).toEqual(['MDL_BAD_SPEED']);
    expect(Array.from(tiny.animations[0].channels[0].times)).toEqual([0, 1, 2, 3].map((k) => Math.fround(k / 60)));
    expect(codes({ variant: 'g3d', root: { animations: [{ name: 'a', speed: 1, keyframes: 0, tracks: [] }] } })).toEqual(['MDL_ANIMATION_WITHOUT_BONES']);
    expect(codes({ variant: 'g3d', root: { children: [{ name: 'k', attachBone: 4 }] } })).toEqual(['MDL_BAD_ATTACH_BONE']);
    expect(codes({ variant: 'g3d', root: { rotation: [0, 0, 0, 2] } })).toEqual(['MDL_ROTATION_NOT_UNIT']);
    const bent = valid(parseMdl(writeMdl({ variant: 'g3d', root: { bones: [{ name: 'b', rotation: [0, 0, 0, 3] }] } })));
    expect(bent.warnings.map((w) => w.code)).toEqual(['MDL_ROTATION_NOT_UNIT']);
    expect(bent.nodes[1].rotation).toEqual([0, 0, 0, 1]);
    expect(bent.nodes[1].extras!.storedRotation).toEqual([0, 0, 0, 3]);
    expect(codes({ variant: 'g3d', root: { bones: [{ name: 'a' }, { name: 'b' }] } })).toEqual(['MDL_SEVERAL_ROOT_BONES']);
    expect(codes({ variant: 'ultra', root: { children: [{ name: 'k', bones: [{ name: 'b' }] }] } })).toEqual(['MDL_BONES_IN_CHILD']);
    expect(codes({ variant: 'ultra', root: { parts: [{ shape: 'BOX_', raw: new Array(44).fill(0) }] } })).toEqual(['MDL_COLLIDER_TAIL']);
    const nan = valid(parseMdl(writeMdl({ variant: 'ultra', root: { position: [NaN, 0, 0], lods: [{ meshes: [tri('n', { vertices: [{ position: [Infinity, 0, 0] }, { position: [1, 0, 0] }, { position: [0, 1, 0] }] })] }] } })));
    expect(nan.warnings.map((w) => w.code)).toEqual(['MDL_NOT_FINITE']);
    expect(nan.nodes[0].translation).toEqual([0, 0, 0]);
    expect(nan.meshes[0].primitives[0].attributes.POSITION[0]).toBe(0);
  });
});

describe('audit additions: counts', () => {
  it('many empty meshes at the end of a file are valid (the minimum mesh size is exact)', () => {
    const empty: WMesh = { name: '', vertices: [], indices: [] };
    // Smallest meshes: G3D 52 bytes, Ultra 56; 3 (G3D) or 11 (Ultra) of them used to be refused.
    for (const [variant, count] of [['g3d', 3], ['ultra', 11]] as const) {
      const raw = readMdl(writeMdl({ variant, root: { lods: [{ meshes: new Array(count).fill(empty) }] } }));
      expect(raw.root.lods[0].meshes).toHaveLength(count);
      expect(raw.root.lods[0].meshes.every((m) => m.vertexCount === 0 && m.indices.length === 0)).toBe(true);
      expect(valid(parseMdl(writeMdl({ variant, root: { lods: [{ meshes: new Array(count).fill(empty) }] } }))).meshes[0].primitives).toHaveLength(count);
    }
  });

  it('a count too large for the file fails at the offset of the count field, before allocating', () => {
    const bytes = writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [{ vertices: [{ position: [0, 0, 0] }], indices: [] }] }] } });
    // magic 12 + version 4, NODE 4 + 3 empty strings 12 + 14 floats 56 + LOD count 4,
    // LOD_ 4 + distance 4 + mesh count 4, MESH 4 + polyVerts 4 + 2 empty strings 8 + stride 4.
    const at = 16 + 4 + 12 + 56 + 4 + 12 + 4 + 4 + 8 + 4;
    expect(new DataView(bytes.buffer).getInt32(at, true)).toBe(1);
    const broken = bytes.slice();
    new DataView(broken.buffer).setInt32(at, 0x7fffffff, true);
    const e = errorOf(() => parseMdl(broken));
    expect(e.offset).toBe(at);
    expect(e.code).toBe('BAD_COUNT');
    expect(e.message).toBe(`mdl: expected 2147483647 vertices (206158430112 bytes) at offset ${at}, found ${bytes.length - at - 4} bytes left`);
    new DataView(broken.buffer).setInt32(at, -1, true);
    expect(errorOf(() => parseMdl(broken)).message).toBe(`mdl: expected a count of vertices at offset ${at}, found -1`);
  });
});

describe('audit additions: tangent handedness without a stored bitangent', () => {
  it('w comes from the UVs: +1 for a plain layout, −1 for mirrored V (worked by hand)', () => {
    // File frame: triangle (0,0,0) (1,0,0) (0,1,0), normal (0,0,1), tangent (1,0,0) = dP/du.
    // glTF frame: N' = (0,0,−1), T' = (1,0,0), N'×T' = (0,−1,0). With v growing along +y the
    // normal map's "up" (−v) is −y, so w = +1; with v growing along −y it is +y, so w = −1.
    const mesh = (v: number): WMesh => ({
      vertices: ([[0, 0, 0], [1, 0, 0], [0, 1, 0]] as V3[]).map((position, k) => ({ position, normal: [0, 0, 1] as V3, tangent: [1, 0, 0] as V3, uv0: [k === 1 ? 1 : 0, k === 2 ? v : 0] as [number, number] })),
      indices: [0, 1, 2],
    });
    for (const [v, w] of [[1, 1], [-1, -1]]) {
      const p = valid(parseMdl(writeMdl({ variant: 'ultra', root: { lods: [{ meshes: [mesh(v)] }] } }))).meshes[0].primitives[0];
      expect(Array.from(p.attributes.TANGENT!)).toEqual([1, 0, 0, w, 1, 0, 0, w, 1, 0, 0, w]);
      expect(p.extras!.tangentHandedness).toBe('texcoord gradient');
    }
  });
});
