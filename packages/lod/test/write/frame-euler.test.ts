// write/frame-euler.ts is core's normalise, hypots and Euler steps and axes.ts's conjugation written
// out in one leaf: its angles against the originals, value for value (signed zeros and NaN told apart).
import { math } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { rng } from '@relic3d/test-harness';
import { writeAxisFor } from '../../src/write/axes.js';
import { frameEuler } from '../../src/write/frame-euler.js';

/** The steps frameEuler replaces: quatNormalizeInto (a sampled key), the axis's quatInto, eulerXYZFromQuatInto. */
function original(q: Float32Array | Float64Array, normalize: boolean, up: 'y' | 'z'): Float64Array {
  const unit = new Float64Array(4), turned = new Float64Array(4), out = new Float64Array(3);
  if (normalize) math.quatNormalizeInto(q, unit, 0);
  else unit.set(q);
  math.eulerXYZFromQuatInto(writeAxisFor(up).quatInto(unit, turned, 0), out, 0);
  return out;
}

describe('frameEuler', () => {
  it('gives the original steps’ values for random, tiny, huge, axis-aligned, zero, signed-zero, infinite and NaN rotations, on both axes', () => {
    const random = rng(2525);
    const quats: number[][] = [];
    for (let i = 0; i < 5000; i++) {
      const q = [random() * 2 - 1, random() * 2 - 1, random() * 2 - 1, random() * 2 - 1];
      const scale = [1, 1e-30, 1e30, 0.5][i % 4];
      quats.push(q.map((v) => v * scale));
    }
    quats.push([0, 0, 0, 1], [0, 0, 0, -1], [-0, 0, -0, 1], [1, 0, 0, 0], [0, 0, 0, 0], [-0, -0, -0, -0], [0, 0.7071068, 0, 0.7071068]);
    quats.push([Infinity, 0, 0, 1], [NaN, 0, 0, 1], [NaN, Infinity, 0, 1], [3e38, 3e38, 0, 0]);
    const wrong: string[] = [];
    let compared = 0;
    for (const q of quats) {
      for (const normalize of [true, false]) {
        for (const up of ['y', 'z'] as const) {
          const input = normalize ? Float32Array.from(q) : Float64Array.from(q);
          const out = new Float64Array(4).fill(7);
          frameEuler(input, 0, normalize, up === 'z', out, 1);
          const expected = original(input, normalize, up);
          compared++;
          if (![0, 1, 2].every((k) => Object.is(out[k + 1], expected[k])) || out[0] !== 7) wrong.push(`${q} ${normalize} ${up}: ${Array.from(out)} ≠ ${Array.from(expected)}`);
        }
      }
    }
    expect(compared).toBe((5000 + 11) * 4);
    expect(wrong).toEqual([]);
  });
});
