// The scene path's memory-saving internals give what the stored-structure reader gives.
import { WarningSink } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { readMs3d } from '../src/index.js';
import { readMs3dInto } from '../src/read.js';
import { quad, writeMs3d } from './writer.js';

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
    const lazy = readMs3dInto(bytes, {}, new WarningSink('ms3d'), true);
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
});
