// The scene path's memory-saving internals give what the stored-structure reader gives.
import { WarningSink } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { parseSync, readMs3d } from '../src/index.js';
import { readMs3dWith } from '../src/read/index.js';
import { parentsFirst } from '../src/scene/hierarchy.js';
import { buildMs3dScene } from '../src/scene/index.js';
import { quad, writeMs3d } from '@relic3d/fixtures/ms3d';

describe('scene-path internals', () => {
  it('keys left in the input decode to the stored keys, aligned or not', () => {
    // Joint names of different lengths do not move the records; key counts do (93-byte headers shift alignment).
    const joints = [0, 1, 2, 3].map((j) => ({
      name: `j${j}`,
      rotKeys: Array.from({ length: j + 1 }, (_, k) => [k, j + 0.5, -k, 0.25] as [number, number, number, number]),
      posKeys: Array.from({ length: 2 * j }, (_, k) => [k, 1.5, k * 3, -j] as [number, number, number, number]),
    }));
    const bytes = writeMs3d(quad({ joints }));
    const eager = readMs3d(bytes);
    const lazy = readMs3dWith(bytes, {}, new WarningSink('ms3d'), true);
    expect(lazy.joints).toHaveLength(4);
    lazy.joints.forEach((joint, j) => {
      expect(joint.rotationKeys).toBeInstanceOf(Float32Array);
      expect(Array.from(joint.rotationKeys)).toEqual(joints[j].rotKeys.flat());
      expect(Array.from(joint.positionKeys)).toEqual(joints[j].posKeys.flat());
      expect(joint.rotationKeys).toBe(joint.rotationKeys); // decoded once
      expect(Array.from(joint.positionKeys)).toEqual(Array.from(eager.joints[j].positionKeys));
      joint.rotationKeys = new Float32Array([9, 9, 9, 9]);
      expect(Array.from(joint.rotationKeys)).toEqual([9, 9, 9, 9]);
    });
    // The stored-structure reader keeps copies of its own, never views of the input.
    for (const joint of eager.joints) expect(joint.rotationKeys.buffer).not.toBe(bytes.buffer);
  });

  it('triangles left in the input decode to the stored arrays on first read', () => {
    const bytes = writeMs3d(quad({ triangles: [{ v: [0, 1, 2], s: [0, 1, 1], t: [1, 1, 0], normals: [[0, 0, 1], [0, 1, 0], [1, 0, 0]], smoothingGroup: 3, flags: 2 }, { v: [0, 2, 3] }] }));
    const eager = readMs3d(bytes);
    const lazy = readMs3dWith(bytes, {}, new WarningSink('ms3d'), true);
    expect(lazy.triangles.count).toBe(2);
    for (const name of ['flags', 'vertexIndices', 'normals', 's', 't', 'smoothingGroups', 'groupIndices'] as const) {
      expect(lazy.triangles[name]).toEqual(eager.triangles[name]);
    }
    expect(Array.from(lazy.triangles.vertexIndices)).toEqual([0, 1, 2, 0, 2, 3]);
    expect(Array.from(lazy.triangles.normals.subarray(0, 9))).toEqual([0, 0, 1, 0, 1, 0, 1, 0, 0]);
  });

  // One vertex shared by 80 triangles, each corner with its own normal: past the 64 variants the
  // bucketed unweld hands over to the hash kernel, with the same numbering.
  const fan = writeMs3d({
    vertices: Array.from({ length: 82 }, (_, i) => ({ position: [i, i % 2, 0] as [number, number, number] })),
    triangles: Array.from({ length: 80 }, (_, i) => ({
      v: [0, i + 1, i + 2] as [number, number, number],
      s: [0, 0, 0] as [number, number, number],
      t: [0, 0, 0] as [number, number, number],
      normals: [[0, 0, i + 1], [0, 0, 1], [0, 0, 1]] as [[number, number, number], [number, number, number], [number, number, number]],
    })),
    groups: [{ name: 'fan', triangles: Array.from({ length: 80 }, (_, i) => i) }],
  });

  it('the in-place and array paths build the same scene, bucketed or hashed', () => {
    for (const bytes of [fan, writeMs3d(quad())]) {
      const inPlace = parseSync(bytes);
      const sink = new WarningSink('ms3d');
      const fromArrays = sink.attach(buildMs3dScene(readMs3d(bytes), {}, sink));
      expect(fromArrays).toEqual(inPlace);
    }
    const primitive = parseSync(fan).meshes[0].primitives[0];
    // Vertex 0 once per triangle (80 normals), vertices 1..81 once each (normal +Z), in first-corner order.
    const source = primitive.extras!.sourceVertices as Uint32Array;
    expect(source.length).toBe(80 + 81);
    expect(Array.from(source.subarray(0, 4))).toEqual([0, 1, 2, 0]);
    expect(Array.from(primitive.attributes.NORMAL!.subarray(0, 3))).toEqual([0, 0, 1]);
    expect(Array.from(primitive.attributes.NORMAL!.subarray(9, 12))).toEqual([0, 0, 2]);
    for (const kernels of ['js', 'wasm'] as const) expect(parseSync(fan, { kernels })).toEqual(parseSync(fan));
  });

  it('non-finite results become 0 and are counted once per clip and per group', () => {
    const bytes = writeMs3d(
      quad({
        vertices: [{ position: [0, 0, 0] }, { position: [NaN, 0, 0] }, { position: [1, 1, 0] }, { position: [0, 1, Infinity] }],
        joints: [{ name: 'a', position: [3e38, 1, 0], posKeys: [[0, 3e38, 0, 0], [1, 0, 2, 0]] }],
      }),
    );
    for (const positionInterpolation of ['linear', 'step', 'hermite'] as const) {
      const scene = parseSync(bytes, { positionInterpolation });
      const channel = scene.animations[0].channels.find((c) => c.path === 'translation')!;
      const stride = positionInterpolation === 'hermite' ? 9 : 3;
      const at = positionInterpolation === 'hermite' ? 3 : 0;
      // 3e38 + 3e38 overflows f32: set to 0. The second key is 3e38 + 0, finite.
      expect(Array.from(channel.values.subarray(at, at + 3))).toEqual([0, 1, 0]);
      expect(channel.values[stride + at]).toBe(Math.fround(3e38));
      const warnings = scene.warnings.filter((w) => w.code === 'MS3D_NOT_FINITE').map((w) => w.message);
      expect(warnings.some((m) => /^1 non-finite key values/.test(m))).toBe(true);
      expect(warnings.some((m) => /2 non-finite vertex values/.test(m))).toBe(true);
      const position = scene.meshes[0].primitives[0].attributes.POSITION!;
      expect(Array.from(position).every(Number.isFinite)).toBe(true);
    }
  });

  it("a render vertex's normal and UV come from its first corner, non-finite ones 0 and counted, on every path", () => {
    // Corners in order: tri 0 (vertices 0, 1, 2), then tri 1 (0, 2, 3): its first two corners differ
    // from tri 0's by their UVs, so every corner is its own render vertex (6).
    const n = (x: number, y: number, z: number): [number, number, number] => [x, y, z];
    const bytes = writeMs3d(
      quad({
        triangles: [
          { v: [0, 1, 2], s: [0.125, 0.25, 0.375], t: [0.5, 0.625, 0.75], normals: [n(0, 0, 1), n(0, NaN, 1), n(1, 0, 0)] },
          { v: [0, 2, 3], s: [NaN, 0.875, 2], t: [3, Infinity, 4], normals: [n(0, 1, 0), n(0.5, 0.25, 0), n(-1, 0, 0)] },
        ],
      }),
    );
    const sink = new WarningSink('ms3d');
    const scenes = [parseSync(bytes, { kernels: 'wasm' }), parseSync(bytes, { kernels: 'js' }), sink.attach(buildMs3dScene(readMs3d(bytes), {}, sink))];
    for (const scene of scenes) {
      const { NORMAL, TEXCOORD_0 } = scene.meshes[0].primitives[0].attributes;
      expect(Array.from(NORMAL!)).toEqual([0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0.5, 0.25, 0, -1, 0, 0]);
      expect(Array.from(TEXCOORD_0!)).toEqual([0.125, 0.5, 0.25, 0.625, 0.375, 0.75, 0, 3, 0.875, 0, 2, 4]);
      expect(scene.warnings.filter((w) => w.code === 'MS3D_NOT_FINITE').map((w) => w.message)).toEqual(["group 0 'quad': 3 non-finite vertex values were set to 0"]);
    }
  });

  it('joints parents first: roots in index order, then each joint\'s children in index order', () => {
    // Joint 0's parent is 2, whose parent is 1 (the root): index order is not parents-first.
    expect(parentsFirst(new Int32Array([2, -1, 1, 0, 1, -1, 5, 2]))).toEqual([1, 5, 2, 4, 6, 0, 7, 3]);
    expect(parentsFirst(new Int32Array(0))).toEqual([]);
  });
});

