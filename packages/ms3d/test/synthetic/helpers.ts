// Shared helpers for the synthetic MS3D tests: scene validation, FormatError capture, skinned poses.
import {
  computeSkinMatrices,
  computeWorldMatrices,
  FormatError,
  sampleAnimation,
  skinVerticesReference,
  validateScene,
  type Scene,
} from '@relic3d/core';
import { expect } from 'vitest';
import { parseSync } from '../../src/index.js';

export const S = Math.SQRT1_2;
export const PI2 = Math.PI / 2;

export function valid(scene: Scene): Scene {
  expect(validateScene(scene)).toEqual([]);
  return scene;
}

export function expectError(bytes: Uint8Array, code?: string): FormatError {
  try {
    parseSync(bytes);
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError);
    if (code) expect((e as FormatError).code).toBe(code);
    return e as FormatError;
  }
  throw new Error('expected a FormatError');
}

/** Skinned positions of every file vertex at `time`, keyed by file vertex index. */
export function posed(scene: Scene, time: number | undefined): Map<number, number[]> {
  const pose = time === undefined ? undefined : sampleAnimation(scene, 0, time);
  const world = computeWorldMatrices(scene, pose?.locals);
  const jm = computeSkinMatrices(scene, 0, world);
  const out = new Map<number, number[]>();
  for (const p of scene.meshes[0].primitives) {
    const result = new Float32Array(p.attributes.POSITION.length);
    skinVerticesReference(p.attributes.POSITION, p.attributes.JOINTS_0!, p.attributes.WEIGHTS_0!, jm, result);
    const src = p.extras!.sourceVertices as Uint32Array;
    src.forEach((v, i) => out.set(v, Array.from(result.subarray(i * 3, i * 3 + 3))));
  }
  return out;
}

export function near(a: number[] | undefined, b: number[], digits = 4) {
  expect(a).toBeDefined();
  a!.forEach((v, i) => expect(v).toBeCloseTo(b[i], digits));
}
