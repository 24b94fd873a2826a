/**
 * The GMObject's vertex list (unique positions) and its vertex-buffer → list map (IIB), as the
 * exporter wrote them (docs/formats/o3d.md §2.4): positions equal to the bit are one entry. An open
 * hash over the float bits keeps this linear.
 */

export interface VertexList {
  /** Unique positions, xyz each. */
  list: Float32Array;
  /** Vertex-buffer vertex → list entry. */
  map: Uint16Array;
  /** The first vertex-buffer vertex of each list entry. */
  first: Uint32Array;
}

export function vertexList(positions: Float32Array): VertexList {
  const count = positions.length / 3;
  const bits = new Uint32Array(positions.buffer, positions.byteOffset, positions.length);
  let size = 16;
  while (size < count * 2) size <<= 1;
  const table = new Int32Array(size).fill(-1);
  const map = new Uint16Array(count);
  const first = new Uint32Array(count);
  const list = new Float32Array(count * 3);
  let unique = 0;
  for (let v = 0; v < count; v++) {
    const x = bits[v * 3], y = bits[v * 3 + 1], z = bits[v * 3 + 2];
    // Float bits of round numbers end in zeros: mix every bit into the low ones (murmur3's finaliser).
    let h = Math.imul(x, 0x9e3779b1) ^ Math.imul(y ^ (y >>> 15), 0x85ebca6b) ^ Math.imul(z ^ (z >>> 13), 0xc2b2ae35) ^ (x >>> 16);
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
    for (;;) {
      h &= size - 1;
      const e = table[h];
      if (e < 0) {
        table[h] = unique;
        first[unique] = v;
        list[unique * 3] = positions[v * 3];
        list[unique * 3 + 1] = positions[v * 3 + 1];
        list[unique * 3 + 2] = positions[v * 3 + 2];
        map[v] = unique++;
        break;
      }
      const f = first[e];
      if (bits[f * 3] === x && bits[f * 3 + 1] === y && bits[f * 3 + 2] === z) {
        map[v] = e;
        break;
      }
      h++;
    }
  }
  return { list: list.slice(0, unique * 3), map, first: first.slice(0, unique) };
}
