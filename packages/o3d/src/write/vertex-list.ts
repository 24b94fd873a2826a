/**
 * The GMObject's vertex list (unique positions) and its vertex-buffer → list map (IIB), as the
 * exporter wrote them (docs/formats/o3d.md §2.4): written positions equal to the bit are one entry.
 * An open hash over the float bits keeps this linear. It reads the scene's arrays through the
 * object's spans (Z mirrored as written), writes the list straight into the output, and takes the
 * object's box in the same pass.
 */
import { finishPart, partMemory, type WriteScratch } from './bytes/scratch.js';
import type { Span } from './plan.js';

export interface Weld {
  /** List entries written. */
  unique: number;
  /** The box of the written positions (0, 0, 0 for none). */
  min: [number, number, number];
  max: [number, number, number];
}

/** Hash bits above the entry kept in each slot, so that a collision rarely reads the positions. */
const TAG = 0xffff0000 | 0;
const SIGN = 0x80000000 | 0;

/**
 * Welds an object's `count` (at most 65,535: WORD indices) written vertices: the list's xyz words at
 * `at` of `view`, the map and, with `firsts` (the physique needs them), each entry's first vertex in
 * `scratch` (whose table each weld clears).
 */
export function vertexList(spans: readonly Span[], count: number, view: DataView, at: number, scratch: WriteScratch, firsts: boolean): Weld {
  let size = 16;
  while (size < count * 2) size <<= 1;
  const mask = size - 1;
  // One word per slot (512 KB for 65,535 vertices) stays in a core's cache, where entry + hash pairs did not.
  if (scratch.table.length < size) scratch.table = new Int32Array(size);
  else scratch.table.fill(0, 0, size);
  if (scratch.map.length < count) (scratch.map = new Uint16Array(count)), (scratch.first = new Uint32Array(count));
  const { table, map, first } = scratch;
  const memory = partMemory(view, at, count * 12, 4, scratch);
  const words = new Int32Array(memory.buffer, memory.offset, count * 3);
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
  let unique = 0;
  for (const span of spans) {
    const { order, first: w0 } = span;
    const { positions, mirrored = false } = span.source;
    // Int32 words: Uint32 values past 2^31 are not small integers, and would slow every compare.
    const bits = new Int32Array(positions.buffer, positions.byteOffset, positions.length);
    for (let k = 0, n = span.count; k < n; k++) {
      const v3 = (order === undefined ? k : order[k]) * 3;
      const w = w0 + k;
      // Written: x, y as they are, z as 0 - z (so ±0 is +0).
      const px = positions[v3], py = positions[v3 + 1], pz = mirrored ? positions[v3 + 2] : 0 - positions[v3 + 2];
      if (px < x0) x0 = px;
      if (px > x1) x1 = px;
      if (py < y0) y0 = py;
      if (py > y1) y1 = py;
      if (pz < z0) z0 = pz;
      if (pz > z1) z1 = pz;
      const x = bits[v3], y = bits[v3 + 1], zs = bits[v3 + 2];
      const z = mirrored ? zs : (zs & ~SIGN) === 0 ? 0 : zs ^ SIGN;
      // Float bits of round numbers end in zeros: mix every bit into the low ones (murmur3's finaliser).
      let h = Math.imul(x, 0x9e3779b1) ^ Math.imul(y ^ (y >>> 15), 0x85ebca6b) ^ Math.imul(z ^ (z >>> 13), 0xc2b2ae35) ^ (x >>> 16);
      h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
      h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
      h ^= h >>> 16;
      const tag = h & TAG;
      for (let slot = (h >>> 7) & mask; ; slot = (slot + 1) & mask) {
        const t = table[slot];
        if (t === 0) {
          table[slot] = tag | (unique + 1);
          const u3 = unique * 3;
          words[u3] = x;
          words[u3 + 1] = y;
          words[u3 + 2] = z;
          // Only a skinned object's physique reads them: a store per vertex, and its array beside the table in cache, saved.
          if (firsts) first[unique] = w;
          map[w] = unique++;
          break;
        }
        if ((t & TAG) !== tag) continue;
        const e = (t & 0xffff) - 1;
        const e3 = e * 3;
        if (words[e3] === x && words[e3 + 1] === y && words[e3 + 2] === z) {
          map[w] = e;
          break;
        }
      }
    }
  }
  finishPart(memory, view, at, words.subarray(0, unique * 3));
  if (!count) return { unique, min: [0, 0, 0], max: [0, 0, 0] };
  return { unique, min: [x0, y0, z0], max: [x1, y1, z1] };
}

/**
 * The physique after a weld: the bone of w1 of each list entry's first written vertex (spans and
 * entries both ascend), through `boneMap` when bound to a game skeleton; at `at` of `view`.
 */
export function writePhysique(view: DataView, at: number, spans: readonly Span[], first: Uint32Array, unique: number, boneMap: Int32Array | undefined): void {
  let s = 0;
  for (let u = 0; u < unique; u++) {
    const w = first[u];
    while (w >= spans[s].first + spans[s].count) s++;
    const span = spans[s];
    const bones = span.source.influences?.bones;
    if (!bones) continue;
    const k = w - span.first;
    let bone = bones[(span.order === undefined ? k : span.order[k]) * 2];
    if (boneMap && bone >= 0 && bone < boneMap.length) bone = boneMap[bone];
    view.setInt32(at + u * 4, bone, true);
  }
}
