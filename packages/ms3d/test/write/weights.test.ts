// packVertex (src/write/weights.ts) is a leaf over locals; this is the plain form it replaced (arrays,
// insertion sort, a largest-remainder loop), kept as the reference both must match bit for bit.
import { describe, expect, it } from 'vitest';
import { packVertex, type PackedSkinArrays } from '../../src/write/weights.js';

function referencePack(J: ArrayLike<number>, W: ArrayLike<number>, ms3d: Int32Array, v: number, dropped: { count: number }, out: PackedSkinArrays): number {
  const joint: number[] = [], weight: number[] = [];
  let total = 0, weighted = 0;
  for (let k = 0; k < 4; k++) {
    const idx = J[v * 4 + k], w = W[v * 4 + k];
    if (!(idx < ms3d.length && w > 0 && Number.isFinite(w))) continue;
    weighted = 1;
    const j = ms3d[idx];
    if (!(j >= 0)) continue;
    const at = joint.indexOf(j);
    if (at < 0) joint.push(j), weight.push(w);
    else weight[at] += w;
    total += w;
  }
  out.boneIds[v] = -1;
  out.extraIds.fill(-1, v * 3, v * 3 + 3);
  out.extraWeights.fill(0, v * 3, v * 3 + 3);
  if (joint.length === 0) return weighted;
  if (joint.length === 1) return (out.boneIds[v] = joint[0]), (out.extraWeights[v * 3] = 100), weighted;
  const order = joint.map((_, i) => i).sort((a, b) => weight[b] - weight[a] || a - b);
  const share = order.map((i) => (weight[i] / total) * 100);
  const percent = share.map(Math.floor);
  for (let left = 100 - percent.reduce((a, b) => a + b, 0); left > 0; left--) {
    let best = 0, bestRest = -1;
    share.forEach((s, k) => {
      if (s - percent[k] > bestRest + 1e-12) (best = k), (bestRest = s - percent[k]);
    });
    percent[best]++;
  }
  const kept = order.map((i, k) => [joint[i], percent[k]]).filter(([, p]) => p !== 0);
  dropped.count += joint.length - kept.length;
  out.boneIds[v] = kept[0][0];
  kept.slice(1).forEach(([j], k) => (out.extraIds[v * 3 + k] = j));
  kept.slice(0, 3).forEach(([, p], k) => (out.extraWeights[v * 3 + k] = p));
  return weighted;
}

describe('packVertex', () => {
  it('packs 40,000 random vertices as the plain largest-remainder form does, byte for byte (ties, repeats, 0 % drops, NaN, ±Infinity, joints outside the skin)', () => {
    let seed = 2024;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const n = 40000;
    const J = new Uint16Array(n * 4), W = new Float32Array(n * 4);
    const specials = [0, -0.1, NaN, Infinity, -Infinity, 1e-6, 0.25, 0.5, 1, 1 / 3, 2 / 3, 0.004, 0.005, 0.006, 1e30];
    for (let i = 0; i < n * 4; i++) {
      J[i] = Math.floor(random() * 12);
      const r = random();
      W[i] = r < 0.3 ? specials[Math.floor(random() * specials.length)] : r < 0.5 ? Math.round(random() * 100) / 100 : random();
    }
    const ms3d = Int32Array.from({ length: 10 }, (_, i) => (i === 7 ? -1 : i % 6));
    const made = () => ({ boneIds: new Int8Array(n), extraIds: new Int8Array(n * 3), extraWeights: new Uint8Array(n * 3) });
    const a = made(), b = made(), droppedA = { count: 0 }, droppedB = { count: 0 };
    let weightedA = 0, weightedB = 0;
    for (let v = 0; v < n; v++) (weightedA += packVertex(J, W, ms3d, v, droppedA, a)), (weightedB += referencePack(J, W, ms3d, v, droppedB, b));
    expect([weightedA, droppedA.count]).toEqual([weightedB, droppedB.count]);
    expect(droppedA.count).toBeGreaterThan(1000);
    expect(Buffer.from(a.boneIds.buffer).equals(Buffer.from(b.boneIds.buffer))).toBe(true);
    expect(Buffer.from(a.extraIds.buffer).equals(Buffer.from(b.extraIds.buffer))).toBe(true);
    expect(Buffer.from(a.extraWeights.buffer).equals(Buffer.from(b.extraWeights.buffer))).toBe(true);
  });

  it('rounds 1/3 each to 34, 33, 33 (the earlier influence takes the point) and drops a 0.4 % influence', () => {
    const out = { boneIds: new Int8Array(2), extraIds: new Int8Array(6), extraWeights: new Uint8Array(6) };
    const dropped = { count: 0 };
    const ms3d = Int32Array.from([0, 1, 2, 3]);
    packVertex([2, 0, 1, 3, 0, 1, 2, 3], Float32Array.from([1, 1, 1, 0, 0.996, 0.004, 0, 0]), ms3d, 0, dropped, out);
    packVertex([2, 0, 1, 3, 0, 1, 2, 3], Float32Array.from([1, 1, 1, 0, 0.996, 0.004, 0, 0]), ms3d, 1, dropped, out);
    expect([Array.from(out.boneIds), Array.from(out.extraIds), Array.from(out.extraWeights), dropped.count]).toEqual([[2, 0], [0, 1, -1, -1, -1, -1], [34, 33, 33, 100, 0, 0], 1]);
  });
});
