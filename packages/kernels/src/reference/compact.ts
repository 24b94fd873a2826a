// TypeScript twin of assembly/compact.ts: triangles over a subset of a shared vertex list,
// renumbered by first use, winding reversed.
import { expectArray, expectCount } from '../guard.js';

export interface CompactTriangles {
  /** Triangle corners (a, c, b) over the compact vertex set: u16 unless it has more than 65,535 vertices. */
  indices: Uint16Array | Uint32Array;
  /** The stored vertex of each compact vertex. */
  source: Uint32Array;
  /** Triangles skipped for a corner at or past `vertexCount`. */
  dropped: number;
}

export function checkCompact(indices: Uint16Array | Uint32Array, vertexCount: number): void {
  expectArray('indices', indices, Uint16Array, Uint32Array);
  expectCount('vertexCount', vertexCount, 0x7fffffff);
}

/** The compact arrays from the renumbered corners: u16 when the vertices allow, trimmed to what was written. */
export function compactResult(out: Uint16Array | Uint32Array, corners: number, source: Uint32Array, unique: number, triangles: number): CompactTriangles {
  let indices: Uint16Array | Uint32Array = out instanceof Uint32Array && unique <= 0xffff ? Uint16Array.from(out.subarray(0, corners)) : out;
  if (corners < indices.length) indices = indices.slice(0, corners);
  return { indices, source: unique < source.length ? source.subarray(0, unique) : source, dropped: triangles - corners / 3 };
}

/**
 * The triangles `indices` (3 corners each; a trailing partial one is ignored) over their own
 * vertices: a triangle with a corner at or past `vertexCount` is dropped; the others' corners are
 * numbered by first use in the order a, c, b and written as (a, c, b) (glTF's winding from a
 * clockwise file). `remap` (optional scratch: `vertexCount` entries, all -1, left that way) saves
 * an allocation per call when one vertex list has many blocks.
 */
export function compactTrianglesJS(indices: Uint16Array | Uint32Array, vertexCount: number, remap?: Int32Array): CompactTriangles {
  checkCompact(indices, vertexCount);
  const triangles = Math.floor(indices.length / 3);
  const map = remap && remap.length >= vertexCount ? remap : new Int32Array(vertexCount).fill(-1);
  const source = new Uint32Array(Math.min(vertexCount, triangles * 3));
  // At most vertexCount vertices: u16 indices unless there are 65,536.
  const out = vertexCount <= 0xffff ? new Uint16Array(triangles * 3) : new Uint32Array(triangles * 3);
  const { unique, corners } = renumber(indices, triangles, vertexCount, map, source, out);
  for (let v = 0; v < unique; v++) map[source[v]] = -1;
  return compactResult(out, corners, source, unique, triangles);
}

/** The renumbering loop, a leaf function so it is optimised as a whole. */
function renumber(all: Uint16Array | Uint32Array, triangles: number, vertexCount: number, remap: Int32Array, source: Uint32Array, out: Uint16Array | Uint32Array) {
  let unique = 0;
  let o = 0;
  for (let at = 0, end = triangles * 3; at < end; at += 3) {
    const a = all[at], b = all[at + 1], c = all[at + 2];
    if (a >= vertexCount || b >= vertexCount || c >= vertexCount) continue;
    let ra = remap[a];
    if (ra < 0) {
      ra = remap[a] = unique;
      source[unique++] = a;
    }
    let rc = remap[c];
    if (rc < 0) {
      rc = remap[c] = unique;
      source[unique++] = c;
    }
    let rb = remap[b];
    if (rb < 0) {
      rb = remap[b] = unique;
      source[unique++] = b;
    }
    out[o++] = ra;
    out[o++] = rc;
    out[o++] = rb;
  }
  return { unique, corners: o };
}
