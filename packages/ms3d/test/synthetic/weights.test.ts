// Vertex weights per sub-version: scaling, renormalisation, bad and missing bone ids.
import { type Scene } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { parseSync } from '../../src/index.js';
import { quad, writeMs3d } from '@relic3d/fixtures/ms3d';
import { near, posed, valid } from './helpers.js';

describe('weights', () => {
  const twoJoints = (weights: [number, number, number], ids: [number, number, number], sv = 1): Scene =>
    parseSync(
      writeMs3d(
        quad({
          vertices: [0, 1, 2, 3].map((i) => ({ position: [i & 1, i >> 1, 0] as [number, number, number], boneId: 0 })),
          joints: [{ name: 'a' }, { name: 'b', parent: 'a' }, { name: 'c', parent: 'b' }, { name: 'd', parent: 'c' }],
          comments: {},
          vertexExtra: { subVersion: sv, records: Array.from({ length: 4 }, () => ({ ids, weights })) },
        }),
      ),
    );
  const first = (s: Scene) => {
    const a = s.meshes[0].primitives[0].attributes;
    return { joints: Array.from(a.JOINTS_0!.subarray(0, 4)), weights: Array.from(a.WEIGHTS_0!.subarray(0, 4)) };
  };

  it('sub-version 1 weights with non-zero bytes are divided by 100, the 4th is implicit', () => {
    const s = valid(twoJoints([25, 25, 25], [1, 2, 3]));
    expect(first(s).joints).toEqual([0, 1, 2, 3]);
    first(s).weights.forEach((w) => expect(w).toBeCloseTo(0.25, 6));
    const t = valid(twoJoints([30, 70, 0], [1, -1, -1]));
    expect(first(t).joints.slice(0, 2)).toEqual([1, 0]); // sorted by weight
    expect(first(t).weights[0]).toBeCloseTo(0.7, 6);
    expect(first(t).weights[1]).toBeCloseTo(0.3, 6);
  });

  it('all-zero weight bytes put 100 % on boneId even with extra ids', () => {
    const s = valid(twoJoints([0, 0, 0], [1, 2, 3], 3));
    expect(first(s)).toEqual({ joints: [0, 0, 0, 0], weights: [1, 0, 0, 0] });
  });

  it('uses only the leading run of valid slots and renormalises it', () => {
    // Slot 2 has an invalid bone: slots 0-1 (60 + 20) remain, renormalised to 0.75 / 0.25.
    const s = valid(twoJoints([60, 20, 10], [1, -1, 2], 2));
    expect(first(s).joints.slice(0, 2)).toEqual([0, 1]);
    expect(first(s).weights[0]).toBeCloseTo(0.75, 6);
    expect(first(s).weights[1]).toBeCloseTo(0.25, 6);
  });

  it('warns and renormalises when the weights sum past 100', () => {
    const s = valid(twoJoints([90, 90, 0], [1, -1, -1], 2));
    expect(s.warnings.map((w) => w.code)).toEqual(['MS3D_WEIGHT_SUM']);
    expect(first(s).weights.slice(0, 2)).toEqual([0.5, 0.5]);
  });

  it('binds boneId -1 vertices to an identity joint and warns on bone ids past the joints', () => {
    const f = quad({
      vertices: [{ position: [0, 0, 0], boneId: 0 }, { position: [1, 0, 0], boneId: -1 }, { position: [1, 1, 0], boneId: 5 }, { position: [0, 1, 0], boneId: 0 }],
      joints: [{ name: 'a', position: [3, 0, 0], rotKeys: [[0, 0, 0, 0]], posKeys: [[0, 0, 0, 0], [1, 0, 10, 0]] }],
    });
    const s = valid(parseSync(writeMs3d(f)));
    expect(s.warnings.map((w) => w.code)).toEqual(['MS3D_BAD_BONE']);
    const rigid = s.skins[0].joints[1];
    expect(s.nodes[rigid].extras).toEqual({ ms3dRigid: true });
    const at1 = posed(s, 1);
    near(at1.get(0), [0, 10, 0]);
    near(at1.get(1), [1, 0, 0]); // rigid
    near(at1.get(2), [1, 1, 0]); // rigid (bad bone)
  });
});
