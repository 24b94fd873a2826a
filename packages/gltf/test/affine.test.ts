import { describe, expect, it } from 'vitest';
import { distanceFromIdentity, fromTRS, multiply, rotationMatrix, splitAffine, trsResidual } from '../src/export/affine.js';

const reassemble = (m: ArrayLike<number>) => {
  const s = splitAffine(m);
  return { s, back: multiply(fromTRS(s.translation, s.rotation, s.scale), rotationMatrix(s.inner)) };
};
const largestDifference = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.max(...Array.from({ length: 16 }, (_, k) => Math.abs(a[k] - b[k])));

describe('splitAffine: any affine matrix as T·U·Σ times a rotation Vᵀ', () => {
  it('reassembles random, sheared, mirroring and singular matrices to 1e-12', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 4 - 2;
    const cases: number[][] = [];
    for (let i = 0; i < 500; i++) cases.push([random(), random(), random(), 0, random(), random(), random(), 0, random(), random(), random(), 0, random(), random(), random(), 1]);
    cases.push(
      [1, 0, 0, 0, 0.7, 1, 0, 0, 0, 0, 1, 0, 3, 4, 5, 1], // shear
      [-1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], // mirroring shear
      [1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], // rank 2
      [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 1], // rank 0
      [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1], // equal singular values
    );
    for (const m of cases) {
      const { s, back } = reassemble(m);
      expect(largestDifference(back, m), JSON.stringify(m)).toBeLessThan(1e-12);
      expect(Math.hypot(...s.rotation)).toBeCloseTo(1, 14);
      expect(Math.hypot(...s.inner)).toBeCloseTo(1, 14);
      // At most one negative singular value, and only for a mirroring matrix.
      const det = m[0] * (m[5] * m[10] - m[6] * m[9]) - m[4] * (m[1] * m[10] - m[2] * m[9]) + m[8] * (m[1] * m[6] - m[2] * m[5]);
      expect(s.scale.filter((x) => x < 0).length).toBe(det < -1e-12 ? 1 : 0);
    }
  });

  it('measures the shear: 0 for T·R·S, the relative size of what T·R·S cannot give otherwise', () => {
    expect(trsResidual(fromTRS([1, 2, 3], [0.1, 0.2, 0.3, Math.sqrt(1 - 0.14)], [2, -1, 0.5]))).toBeLessThan(1e-15);
    expect(trsResidual([1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])).toBeGreaterThan(0.1);
    // x ↦ 1.5 x moves a point by half its distance; a rotation by 90° by √2 of it.
    expect(distanceFromIdentity([1.5, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])).toBeCloseTo(0.5, 12);
    expect(distanceFromIdentity(rotationMatrix([0, 0, Math.SQRT1_2, Math.SQRT1_2]))).toBeCloseTo(Math.SQRT2, 12);
  });
});
