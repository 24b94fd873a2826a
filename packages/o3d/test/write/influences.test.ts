// Two influences per vertex (src/write/influences.ts), kept in locals since issue 25: the same bones,
// weights (to the bit) and counts as the plain form below (the writer's before, on typed scratch
// arrays), over random vertices drawn from few values, so ties, repeated bones, bad weights and
// joints no bone maps happen often.
import { describe, expect, it } from 'vitest';
import type { Primitive, Skin } from '@relic3d/core';
import { rng } from '@relic3d/test-harness';
import { emptyStats, twoInfluences, type InfluenceStats, type Influences } from '../../src/write/influences.js';

function plainInfluences(primitive: Primitive, skin: Skin, boneOf: Map<number, number>, fallback: number, stats: InfluenceStats): Influences {
  const count = primitive.attributes.POSITION.length / 3;
  const bones = new Int32Array(count * 2).fill(fallback);
  const weights = new Float32Array(count * 2);
  const joints = primitive.attributes.JOINTS_0!, w = primitive.attributes.WEIGHTS_0!;
  const jointBone = skin.joints.map((node) => boneOf.get(node) ?? -1);
  for (let v = 0; v < count; v++) {
    const b: number[] = [], x: number[] = [];
    let total = 0;
    for (let k = 0; k < 4; k++) {
      const weight = w[v * 4 + k];
      if (!(weight > 0) || !Number.isFinite(weight)) {
        if (weight !== 0) stats.invalid++;
        continue;
      }
      const j = joints[v * 4 + k];
      const bone = j < jointBone.length ? jointBone[j] : -1;
      if (bone < 0) {
        stats.invalid++;
        continue;
      }
      let at = b.indexOf(bone);
      if (at < 0) (at = b.length), b.push(bone), x.push(0);
      x[at] += weight;
      total += weight;
    }
    const n = b.length;
    if (!n) {
      stats.unweighted++;
      weights[v * 2] = 1;
      continue;
    }
    let first = 0;
    for (let k = 1; k < n; k++) if (x[k] > x[first]) first = k;
    let second = -1;
    for (let k = 0; k < n; k++) if (k !== first && (second < 0 || x[k] > x[second])) second = k;
    const kept = x[first] + (second >= 0 ? x[second] : 0);
    if (n > 2) {
      stats.reduced++;
      stats.worstDropped = Math.max(stats.worstDropped, 1 - kept / total);
    }
    bones[v * 2] = b[first];
    bones[v * 2 + 1] = second >= 0 ? b[second] : b[first];
    weights[v * 2] = x[first] / kept;
    weights[v * 2 + 1] = second >= 0 ? x[second] / kept : 0;
  }
  return { bones, weights };
}

describe('twoInfluences', () => {
  it('keeps the plain form\'s bones, weight bits and counts on 40,000 random vertices', () => {
    const random = rng(25);
    const count = 40000;
    // Joints 0–5 (5 has no bone; 6 is past the skin), weights from a few values (ties), some bad.
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)];
    const joints = Uint16Array.from({ length: count * 4 }, () => pick([0, 1, 2, 3, 4, 5, 6]));
    const w = Float32Array.from({ length: count * 4 }, () => pick([0, 0, 0.1, 0.25, 0.25, 0.5, 1 / 3, 0.7, NaN, -0.5, Infinity]));
    const primitive: Primitive = { attributes: { POSITION: new Float32Array(count * 3), JOINTS_0: joints, WEIGHTS_0: w } };
    const skin: Skin = { name: 'skin', joints: [10, 11, 12, 13, 14, 15], inverseBindMatrices: new Float32Array(6 * 16) };
    const boneOf = new Map([[10, 0], [11, 3], [12, 1], [13, 2], [14, 4]]);
    const stats = emptyStats(), plainStats = emptyStats();
    const got = twoInfluences(primitive, skin, boneOf, 2, stats);
    const want = plainInfluences(primitive, skin, boneOf, 2, plainStats);
    expect(stats).toEqual(plainStats);
    // The draw makes every case: more than two bones, none, bad weights.
    expect([stats.reduced > 1000, stats.unweighted > 1000, stats.invalid > 10000]).toEqual([true, true, true]);
    expect(Buffer.compare(Buffer.from(got.bones.buffer), Buffer.from(want.bones.buffer))).toBe(0);
    expect(Buffer.compare(Buffer.from(got.weights.buffer), Buffer.from(want.weights.buffer))).toBe(0);
  });
});
