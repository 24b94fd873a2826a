/**
 * The GMObject's vertex list (unique positions) and its vertex-buffer → list map (IIB), as the
 * exporter wrote them (docs/formats/o3d.md §2.4): positions equal to the bit are one entry. An open
 * hash over the float bits keeps this linear; the object's box is taken in the same pass.
 */

export interface VertexList {
  /** Unique positions, xyz each (the positions array itself when all are distinct). */
  list: Float32Array;
  /** Vertex-buffer vertex → list entry. */
  map: Uint16Array;
  /** The first vertex-buffer vertex of each list entry. */
  first: Uint32Array;
  /** The box of the positions (0, 0, 0 for none). */
  min: [number, number, number];
  max: [number, number, number];
}

/** Hash bits above the entry kept in each slot, so that a collision rarely reads the positions. */
const TAG = 0xffff0000 | 0;

/** Positions of at most 65,535 vertices (an object's WORD indices) → their list, map and box. */
export function vertexList(positions: Float32Array): VertexList {
  const count = positions.length / 3;
  // Int32 words: Uint32 values past 2^31 are not small integers, and would slow every compare.
  const bits = new Int32Array(positions.buffer, positions.byteOffset, positions.length);
  let size = 16;
  while (size < count * 2) size <<= 1;
  const mask = size - 1;
  // Per slot: the tag of the hash | entry + 1 (0: empty, so a fresh table needs no fill). One
  // word per slot (512 KB for 65,535 vertices) stays in a core's cache, where entry + hash pairs did not.
  const table = new Int32Array(size);
  const map = new Uint16Array(count);
  const first = new Uint32Array(count);
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
  let unique = 0;
  for (let v = 0; v < count; v++) {
    const px = positions[v * 3], py = positions[v * 3 + 1], pz = positions[v * 3 + 2];
    if (px < x0) x0 = px;
    if (px > x1) x1 = px;
    if (py < y0) y0 = py;
    if (py > y1) y1 = py;
    if (pz < z0) z0 = pz;
    if (pz > z1) z1 = pz;
    const x = bits[v * 3], y = bits[v * 3 + 1], z = bits[v * 3 + 2];
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
        first[unique] = v;
        map[v] = unique++;
        break;
      }
      if ((t & TAG) !== tag) continue;
      const e = (t & 0xffff) - 1;
      const f = first[e] * 3;
      if (bits[f] === x && bits[f + 1] === y && bits[f + 2] === z) {
        map[v] = e;
        break;
      }
    }
  }
  const box = count ? { min: [x0, y0, z0] as [number, number, number], max: [x1, y1, z1] as [number, number, number] } : { min: [0, 0, 0] as [number, number, number], max: [0, 0, 0] as [number, number, number] };
  // All distinct (the usual case): the list is the positions themselves.
  if (unique === count) return { list: positions, map, first, ...box };
  const list = new Float32Array(unique * 3);
  for (let u = 0; u < unique; u++) {
    const v = first[u];
    list[u * 3] = positions[v * 3];
    list[u * 3 + 1] = positions[v * 3 + 1];
    list[u * 3 + 2] = positions[v * 3 + 2];
  }
  return { list, map, first: first.slice(0, unique), ...box };
}
