// core's Math.hypot twins, and the key arithmetic built on them, must give Math.hypot's bits: read and
// written keys (MS3D, LOD) may not change.
import { math } from '../src/index.js';
import { rng } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';

const { hypot2, hypot3, hypot4 } = math;

const EDGES = [0, -0, 1, -1, 0.5, 3, NaN, Infinity, -Infinity, 5e-324, 1e-310, 1e-154, 1e154, 1.7976931348623157e308, Math.fround(0.1)];

/** Seeded values of every scale, a fifth of them float32 (as channel values are), some edge values. */
function values(seed: number, count: number): number[] {
  const random = rng(seed);
  return Array.from({ length: count }, () => {
    const r = random();
    if (r < 0.05) return EDGES[Math.floor(random() * EDGES.length)];
    const v = (random() * 2 - 1) * 10 ** (random() * 60 - 30);
    return r < 0.25 ? Math.fround(v) : r < 0.6 ? random() * 2 - 1 : v;
  });
}

describe('Math.hypot twins', () => {
  it('hypot4, hypot3 and hypot2 give the bits of Math.hypot on 200,000 seeded quadruples and every edge pair', () => {
    const v = values(25, 800_000);
    let differ4 = 0, differ3 = 0, differ2 = 0;
    for (let i = 0; i < v.length; i += 4) {
      if (!Object.is(hypot4(v[i], v[i + 1], v[i + 2], v[i + 3]), Math.hypot(v[i], v[i + 1], v[i + 2], v[i + 3]))) differ4++;
      if (!Object.is(hypot2(v[i], v[i + 1]), Math.hypot(v[i], v[i + 1]))) differ2++;
      if (!Object.is(hypot3(v[i], v[i + 1], v[i + 2]), Math.hypot(v[i], v[i + 1], v[i + 2]))) differ3++;
    }
    for (const a of EDGES) for (const b of EDGES) {
      if (!Object.is(hypot2(a, b), Math.hypot(a, b))) differ2++;
      if (!Object.is(hypot3(a, b, 1), Math.hypot(a, b, 1)) || !Object.is(hypot3(b, a, a), Math.hypot(b, a, a))) differ3++;
      if (!Object.is(hypot4(a, b, b, a), Math.hypot(a, b, b, a)) || !Object.is(hypot4(1, a, 2, b), Math.hypot(1, a, 2, b))) differ4++;
    }
    expect([differ4, differ3, differ2]).toEqual([0, 0, 0]);
    // Known values, and infinity before NaN (as Math.hypot has it).
    expect(hypot2(3, 4)).toBe(5);
    expect(hypot4(0, -0, NaN, Infinity)).toBe(Infinity);
    expect(hypot4(1, NaN, 2, 3)).toBeNaN();
  });

  it('eulerXYZFromQuatInto and quatNormalizeInto give the bits of the same arithmetic on Math.hypot, on seeded float32 quaternions', () => {
    // The arithmetic as it stood on Math.hypot (R = Rz·Ry·Rx), the reference the twins replaced.
    const eulerOnHypot = (q: Float32Array): number[] => {
      const l = Math.hypot(q[0], q[1], q[2], q[3]) || 1;
      const x = q[0] / l, y = q[1] / l, z = q[2] / l, w = q[3] / l;
      const r00 = 1 - 2 * (y * y + z * z), r01 = 2 * (x * y - w * z), r02 = 2 * (x * z + w * y);
      const r10 = 2 * (x * y + w * z), r11 = 1 - 2 * (x * x + z * z), r12 = 2 * (y * z - w * x);
      const rz = Math.atan2(r10, r00), s = Math.sin(rz), c = Math.cos(rz);
      return [Math.atan2(s * r02 - c * r12, c * r11 - s * r01), Math.atan2(-(2 * (x * z - w * y)), Math.hypot(r00, r10)), rz];
    };
    const normalOnHypot = (q: Float32Array): number[] => {
      const l = Math.hypot(q[0], q[1], q[2], q[3]);
      return !l || !Number.isFinite(l) ? [0, 0, 0, 1] : [q[0] / l, q[1] / l, q[2] / l, q[3] / l];
    };
    const random = rng(7);
    const euler = new Float64Array(3), unit = new Float64Array(4);
    let differ = 0;
    for (let i = 0; i < 50_000; i++) {
      const q = Float32Array.from({ length: 4 }, () => (i % 97 === 0 ? 0 : random() * 2 - 1));
      math.eulerXYZFromQuatInto(q, euler, 0);
      math.quatNormalizeInto(q, unit, 0);
      const [e, n] = [eulerOnHypot(q), normalOnHypot(q)];
      if (!euler.every((x, k) => Object.is(x, e[k])) || !unit.every((x, k) => Object.is(x, n[k])) || !math.quatNormalize(q).every((x, k) => Object.is(x, n[k]))) differ++;
    }
    expect(differ).toBe(0);
  });
});
