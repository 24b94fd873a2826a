// The writer's edge (src/write/axes.ts): quaternions → MilkShape's Euler XYZ (R = Rz · Ry · Rx),
// keys relative to the bind pose, the exact inverse of the reader's composition.
import { math } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { continueEuler, eulerInto, positionKey, rotationKey } from '../../src/write/axes.js';

/** Deterministic unit quaternions, with the gimbal-lock ones (±90° about Y) among them. */
function quaternions(): number[][] {
  const out: number[][] = [[0, 0, 0, 1], [0, Math.SQRT1_2, 0, Math.SQRT1_2], [0, -Math.SQRT1_2, 0, Math.SQRT1_2], [0.5, 0.5, 0.5, 0.5], [1, 0, 0, 0]];
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  for (let i = 0; i < 200; i++) out.push(math.quatNormalize([random(), random(), random(), random()]));
  return out;
}

const sameRotation = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.abs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]);

describe('axes', () => {
  it('eulerInto is core eulerXYZFromQuat without the allocation; at gimbal lock z is 0', () => {
    const out = new Float32Array(3);
    eulerInto(0, Math.SQRT1_2, 0, Math.SQRT1_2, out, 0);
    expect([...out]).toEqual([0, Math.fround(Math.PI / 2), 0]);
    for (const q of quaternions()) {
      eulerInto(q[0], q[1], q[2], q[3], out, 0);
      const core = math.eulerXYZFromQuat(q);
      // The same rotation always; the same angles (to f32) away from gimbal lock, where they are not unique.
      expect(sameRotation(math.quatFromEulerXYZ(out[0], out[1], out[2]), q)).toBeCloseTo(1, 6);
      if (Math.abs(Math.abs(core[1]) - Math.PI / 2) > 1e-3) core.forEach((v, i) => expect(out[i]).toBeCloseTo(v, 6));
    }
  });

  it('keeps y exact near ±90° from a float32 quaternion (atan2, not asin)', () => {
    const out = new Float32Array(3);
    for (const degrees of [89.9, 89.99, -89.95]) {
      const truth = [0.3, (degrees * Math.PI) / 180, -0.2];
      // A float32 quaternion, as scenes store them (the writer normalises before converting).
      const q = math.quatNormalize(Float32Array.from(math.quatFromEulerXYZ(truth[0], truth[1], truth[2])));
      eulerInto(q[0], q[1], q[2], q[3], out, 0);
      expect(sameRotation(math.quatFromEulerXYZ(out[0], out[1], out[2]), q)).toBeGreaterThan(1 - 1e-12);
      expect(out[1]).toBeCloseTo(truth[1], 5);
    }
  });

  it('rotation keys invert the reader: q_bind ⊗ q(key) gives back the rotation', () => {
    const key = new Float32Array(3);
    const all = quaternions();
    for (let i = 0; i < all.length; i++) {
      const bind = all[(i * 7) % all.length], q = all[i];
      rotationKey(bind, q[0], q[1], q[2], q[3], key, 0);
      expect(sameRotation(math.quatMultiply(bind, math.quatFromEulerXYZ(key[0], key[1], key[2])), q)).toBeCloseTo(1, 6);
    }
  });

  it('position keys invert the reader: p_bind + R_bind · p_key gives back the translation', () => {
    const key = new Float32Array(3);
    const bind = math.quatNormalize([0.3, -0.2, 0.7, 0.6]);
    positionKey(bind, [1, 2, 3], 4, -5, 6, key, 0);
    const back = math.quatRotateVec3(bind, key);
    expect([back[0] + 1, back[1] + 2, back[2] + 3].map((v) => +v.toFixed(5))).toEqual([4, -5, 6]);
  });

  it('continues Euler keys without 2π jumps (for loaders that interpolate angles one by one), same rotations', () => {
    // Two turns about Z, then a swing through y = ±90° about Y, 20° a key.
    const qs = [
      ...Array.from({ length: 37 }, (_, k) => math.quatFromAxisAngle([0, 0, 1], (k * 20 * Math.PI) / 180)),
      ...Array.from({ length: 19 }, (_, k) => math.quatFromAxisAngle([0, 1, 0], (k * 20 * Math.PI) / 180)),
    ];
    const keys = new Float32Array(qs.length * 3);
    qs.forEach((q, k) => {
      eulerInto(q[0], q[1], q[2], q[3], keys, k * 3);
      if (k > 0) continueEuler(keys, k * 3, k * 3 - 3);
    });
    for (let k = 1; k < qs.length; k++) {
      const step = Math.abs(keys[k * 3] - keys[k * 3 - 3]) + Math.abs(keys[k * 3 + 1] - keys[k * 3 - 2]) + Math.abs(keys[k * 3 + 2] - keys[k * 3 - 1]);
      expect(step, `key ${k}`).toBeLessThan(0.36);
    }
    qs.forEach((q, k) => expect(sameRotation(math.quatFromEulerXYZ(keys[k * 3], keys[k * 3 + 1], keys[k * 3 + 2]), q)).toBeCloseTo(1, 6));
    // Two whole turns about Z: the last key is at 4π, not back at 0.
    expect(keys[36 * 3 + 2]).toBeCloseTo(4 * Math.PI, 5);
  });
});
