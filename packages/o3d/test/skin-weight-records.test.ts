// The scene reads a material block's O3D skin weights from the 44-byte skin records in place,
// picked by the block's vertex list (unpackO3dWeights with `records`): the same skins as the
// records copied out in that order, on every path, and a weighted joint past the skeleton refused
// (the scene then takes its tolerant loop).
import { describe, expect, it } from 'vitest';
import { ready, simdSupported, type Variant } from '@relic3d/kernels';
import { rng } from '@relic3d/test-harness';
import { unpackO3dWeights } from '../src/read/skin-weights.js';

async function paths(): Promise<({ reference: true } | { variant: Variant })[]> {
  await ready();
  return [{ reference: true }, ...(simdSupported ? (['simd', 'scalar'] as const) : (['scalar'] as const)).map((variant) => ({ variant }))];
}

/** `count` skin vertices (w1 ≥ w2, w1 + w2 = 1 as in every real file, a fifth with w2 = 0 and a junk second index). */
function vertices(seed: number, count: number, slots: number): Uint8Array {
  const random = rng(seed);
  const bytes = new Uint8Array(count * 44);
  const dv = new DataView(bytes.buffer);
  for (let v = 0; v < count; v++) {
    const w1 = random() < 0.2 ? 1 : 0.5 + random() * 0.5, w2 = 1 - w1;
    dv.setFloat32(v * 44 + 12, w1, true);
    dv.setFloat32(v * 44 + 16, w2, true);
    dv.setUint16(v * 44 + 20, Math.floor(random() * slots) * 3, true);
    dv.setUint16(v * 44 + 22, w2 === 0 ? 0xffff : Math.floor(random() * slots) * 3, true);
  }
  return bytes;
}

/** The picked records copied out in order: what the picked read must equal. */
function copyPicked(bytes: Uint8Array, picked: Uint32Array): Uint8Array {
  const out = new Uint8Array(picked.length * 44);
  picked.forEach((r, v) => out.set(bytes.subarray(r * 44, r * 44 + 44), v * 44));
  return out;
}

describe('unpackO3dWeights over picked records', () => {
  it('equals the records copied out in block order, 3,000 random vertices, a 28-slot palette, every path', async () => {
    const bytes = vertices(81, 3000, 28);
    const palette = Array.from({ length: 28 }, (_, k) => (k * 7) % 60);
    // A block's vertex list: first-use order over a strided walk, so records are picked out of order.
    const picked = Uint32Array.from({ length: 1200 }, (_, i) => (i * 7 + 11) % 3000);
    const copied = copyPicked(bytes, picked);
    for (const options of await paths()) {
      const expected = unpackO3dWeights(copied, 1200, palette, { ...options, jointCount: 60 });
      const got = unpackO3dWeights(bytes, 1200, palette, { ...options, jointCount: 60, records: picked });
      expect(got.unskinned).toBe(0);
      expect(Buffer.compare(Buffer.from(got.joints.buffer), Buffer.from(expected.joints.buffer))).toBe(0);
      expect(Buffer.compare(Buffer.from(got.weights.buffer), Buffer.from(expected.weights.buffer))).toBe(0);
    }
  });

  it('without a palette, a weighted index naming a bone past the skeleton throws RangeError; one of weight 0 does not', async () => {
    // Record 0: bone 1 at weight 1, a junk index at weight 0. Record 1: bones 2 and 40 (index 120) at 0.75 / 0.25.
    const bytes = new Uint8Array(88);
    const dv = new DataView(bytes.buffer);
    [[1, 0, 3, 0xffff], [0.75, 0.25, 6, 120]].forEach(([w1, w2, a, b], v) => {
      dv.setFloat32(v * 44 + 12, w1, true);
      dv.setFloat32(v * 44 + 16, w2, true);
      dv.setUint16(v * 44 + 20, a, true);
      dv.setUint16(v * 44 + 22, b, true);
    });
    for (const options of await paths()) {
      expect(() => unpackO3dWeights(bytes, 2, undefined, { ...options, jointCount: 30 })).toThrow(/bone index 120 .* naming one of 30 bones/);
      const s = unpackO3dWeights(bytes, 2, undefined, { ...options, jointCount: 41 });
      expect(Array.from(s.joints)).toEqual([1, 0, 0, 0, 2, 40, 0, 0]);
      // Record 1 then record 0, picked: record 0's junk index has weight 0, so 2 bones are enough.
      const picked = unpackO3dWeights(bytes, 1, undefined, { ...options, jointCount: 2, records: Uint32Array.of(0) });
      expect(Array.from(picked.weights)).toEqual([1, 0, 0, 0]);
      expect(() => unpackO3dWeights(bytes, 1, undefined, { ...options, records: Uint32Array.of(2) })).toThrow(RangeError);
    }
  });
});
