import { describe, expect, it } from 'vitest';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { skinVerticesReference as coreSkinVertices } from '@relic3d/core';
import { skinVertices } from '../src/index.js';
import { bakeAnimationJS, eulerToQuaternionsJS, skinVerticesJS } from '../src/reference.js';
import { dumpMs3d } from '@relic3d/fixtures/dumps';
import { maxRelError, randomFloats, rng, variants } from './setup.js';

function randomSkin(seed: number, count: number, jointCount: number) {
  const random = rng(seed);
  const joints = Uint16Array.from({ length: count * 4 }, () => Math.floor(random() * (jointCount + 2))); // some past the matrices
  const weights = Float32Array.from({ length: count * 4 }, () => (random() < 0.3 ? 0 : random()));
  return {
    positions: randomFloats(random, count * 3, 50),
    normals: randomFloats(random, count * 3, 1),
    joints,
    weights,
    matrices: randomFloats(random, jointCount * 16, 2),
  };
}

describe('skinVertices', () => {
  it('TypeScript reference is core skinVertices, bit for bit', () => {
    const s = randomSkin(1, 2000, 30);
    const [a, b, an, bn] = [new Float32Array(6000), new Float32Array(6000), new Float32Array(6000), new Float32Array(6000)];
    skinVerticesJS(s.positions, s.joints, s.weights, s.matrices, a, s.normals, an);
    coreSkinVertices(s.positions, s.joints, s.weights, s.matrices, b, s.normals, bn);
    expect(a).toEqual(b);
    expect(an).toEqual(bn);
  });

  it('SIMD and scalar WASM equal the reference within f32 rounding (positions and normals)', async () => {
    for (const [seed, count] of [[2, 0], [3, 1], [4, 5], [5, 3001]]) {
      const s = randomSkin(seed, count, 17);
      const ref = new Float32Array(count * 3), refN = new Float32Array(count * 3);
      skinVerticesJS(s.positions, s.joints, s.weights, s.matrices, ref, s.normals, refN);
      for (const variant of await variants()) {
        const out = new Float32Array(count * 3 + 1).fill(7), outN = new Float32Array(count * 3 + 1).fill(7);
        skinVertices(s.positions, s.joints, s.weights, s.matrices, out, s.normals, outN, { variant });
        expect(maxRelError(out.subarray(0, count * 3), ref)).toBeLessThan(1e-5);
        expect(maxRelError(outN.subarray(0, count * 3), refN)).toBeLessThan(1e-5);
        expect(out[count * 3]).toBe(7); // nothing written past the vertices
        expect(outN[count * 3]).toBe(7);
        const only = new Float32Array(count * 3);
        skinVertices(s.positions, s.joints, s.weights, s.matrices, only, s.normals, undefined, { variant });
        expect(only).toEqual(out.subarray(0, count * 3));
      }
    }
  });

  it('refuses arrays too short for the vertex count', async () => {
    const s = randomSkin(6, 10, 3);
    for (const options of [{ kernels: 'js' as const }, ...(await variants()).map((variant) => ({ variant }))]) {
      expect(() => skinVertices(s.positions, s.joints.subarray(0, 39), s.weights, s.matrices, new Float32Array(30), undefined, undefined, options)).toThrow(RangeError);
      expect(() => skinVertices(s.positions, s.joints, s.weights.subarray(0, 4), s.matrices, new Float32Array(30), undefined, undefined, options)).toThrow(RangeError);
      expect(() => skinVertices(s.positions, s.joints, s.weights, s.matrices, new Float32Array(29), undefined, undefined, options)).toThrow(RangeError);
      expect(() => skinVertices(s.positions, s.joints, s.weights, s.matrices, new Float32Array(30), s.normals, new Float32Array(3), options)).toThrow(RangeError);
    }
  });

  const ms3d = corpusFiles('ms3d', '.ms3d');
  it.runIf(ms3d.length > 0)('MS3D corpus: rigidly bound vertices posed by the rest skeleton agree with core', async () => {
    for (const entry of ms3d) {
      const bytes = readCorpusFile(entry);
      const d = dumpMs3d(bytes);
      const n = d.joints.length;
      if (!n || !d.vertexCount) continue;
      const dv = new DataView(bytes.buffer, bytes.byteOffset);
      const positions = new Float32Array(d.vertexCount * 3);
      const joints = new Uint16Array(d.vertexCount * 4);
      const weights = new Float32Array(d.vertexCount * 4);
      for (let v = 0; v < d.vertexCount; v++) {
        const at = d.verticesAt + v * 15;
        for (let c = 0; c < 3; c++) positions[v * 3 + c] = dv.getFloat32(at + 1 + c * 4, true);
        const bone = dv.getInt8(at + 13);
        joints[v * 4] = bone < 0 ? 0 : bone;
        weights[v * 4] = bone < 0 ? 0 : 1;
      }
      const index = new Map(d.joints.map((j, i) => [j.name, i]));
      const parents = d.joints.map((j) => (j.parent ? (index.get(j.parent) ?? -1) : -1));
      const rest = {
        parents,
        inverseBindMatrices: new Float32Array(n * 16),
        restTranslation: Float32Array.from(d.joints.flatMap((j) => j.position)),
        restRotation: eulerToQuaternionsJS(Float32Array.from(d.joints.flatMap((j) => j.rotation))),
        frameTimes: new Float32Array([0]),
      };
      for (let j = 0; j < n; j++) rest.inverseBindMatrices.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], j * 16);
      // Any matrices will do for parity; the rest world matrices move vertices a lot.
      const matrices = bakeAnimationJS(rest);
      const ref = new Float32Array(positions.length);
      coreSkinVertices(positions, joints, weights, matrices, ref);
      for (const variant of await variants()) {
        const out = new Float32Array(positions.length);
        skinVertices(positions, joints, weights, matrices, out, undefined, undefined, { variant });
        expect(maxRelError(out, ref)).toBeLessThan(1e-4);
      }
    }
  });
});
