/** The hot loops of a material block: its triangles over its own vertices, and those vertices gathered. */
import type { Primitive } from '@relic3d/core';
import { compactTriangles, type KernelMode } from '@relic3d/kernels';
import type { O3dGeometry, O3dMaterialBlock } from '../file.js';
import { HOST_IS_LITTLE_ENDIAN } from '../read/host-endian.js';
import { NORMAL_VERTEX_FIELDS, SKIN_VERTEX_BYTES, SKIN_VERTEX_FIELDS } from '../read/layout.js';
import { vertexRecordsOf } from '../read/vertex-records.js';

export interface CompactBlock {
  /** Triangle corners (a, c, b) over the compact vertex set. */
  indices: Uint16Array | Uint32Array;
  /** Stored vertex of each compact vertex. */
  source: Uint32Array;
  /** Triangles dropped for an index past the vertices. */
  dropped: number;
}

/**
 * A block's triangles, winding reversed (a, c, b), over its own vertices numbered in order of first
 * use: the kernels' `compactTriangles` (WASM once ready; its twin fuses filtering, winding and u16
 * output, where `unweldByVertex` plus those passes measured 1.3–3.4× slower on this step).
 * `remap` holds -1 for every vertex and is left that way (the twin's scratch).
 */
export function compactBlock(all: Uint16Array, block: O3dMaterialBlock, vertexCount: number, remap: Int32Array, kernels?: KernelMode): CompactBlock {
  const start = block.startIndex;
  const { indices, source, dropped } = compactTriangles(all.subarray(start, start + block.primitiveCount * 3), vertexCount, remap, { kernels });
  return { indices, source, dropped };
}

/** Vertices of a geometry: its records' count, or its columns'. */
export function vertexCountOf(g: O3dGeometry): number {
  return vertexRecordsOf(g)?.count ?? g.positions.length / 3;
}

/**
 * POSITION, NORMAL and TEXCOORD_0 of the source vertices, z mirrored, non-finite values written as 0
 * and counted: gather, mirror and scrub in one pass over new arrays (the file's stay untouched),
 * straight from the vertex records where the parse left them (no columns split first), else from
 * the columns. Runs on every path: a WASM gather from the records measured no faster (1.47 vs
 * 1.50 ms for a 65,535-vertex object in 4 blocks, one run, load 24), so it was not kept.
 */
export function gatherVertices(g: O3dGeometry, source: Uint32Array): { attributes: Primitive['attributes']; notFinite: number } {
  const records = HOST_IS_LITTLE_ENDIAN ? vertexRecordsOf(g) : undefined;
  if (!records) return gatherColumns(g.positions, 3, 0, g.normals, 3, 0, g.uvs, 2, 0, source);
  // Floats of each record; the normal and uv offsets of its layout.
  const f = (records.floats ??= recordFloats(records.bytes));
  const fields = records.stride === SKIN_VERTEX_BYTES ? SKIN_VERTEX_FIELDS : NORMAL_VERTEX_FIELDS;
  const w = records.stride >> 2;
  return gatherColumns(f, w, 0, f, w, fields.normals.offset >> 2, f, w, fields.uvs.offset >> 2, source);
}

/** The records as a Float32Array: a view when 4-aligned, else an aligned copy (one memcpy). */
function recordFloats(bytes: Uint8Array): Float32Array {
  // A copy, not `slice()`: a Node Buffer's slice is a view at the same unaligned offset.
  const aligned = (bytes.byteOffset & 3) === 0 ? bytes : new Uint8Array(bytes);
  return new Float32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >> 2);
}

/** The gather: vertex s's position at p[s × ps + po …], normal at n[s × ns + no …], uv at t[s × ts + to …]. */
function gatherColumns(p: Float32Array, ps: number, po: number, nm: Float32Array, ns: number, no: number, t: Float32Array, ts: number, to: number, source: Uint32Array) {
  const n = source.length;
  const positions = new Float32Array(n * 3);
  const normals = new Float32Array(n * 3);
  const uvs = new Float32Array(n * 2);
  let bad = 0;
  // `x - x === 0` holds exactly for finite x (NaN and ±infinity give NaN).
  const finite = (x: number): number => {
    if (x - x === 0) return x;
    bad++;
    return 0;
  };
  for (let v = 0, o3 = 0, o2 = 0; v < n; v++, o3 += 3, o2 += 2) {
    const s = source[v];
    const a = s * ps + po, b = s * ns + no, c = s * ts + to;
    positions[o3] = finite(p[a]);
    positions[o3 + 1] = finite(p[a + 1]);
    positions[o3 + 2] = finite(0 - p[a + 2]);
    normals[o3] = finite(nm[b]);
    normals[o3 + 1] = finite(nm[b + 1]);
    normals[o3 + 2] = finite(0 - nm[b + 2]);
    uvs[o2] = finite(t[c]);
    uvs[o2 + 1] = finite(t[c + 1]);
  }
  const attributes: Primitive['attributes'] = { POSITION: positions, NORMAL: normals, TEXCOORD_0: uvs };
  return { attributes, notFinite: bad };
}

/** Whether `source` lists vertices 0..count-1 in order. */
export function isIdentity(source: Uint32Array, count: number): boolean {
  if (source.length !== count) return false;
  for (let v = 0; v < count; v++) if (source[v] !== v) return false;
  return true;
}
