/** The hot loops of a material block: its triangles over its own vertices, and those vertices gathered. */
import type { Primitive } from '@relic3d/core';
import { activePath, compactTriangles, gatherRecords, type GatherField, type KernelMode } from '@relic3d/kernels';
import type { O3dGeometry, O3dMaterialBlock } from '../file.js';
import { HOST_IS_LITTLE_ENDIAN } from '../read/host-endian.js';
import { NORMAL_VERTEX_FIELDS, SKIN_VERTEX_BYTES, SKIN_VERTEX_FIELDS } from '../read/layout.js';
import { vertexRecordsOf, type VertexRecords } from '../read/vertex-records.js';

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

/** The fields gathered from each layout: position and normal with z mirrored (0 − z), uv as stored. */
const GATHER_NORMAL: GatherField[] = [
  { offset: NORMAL_VERTEX_FIELDS.positions.offset, components: 3, negate: 2 },
  { offset: NORMAL_VERTEX_FIELDS.normals.offset, components: 3, negate: 2 },
  { offset: NORMAL_VERTEX_FIELDS.uvs.offset, components: 2 },
];
const GATHER_SKIN: GatherField[] = [
  { offset: SKIN_VERTEX_FIELDS.positions.offset, components: 3, negate: 2 },
  { offset: SKIN_VERTEX_FIELDS.normals.offset, components: 3, negate: 2 },
  { offset: SKIN_VERTEX_FIELDS.uvs.offset, components: 2 },
];

/**
 * POSITION, NORMAL and TEXCOORD_0 of the source vertices, z mirrored, non-finite values written as 0
 * and counted: gather, mirror and scrub in one pass over new arrays (the file's stay untouched),
 * straight from the vertex records where the parse left them (no columns split first), else from
 * the columns. From records this is the kernels' `gatherRecords`: its SIMD build reads the records
 * where `withInput` placed the input; its twin (every other path) reads them as floats, aligned once
 * per geometry.
 */
export function gatherVertices(g: O3dGeometry, source: Uint32Array, kernels?: KernelMode): { attributes: Primitive['attributes']; notFinite: number } {
  const records = HOST_IS_LITTLE_ENDIAN ? vertexRecordsOf(g) : undefined;
  if (!records) return gatherColumns(g.positions, g.normals, g.uvs, source);
  const bytes = activePath({ kernels }) === 'simd' ? records.bytes : alignedRecords(records);
  const fields = records.stride === SKIN_VERTEX_BYTES ? GATHER_SKIN : GATHER_NORMAL;
  const { arrays, notFinite } = gatherRecords(bytes, records.stride, source, fields, { kernels });
  return { attributes: { POSITION: arrays[0], NORMAL: arrays[1], TEXCOORD_0: arrays[2] }, notFinite };
}

/** The records 4-aligned: themselves, or a copy made once per geometry (one memcpy). */
function alignedRecords(records: VertexRecords): Uint8Array {
  if ((records.bytes.byteOffset & 3) === 0) return records.bytes;
  // A copy, not `slice()`: a Node Buffer's slice is a view at the same unaligned offset.
  const f = (records.floats ??= new Float32Array(new Uint8Array(records.bytes).buffer));
  return new Uint8Array(f.buffer, f.byteOffset, f.byteLength);
}

/** The gather from columns (a geometry built elsewhere): vertex s's position at p[3s …], normal at nm[3s …], uv at t[2s …]. */
function gatherColumns(p: Float32Array, nm: Float32Array, t: Float32Array, source: Uint32Array) {
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
    const a = source[v] * 3, c = source[v] * 2;
    positions[o3] = finite(p[a]);
    positions[o3 + 1] = finite(p[a + 1]);
    positions[o3 + 2] = finite(0 - p[a + 2]);
    normals[o3] = finite(nm[a]);
    normals[o3 + 1] = finite(nm[a + 1]);
    normals[o3 + 2] = finite(0 - nm[a + 2]);
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
