import { describe, expect, it } from 'vitest';
import {
  addNode,
  computeBounds,
  computeWorldMatrices,
  cornerNormals,
  createScene,
  math,
  sampleAnimation,
  sampleChannel,
  smoothingMask,
  compactIndices,
  skinVerticesReference,
} from '../src/index.js';
import { validScene } from './fixtures.js';

const close = (a: ArrayLike<number>, b: ArrayLike<number>, eps = 1e-5) => {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; i++) expect(Math.abs(a[i] - b[i])).toBeLessThan(eps);
};

describe('math', () => {
  it('Euler XYZ (R = Rz·Ry·Rx) matches composed axis rotations', () => {
    const [x, y, z] = [0.3, -1.1, 2.0];
    const q = math.quatFromEulerXYZ(x, y, z);
    const qx = math.quatFromAxisAngle([1, 0, 0], x);
    const qy = math.quatFromAxisAngle([0, 1, 0], y);
    const qz = math.quatFromAxisAngle([0, 0, 1], z);
    close(q, math.quatMultiply(qz, math.quatMultiply(qy, qx)));
  });
  it('TRS round-trips through a matrix, and inverse × matrix is identity', () => {
    const q = math.quatNormalize([0.1, 0.7, -0.2, 0.6]);
    const m = math.fromTRS([1, 2, 3], q, [2, 3, 4]);
    const d = math.decompose(m);
    close(d.translation, [1, 2, 3]);
    close(d.scale, [2, 3, 4]);
    expect(Math.abs(math.quatMultiply(d.rotation, [-q[0], -q[1], -q[2], q[3]])[3])).toBeCloseTo(1, 5);
    close(math.multiply(math.invert(m)!, m), math.identity());
    expect(math.invert(new Float32Array(16))).toBeUndefined();
  });
  it('mirroring matrices decompose to a negative scale and a negative determinant', () => {
    const m = math.fromTRS([0, 0, 0], [0, 0, 0, 1], [-1, 1, 1]);
    expect(math.determinant3(m)).toBeLessThan(0);
    close(math.decompose(m).scale, [-1, 1, 1]);
  });
  it('slerp takes the short way and continuity flips signs', () => {
    const a = [0, 0, 0, 1];
    const b = [0, 0, -Math.SQRT1_2, -Math.SQRT1_2]; // same as +90° about z, opposite sign
    const mid = math.quatSlerp(a, b, 0.5);
    close(mid, math.quatFromAxisAngle([0, 0, 1], Math.PI / 4));
    const keys = new Float32Array([0, 0, 0, 1, 0, 0, -0.1, -0.99]);
    math.makeQuaternionsContinuous(keys);
    expect(keys[7]).toBeGreaterThan(0);
    close(math.quatRotateVec3(math.quatFromAxisAngle([0, 0, 1], Math.PI / 2), [1, 0, 0]), [0, 1, 0]);
    close(math.transpose(math.transpose(math.fromTRS([1, 2, 3]))), math.fromTRS([1, 2, 3]));
  });
});

describe('scene utilities', () => {
  it('evaluates world matrices down the tree', () => {
    const scene = createScene('t');
    const a = addNode(scene, { name: 'a', translation: [1, 0, 0] });
    const b = addNode(scene, { name: 'b', rotation: math.quatFromAxisAngle([0, 0, 1], Math.PI / 2) }, a);
    const c = addNode(scene, { name: 'c', translation: [1, 0, 0] }, b);
    const world = computeWorldMatrices(scene);
    close(world.subarray(c * 16 + 12, c * 16 + 15), [1, 1, 0]);
  });

  it('samples LINEAR, STEP and CUBICSPLINE channels and holds outside the keys', () => {
    const times = new Float32Array([1, 3]);
    const linear = { node: 0, path: 'translation' as const, interpolation: 'LINEAR' as const, times, values: new Float32Array([0, 0, 0, 2, 4, 6]) };
    const out = new Float32Array(3);
    close(sampleChannel(linear, 2, out), [1, 2, 3]);
    close(sampleChannel(linear, 0, out), [0, 0, 0]);
    close(sampleChannel(linear, 9, out), [2, 4, 6]);
    close(sampleChannel({ ...linear, interpolation: 'STEP' }, 2.9, out), [0, 0, 0]);
    // Cubic with zero tangents: smoothstep between the values.
    const cubic = { ...linear, interpolation: 'CUBICSPLINE' as const, values: new Float32Array([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 4, 6, 0, 0, 0]) };
    close(sampleChannel(cubic, 2, out), [1, 2, 3]);
    close(sampleChannel(cubic, 1.5, out), [2 * 0.15625, 4 * 0.15625, 6 * 0.15625]);
  });

  it('computes rest and posed bounds of a skinned, morphed mesh', () => {
    const scene = validScene();
    const rest = computeBounds(scene);
    close(rest.min, [0, 0, 0]);
    close(rest.max, [1, 2, 0]);
    // At t = 1 the upper joint has turned 90° about z around (0,1,0): (1,2,0) → (-1,2,0) and
    // (0,2,0) → (-1,1,0); the morph target pushes everything +1 in z.
    const posed = computeBounds(scene, { animation: 'bend', time: 1 });
    close(posed.min, [-1, 0, 1]);
    close(posed.max, [1, 2, 1]);
    let calls = 0;
    const counted = computeBounds(scene, {
      animation: 'bend',
      time: 1,
      skin: (...args) => {
        calls++;
        skinVerticesReference(...args);
      },
    });
    expect(calls).toBe(1);
    expect(counted).toEqual(posed);
    const pose = sampleAnimation(scene, 0, 0.5);
    expect(pose.weights.get(3)?.[0]).toBeCloseTo(0.5);
  });

  it('measures only LOD level 0 by default', () => {
    const scene = createScene('t');
    const root = addNode(scene, { name: 'lod' });
    scene.meshes.push(
      { name: 'hi', primitives: [{ attributes: { POSITION: new Float32Array([0, 0, 0, 1, 1, 1, 0, 1, 0]) } }] },
      { name: 'lo', primitives: [{ attributes: { POSITION: new Float32Array([0, 0, 0, 5, 5, 5, 0, 5, 0]) } }] },
    );
    const a = addNode(scene, { name: 'l0', mesh: 0 }, root);
    const b = addNode(scene, { name: 'l1', mesh: 1 }, root);
    scene.nodes[root].lods = [{ node: a }, { node: b }];
    expect(computeBounds(scene).max).toEqual([1, 1, 1]);
    expect(computeBounds(scene, { lod: 1 }).max).toEqual([5, 5, 5]);
  });

  it('builds corner normals from smoothing groups', () => {
    // Two faces folded 90° along the x axis: one shares smoothing group 1, then none.
    const positions = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1];
    const corners = [0, 1, 2, 1, 0, 3];
    const flat = cornerNormals(positions, corners, [smoothingMask([1]), smoothingMask([2])]);
    close(flat.subarray(0, 3), [0, 0, 1]);
    close(flat.subarray(9, 12), [0, 1, 0]); // (1,0,0)→(0,0,0)→(0,0,1) is CCW seen from +y
    const smooth = cornerNormals(positions, corners, [1, 1]);
    close(smooth.subarray(0, 3), [0, Math.SQRT1_2, Math.SQRT1_2]);
    close(smooth.subarray(6, 9), [0, 0, 1]); // position 2 touches only the first face
    expect(compactIndices([1, 2], 10)).toBeInstanceOf(Uint16Array);
    expect(compactIndices([1, 2], 70000)).toBeInstanceOf(Uint32Array);
    const wide = new Uint32Array([1, 70000]);
    expect(compactIndices(wide, 70001)).toBe(wide); // already the right type: no copy
    const narrow = new Uint16Array([1, 2]);
    expect(compactIndices(narrow, 3)).toBe(narrow);
    expect(Array.from(compactIndices(new Uint32Array([1, 2]), 3))).toEqual([1, 2]);
  });
});

describe('colour', () => {
  it('converts legacy sRGB colours to linear factors and back', async () => {
    const { srgbToLinear, linearToSrgb, linearColor, linearRgb } = await import('../src/index.js');
    expect(srgbToLinear(0)).toBe(0);
    expect(srgbToLinear(1)).toBeCloseTo(1, 10);
    expect(srgbToLinear(0.5)).toBeCloseTo(0.21404, 4); // the sRGB curve, not a 2.2 power (0.2176)
    expect(srgbToLinear(0.02)).toBeCloseTo(0.02 / 12.92, 10);
    expect(linearToSrgb(srgbToLinear(0.7))).toBeCloseTo(0.7, 6);
    expect(linearColor([0.5, 2, -1, 0.25])).toEqual([srgbToLinear(0.5), 1, 0, 0.25]);
    expect(linearColor([1, 1, 1])).toEqual([1, 1, 1, 1]);
    expect(linearRgb([NaN, 1, 0])).toEqual([0, 1, 0]);
  });
});
