import { describe, expect, it } from 'vitest';
import { FiniteScrub, Y_UP_TO_Z_UP, Z_UP_TO_Y_UP, Z_UP_TO_Y_UP_QUAT, math, mirrorZ, scrubNonFinite, yUpToZUp, zUpToYUp } from '../src/index.js';
import { validScene } from './fixtures.js';

describe('axes', () => {
  it('mirrorZ negates z into a new array, or in place when asked, keeping zeros positive', () => {
    const v = Float32Array.of(1, 2, 3, 4, 5, 0);
    const m = mirrorZ(v);
    expect([...m]).toEqual([1, 2, -3, 4, 5, 0]);
    expect(Object.is(m[5], 0)).toBe(true);
    expect([...v]).toEqual([1, 2, 3, 4, 5, 0]);
    expect(mirrorZ(v, v)).toBe(v);
    expect([...v]).toEqual([1, 2, -3, 4, 5, 0]);
  });

  it('zUpToYUp maps (x, y, z) → (x, z, −y), the same as the matrix and the quaternion', () => {
    expect([...zUpToYUp(Float32Array.of(1, 2, 3))]).toEqual([1, 3, -2]);
    const p = math.transformPoint(Z_UP_TO_Y_UP, 1, 2, 3);
    expect(p.map((x) => x + 0)).toEqual([1, 3, -2]);
    const q = math.quatRotateVec3(Z_UP_TO_Y_UP_QUAT, [1, 2, 3]);
    q.forEach((x, i) => expect(x).toBeCloseTo([1, 3, -2][i], 12));
    expect([...math.multiply(Z_UP_TO_Y_UP, Y_UP_TO_Z_UP)]).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  });
});

describe('non-finite scrubbing', () => {
  it('FiniteScrub counts what it replaces, including values beyond float32', () => {
    const f = new FiniteScrub();
    expect(f.value(NaN)).toBe(0);
    expect(f.value(1e39, 7)).toBe(7);
    expect(f.vec([1, Infinity, 3])).toEqual([1, 0, 3]);
    expect(f.count).toBe(3);
  });

  it('scrubNonFinite replaces NaN in arrays and node TRS, and skips arrays known to be finite', () => {
    const scene = validScene();
    const positions = scene.meshes[0].primitives[0].attributes.POSITION!;
    positions[0] = NaN;
    positions[1] = Infinity;
    scene.nodes[0].translation = [NaN, 0, 0];
    expect(scrubNonFinite(scene, new Set([positions]))).toBe(1);
    expect(Number.isNaN(positions[0])).toBe(true);
    expect(scene.nodes[0].translation).toEqual([0, 0, 0]);
    expect(scrubNonFinite(scene)).toBe(2);
    expect([positions[0], positions[1]]).toEqual([0, 0]);
  });
});

describe('yUpToZUp', () => {
  it('inverts zUpToYUp and keeps zeros +0', () => {
    const v = Float32Array.of(1, 2, 3, 0, 5, 0);
    expect([...yUpToZUp(zUpToYUp(v))]).toEqual([...v]);
    const z = yUpToZUp(Float32Array.of(0, 0, 0));
    expect(Object.is(z[1], 0)).toBe(true);
  });
});
